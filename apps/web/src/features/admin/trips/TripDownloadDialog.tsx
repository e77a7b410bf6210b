// A trip list's download dialog (API-lijst, Contactlijst): what the list holds, the last try's error,
// then one button per file format; the running download spins and the other buttons wait for it.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { FormError } from '../../../components/admin-kit/FormFooter';
import { errorMessage } from '../../../lib/notify';
import { useTripDownload, type TripDownload, type TripFileName } from './api';

interface TripDownloadChoice {
  file: TripFileName;
  label: string;
  variant?: ButtonProps['variant'];
}

export function TripDownloadDialog({
  title,
  onClose,
  explanation,
  children,
  start,
  choices,
  fallbackName,
  query,
}: {
  title: string;
  onClose: () => void;
  /** What the list holds, above the buttons. */
  explanation: string;
  /** The dialog's own choices (the layout), above the explanation. */
  children?: ReactNode;
  start: string;
  choices: TripDownloadChoice[];
  /** The file's name when the server sends none, by the chosen file. */
  fallbackName: (file: TripFileName) => string;
  query?: TripDownload['query'];
}) {
  const downloading = useTripDownload();
  const busy = downloading.isPending ? downloading.variables.file : null;
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        {children}
        <Text size="sm" c="dark.4">
          {explanation}
        </Text>
        <FormError error={errorMessage(downloading.error)} />
        <Group justify="flex-end">
          {choices.map((c) => (
            <Button
              key={c.file}
              variant={c.variant}
              loading={busy === c.file}
              disabled={busy !== null}
              onClick={() => downloading.mutate({ start, file: c.file, fallbackName: fallbackName(c.file), query })}
            >
              {c.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Modal>
  );
}
