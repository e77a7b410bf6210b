// The site's dialog: a Mantine Modal whose close (×) button has a Dutch accessible name.
import { Modal, type ModalProps } from '@mantine/core';

export type DialogModalProps = ModalProps & {
  /** Accessible name of the close (×) button; null leaves Mantine's unnamed button. */
  closeLabel?: string | null;
};

export function DialogModal({ closeLabel = 'Sluiten', ...props }: DialogModalProps) {
  return <Modal closeButtonProps={closeLabel === null ? undefined : { 'aria-label': closeLabel }} {...props} />;
}
