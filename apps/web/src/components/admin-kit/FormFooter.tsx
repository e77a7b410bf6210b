// The end of every admin form modal: the request's error as an alert, then 'Annuleren' and the
// submit button (spinning while the request runs).
import type { ReactNode } from 'react';
import { Alert, Button, Group, type MantineColor } from '@mantine/core';

export interface FormFooterProps {
  /** The error to show above the buttons (errorMessage(mutation.error)); nothing when null. */
  error?: string | null;
  onCancel: () => void;
  cancelLabel?: ReactNode;
  submitLabel?: ReactNode;
  /** Without onSubmit the button is the form's submit button (type="submit"). */
  onSubmit?: () => void;
  busy?: boolean;
  submitColor?: MantineColor;
  submitDisabled?: boolean;
}

/** A request's error in a dialog, announced as an alert; nothing when there is none. */
export function FormError({ error }: { error?: string | null }) {
  return error ? (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  ) : null;
}

export function FormFooter({
  error,
  onCancel,
  cancelLabel = 'Annuleren',
  submitLabel = 'Opslaan',
  onSubmit,
  busy = false,
  submitColor,
  submitDisabled,
}: FormFooterProps) {
  return (
    <>
      <FormError error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} color={submitColor} loading={busy} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

/** The end of a dialog that only shows something: 'Sluiten', after any other buttons it has. */
export function CloseFooter({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  return (
    <Group justify="flex-end">
      {children}
      <Button variant="default" onClick={onClose}>
        Sluiten
      </Button>
    </Group>
  );
}
