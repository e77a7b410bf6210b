// The trip page's 'Wachtlijst' tab (docs/WAITLIST.md): per room type in queue order; staff move a waiting
// entry up or down, or remove an entry (a held one's places go on to the next).
import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDateTime } from '@umrah/domain/dates';
import type { WaitlistAdminEntryDto } from '@umrah/domain/contracts';
import { QueryState } from '../../components/Feedback';
import { TableHead } from '../../components/TableHead';
import { errorMessage } from '../../lib/notify';
import { useEditTripWaitlist, useTripWaitlist } from './api';

const STATUS: Record<WaitlistAdminEntryDto['status'], string> = {
  waiting: 'Wacht',
  held: 'Vastgehouden',
  booked: 'Geboekt',
  lapsed: 'Verlopen',
};

const COLUMNS = ['Plaats', 'Pakket', 'Kamer', 'Personen', 'Klant', 'Status', 'Acties'];

const MOVES = [
  { direction: 'up', arrow: '↑', word: 'omhoog' },
  { direction: 'down', arrow: '↓', word: 'omlaag' },
] as const;

type Edits = ReturnType<typeof useEditTripWaitlist>;

export function TripWaitlist({ start }: { start: string }) {
  const list = useTripWaitlist(start);
  const edits = useEditTripWaitlist(start);
  const error = errorMessage(edits.remove.error ?? edits.move.error);
  return (
    <QueryState query={list} loadingLabel="Wachtlijst laden...">
      {list.data && list.data.length === 0 ? (
        <Text c="dimmed">Niemand staat op de wachtlijst van deze reis.</Text>
      ) : (
        <>
          {error && <Alert color="red">{error}</Alert>}
          <Table striped withTableBorder aria-label="Wachtlijst">
            <TableHead columns={COLUMNS} />
            <Table.Tbody>
              {(list.data ?? []).map((e) => (
                <WaitlistRow key={e.id} entry={e} edits={edits} />
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </QueryState>
  );
}

function WaitlistRow({ entry: e, edits: { move, remove } }: { entry: WaitlistAdminEntryDto; edits: Edits }) {
  return (
    <Table.Tr>
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
          {e.status === 'waiting' &&
            MOVES.map(({ direction, arrow, word }) => (
              <Button
                key={direction}
                size="compact-xs"
                variant="default"
                aria-label={`${e.name} ${word}`}
                onClick={() => move.mutate({ id: e.id, direction })}
              >
                {arrow}
              </Button>
            ))}
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
  );
}
