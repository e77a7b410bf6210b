// Step 1: room size (2, 3 or 4 persons) and kind (mix/family, men, women). A size whose room types
// have no stocked product for this trip is disabled; the 4-person room is only for adults.
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { ROOM_SIZES, type CatalogPackage, type RoomSize } from '@umrah/domain/catalog';
import { formatEuro } from '@umrah/domain/money';
import { ROOM_GENDERS } from '../cart';
import { sizeAvailable, type RoomValues } from './rules';

function FieldError({ id, children }: { id: string; children: React.ReactNode }) {
  if (!children) return null;
  return (
    <Text id={id} c="red.8" size="sm" role="alert">
      {children}
    </Text>
  );
}

export function StepRoom(props: {
  pkg: CatalogPackage;
  values: RoomValues;
  errors: { room_type?: React.ReactNode; room_gender?: React.ReactNode };
  onSize: (size: RoomSize) => void;
  onGender: (gender: 0 | 1 | 2) => void;
}) {
  const { pkg, values, errors } = props;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text fw={600} id="kamergrootte">
          Kamergrootte
        </Text>
        <SimpleGrid
          cols={3}
          spacing="xs"
          role="group"
          aria-labelledby="kamergrootte"
          aria-describedby={errors.room_type ? 'kamergrootte-fout' : undefined}
        >
          {ROOM_SIZES.map((size) => {
            const available = sizeAvailable(pkg, size);
            const price = pkg.prices[size][0]?.price;
            const selected = values.room_type === size;
            return (
              <Button
                key={size}
                variant={selected ? 'filled' : 'default'}
                aria-pressed={selected}
                disabled={!available}
                onClick={() => props.onSize(size)}
                h="auto"
                py={8}
                px={4}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', flexDirection: 'column' } }}
                aria-label={available ? `${size} personen` : `${size} personen (uitverkocht)`}
              >
                <span>{size} personen</span>
                <Text span size="xs" fw={400} c={selected ? undefined : 'dimmed'} aria-hidden>
                  {!available ? 'Uitverkocht' : price !== undefined ? `${formatEuro(price)} p.p.` : ''}
                </Text>
              </Button>
            );
          })}
        </SimpleGrid>
        <FieldError id="kamergrootte-fout">{errors.room_type}</FieldError>
        <Text size="xs" c="dimmed">
          De 4-persoonskamer is alleen voor volwassenen. Prijzen zijn per persoon; de definitieve prijs zie je bij het bevestigen.
        </Text>
      </Stack>
      <Stack gap={6}>
        <Text fw={600} id="kamersoort">
          Soort kamer
        </Text>
        <SimpleGrid cols={3} spacing="xs" role="group" aria-labelledby="kamersoort">
          {ROOM_GENDERS.map((g) => {
            const selected = values.room_gender === g.value;
            return (
              <Button key={g.value} variant={selected ? 'filled' : 'default'} aria-pressed={selected} onClick={() => props.onGender(g.value)} px={4}>
                {g.label}
              </Button>
            );
          })}
        </SimpleGrid>
        <FieldError id="kamersoort-fout">{errors.room_gender}</FieldError>
      </Stack>
    </Stack>
  );
}
