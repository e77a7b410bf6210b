import { Group, Stack, Text } from '@mantine/core';
import type { Hotel } from '@umrah/domain/hotels';

export const stars = (n: number) => '★'.repeat(n);

/** '150 m tot de Haram'; Jeddah is only a stop-over, so no distance there. */
export function haramDistance(h: Hotel): string | null {
  return h.location === 'Jeddah' ? null : `${h.distance} m tot de Haram`;
}

/** A hotel as the package cards show it: name, city, stars and the distance to the Haram. */
export function HotelLine({ hotel }: { hotel: Hotel }) {
  const distance = haramDistance(hotel);
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="sm">
          {hotel.name}
        </Text>
        <Text size="sm" c="yellow.7" aria-label={`${hotel.stars} sterren`}>
          {stars(hotel.stars)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {hotel.location}
        {distance ? ` · ${distance}` : ''}
      </Text>
    </Stack>
  );
}
