// 'Bestellen' on a package card (docs/RULES.md, 'Screens: Order modal'): the guest count (default 9999, minimum 1)
// and the room wizard. The guest count caps how many guests the rooms of this modal hold together.
import { useEffect, useState } from 'react';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CatalogPackage } from '@umrah/domain/catalog';
import { formatDate } from '@umrah/domain/dates';
import { ORDER_MSG } from '@umrah/domain/validation/order';
import { useRegion } from '../preferences';
import { RoomWizard } from './RoomWizard';

/** docs/RULES.md, 'Screens: Order modal': the guest count starts at 9999 and must be at least 1. */
export const DEFAULT_GUEST_COUNT = 9999;
export const MIN_GUEST_COUNT = 1;
export const GUEST_COUNT_MESSAGE = ORDER_MSG.minGuests;

export function OrderModal({ pkg, onClose }: { pkg: CatalogPackage | null; onClose: () => void }) {
  const region = useRegion();
  const phone = useMediaQuery('(max-width: 36em)');
  const [guests, setGuests] = useState<number | string>(DEFAULT_GUEST_COUNT);
  // Guests in the rooms already put in the cart from this modal.
  const [placed, setPlaced] = useState(0);
  useEffect(() => {
    if (pkg) {
      setGuests(DEFAULT_GUEST_COUNT);
      setPlaced(0);
    }
  }, [pkg]);
  const invalid = typeof guests !== 'number' || guests < MIN_GUEST_COUNT;
  const remaining = invalid ? 0 : Math.max(0, (guests as number) - placed);

  return (
    <Modal opened={pkg !== null} onClose={onClose} title="Bestellen" size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      {pkg && (
        <Stack gap="md">
          <div>
            <Text fw={600}>{pkg.label}</Text>
            <Text size="sm">
              {formatDate(pkg.start)} t/m {formatDate(pkg.end)}
            </Text>
          </div>
          <NumberInput
            label="Aantal gasten"
            value={guests}
            onChange={setGuests}
            min={MIN_GUEST_COUNT}
            allowDecimal={false}
            allowNegative={false}
            error={invalid ? GUEST_COUNT_MESSAGE : undefined}
            description={
              !invalid && placed > 0 && guests !== DEFAULT_GUEST_COUNT
                ? remaining > 0
                  ? `${placed} ${placed === 1 ? 'gast' : 'gasten'} geplaatst, nog ${remaining} te plaatsen.`
                  : 'Alle gasten zijn geplaatst.'
                : undefined
            }
          />
          <RoomWizard key={pkg.key} pkg={pkg} region={region} guestLimit={remaining} onRoomAdded={(n) => setPlaced((p) => p + n)} onClose={onClose} />
        </Stack>
      )}
    </Modal>
  );
}
