// Step 3: the room as it will be ordered, priced by the server (POST /api/order/preview).
import { List, Stack, Text } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { typeClassLabels } from '@umrah/domain/enums';
import { guestDetails, roomGenderLabel, type UmrahEntry } from '../cart';

export function RoomSummary({ entry }: { entry: UmrahEntry }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{entry.trip.label}</Text>
      <Text size="sm">
        {formatDate(entry.trip.start)} t/m {formatDate(entry.trip.end)} · {typeClassLabels[entry.trip.type_class]}
      </Text>
      <Text size="sm">
        {entry.room_type}-persoonskamer · {roomGenderLabel(entry.room_gender)}
        {entry.exclusive ? ' · exclusief gebruik' : ''}
        {entry.extras.length > 0 ? ` · extra's: ${entry.extras.join(', ')}` : ''}
      </Text>
      <List size="sm" spacing={2}>
        {entry.guests.map((g, i) => (
          <List.Item key={i}>
            {g.first_name} {g.last_name}{' '}
            <Text span c="dimmed" size="sm">
              ({guestDetails(g, entry.room_gender)})
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
