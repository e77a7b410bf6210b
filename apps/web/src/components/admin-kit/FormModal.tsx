// An admin form in a dialog: the fields, then the request's error and 'Annuleren' / the submit
// button (FormFooter). The form is checked by the caller (noValidate: the shared schemas speak Dutch).
import type { FormEventHandler, ReactNode } from 'react';
import { Stack, type ModalProps } from '@mantine/core';
import { DialogModal } from '../DialogModal';
import { FormFooter } from './FormFooter';

export function FormModal({
  opened = true,
  title,
  onClose,
  onSubmit,
  formLabel,
  size,
  centered,
  closeLabel,
  error,
  busy,
  submitLabel,
  children,
}: {
  /** A dialog the caller keeps mounted opens and closes with this; others are shown only while open. */
  opened?: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name (makes it a form landmark). */
  formLabel?: string;
  size?: ModalProps['size'];
  centered?: boolean;
  /** Accessible name of the dialog's close (×) button; null leaves Mantine's unnamed button. */
  closeLabel?: string | null;
  /** The request's error above the buttons (a field's own error goes on the field). */
  error?: string | null;
  busy: boolean;
  submitLabel?: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogModal opened={opened} onClose={onClose} title={title} size={size} centered={centered} closeLabel={closeLabel}>
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack gap="sm">
          {children}
          <FormFooter error={error} onCancel={onClose} busy={busy} submitLabel={submitLabel} />
        </Stack>
      </form>
    </DialogModal>
  );
}
