import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import type { CatalogPackage } from '@umrah/domain/catalog';
import { formatDate } from '@umrah/domain/dates';

/** SPEC 2 'Order modal': the guest count starts at 9999 and must be at least 1. */
export const DEFAULT_GUEST_COUNT = 9999;
export const MIN_GUEST_COUNT = 1;
export const GUEST_COUNT_MESSAGE = 'Aantal gasten moet minimaal 1 zijn.';

/**
 * 'Bestellen'. The room wizard (room size, guests, confirmation, registration) is built in the next
 * step and takes its place below the guest count; until then the modal says so and sends nothing.
 */
export function OrderModal({ pkg, onClose }: { pkg: CatalogPackage | null; onClose: () => void }) {
  const [guests, setGuests] = useState<number | string>(DEFAULT_GUEST_COUNT);
  useEffect(() => {
    if (pkg) setGuests(DEFAULT_GUEST_COUNT);
  }, [pkg]);
  const invalid = typeof guests !== 'number' || guests < MIN_GUEST_COUNT;
  return (
    <Modal opened={pkg !== null} onClose={onClose} title="Bestellen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      {pkg && (
        <Stack>
          <Text fw={600}>{pkg.label}</Text>
          <Text size="sm">
            {formatDate(pkg.start)} t/m {formatDate(pkg.end)}
          </Text>
          <NumberInput
            label="Aantal gasten"
            value={guests}
            onChange={setGuests}
            min={MIN_GUEST_COUNT}
            allowDecimal={false}
            allowNegative={false}
            error={invalid ? GUEST_COUNT_MESSAGE : undefined}
          />
          <Alert color="blue" variant="light" title="Kamers kiezen volgt binnenkort">
            Het kiezen van de kamer en het invullen van de gasten wordt op dit moment gebouwd. Online bestellen is daarom nog niet
            mogelijk; neem contact met ons op om deze reis te boeken.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Sluiten
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
