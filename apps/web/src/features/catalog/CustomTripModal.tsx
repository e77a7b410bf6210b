import { Modal } from '@mantine/core';
import { CustomTripForm } from '../requests';

/** The 'Eigen datum' tile on /pakketten opens this modal: the 'Umrah op maat' request (docs/RULES.md, 'Screens: Modals'). */
export function CustomTripModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Umrah op maat" size="lg" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      {/* Mounted only while open: a reopened modal starts with an empty form and a fresh captcha. */}
      {opened && <CustomTripForm onDone={onClose} />}
    </Modal>
  );
}
