import { Alert } from '@mantine/core';

/** What a request form shows once sent: the server's confirmation, until the modal closes. */
export function SentMessage({ message }: { message: string }) {
  return (
    <Alert color="green" role="status" title="Aanvraag verzonden">
      {message}
    </Alert>
  );
}
