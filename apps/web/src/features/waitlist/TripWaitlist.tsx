// The trip page's 'Wachtlijst' tab (docs/WAITLIST.md): per room type in queue order; staff move a waiting
// entry up or down, or remove an entry (a held one's places go on to the next).
import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDateTime } from '@umrah/domain/dates';
import type { WaitlistAdminEntryDto } from '@umrah/domain/contracts';
import { QueryState } from '../../components/Feedback';
import { errorMessage } from '../../lib/notify';
import { useEditTripWaitlist, useTripWaitlist } from './api';

const STATUS: Record<WaitlistAdminEntryDto['status'], string> = {
  waiting: 'Wacht',
  held: 'Vastgehouden',
  booked: 'Geboekt',
  lapsed: 'Verlopen',
};

export function TripWaitlist({ start }: { start: string }) {
  const list = useTripWaitlist(start);
  const { remove, move } = useEditTripWaitlist(start);
  const error = errorMessage(remove.error ?? move.error);
  return (
    <QueryState query={list} loadingLabel="Wachtlijst laden...">
      {list.data && list.data.length === 0 ? (
        <Text c="dimmed">Niemand staat op de wachtlijst van deze reis.</Text>
      ) : (
        <>
          {error && <Alert color="red">{error}</Alert>}
          <Table striped withTableBorder aria-label="Wachtlijst">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Plaats</Table.Th>
                <Table.Th>Pakket</Table.Th>
                <Table.Th>Kamer</Table.Th>
                <Table.Th>Personen</Table.Th>
                <Table.Th>Klant</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Acties</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.place ?? '–'}</Table.Td>
                  <Table.Td>{e.trip_label}</Table.Td>
                  <Table.Td>{e.room_type}-persoons</Table.Td>
                  <Table.Td>{e.persons}</Table.Td>
                  <Table.Td>
                    {e.name}
                    <Text size="xs" c="dimmed">
                      {e.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={e.status === 'held' ? 'green' : e.status === 'waiting' ? 'blue' : 'gray'}>
                      {STATUS[e.status]}
                    </Badge>
                    {e.status === 'held' && e.held_until && <Text size="xs">tot {formatDateTime(e.held_until)}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {e.status === 'waiting' && (
                        <>
                          <Button
                            size="compact-xs"
                            variant="default"
                            aria-label={`${e.name} omhoog`}
                            onClick={() => move.mutate({ id: e.id, direction: 'up' })}
                          >
                            ↑
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            aria-label={`${e.name} omlaag`}
                            onClick={() => move.mutate({ id: e.id, direction: 'down' })}
                          >
                            ↓
                          </Button>
                        </>
                      )}
                      {(e.status === 'waiting' || e.status === 'held') && (
                        <Button
                          size="compact-xs"
                          color="red"
                          variant="light"
                          aria-label={`${e.name} van de wachtlijst verwijderen`}
                          onClick={() => remove.mutate(e.id)}
                        >
                          Verwijderen
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </QueryState>
  );
}
