// 'Wijzigen' on a room in the cart or the admin cart: the wizard reopened for the entry at that index,
// on the package as the current catalog of its region shows it.
import { useMemo } from 'react';
import { Alert, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LoadError, PageLoader } from '../../components/Feedback';
import type { CartKey, UmrahEntry } from '../cart';
import { useCatalog } from '../catalog';
import { RoomWizard } from './RoomWizard';
import { findPackage } from './rules';

export function EditRoomModal({ cartKey, index, entry, onClose }: { cartKey: CartKey; index: number; entry: UmrahEntry; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const region = entry.trip?.region ?? 'NL';
  const catalog = useCatalog(region);
  const pkg = useMemo(() => (catalog.data ? findPackage(catalog.data, entry.product_id) : null), [catalog.data, entry.product_id]);
  return (
    <Modal opened onClose={onClose} title="Kamer wijzigen" size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      {catalog.isPending ? (
        <PageLoader label="Reis laden..." />
      ) : catalog.isError ? (
        <LoadError />
      ) : !pkg ? (
        <Alert color="orange" role="alert" title="Deze reis is niet meer te boeken">
          Verwijder de kamer uit de winkelwagen en kies een andere reis.
        </Alert>
      ) : (
        <RoomWizard pkg={pkg} region={region} edit={{ cartKey, index, entry }} onClose={onClose} />
      )}
    </Modal>
  );
}
