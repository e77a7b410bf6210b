// The admin's 'are you sure?' dialog (delete, cancel, close): a question, the request's error
// inside the dialog, and a cancel and a (red) confirm button that spins while the request runs.
import type { ReactNode } from 'react';
import { Stack, type MantineColor } from '@mantine/core';
import { DialogModal } from '../DialogModal';
import { FormFooter } from './FormFooter';

export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The question; rendered only while the dialog is open, so it may read the item being confirmed. */
  children: ReactNode;
  onConfirm: () => void;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  confirmColor?: MantineColor;
  busy?: boolean;
  error?: string | null;
  centered?: boolean;
  /** Accessible name of the dialog's close (×) button; null leaves Mantine's unnamed button. */
  closeLabel?: string | null;
}

export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  onConfirm,
  confirmLabel = 'Verwijderen',
  confirmColor = 'red',
  centered,
  closeLabel,
  // error, busy and cancelLabel go to the footer as they are
  ...footer
}: ConfirmModalProps) {
  return (
    <DialogModal opened={opened} onClose={onClose} title={title} centered={centered} closeLabel={closeLabel}>
      {opened && (
        <Stack>
          {children}
          <FormFooter {...footer} onCancel={onClose} submitLabel={confirmLabel} submitColor={confirmColor} onSubmit={onConfirm} />
        </Stack>
      )}
    </DialogModal>
  );
}
