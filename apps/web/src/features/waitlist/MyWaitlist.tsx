// The customer's places on the waiting list (docs/WAITLIST.md), on 'Mijn bestellingen': where they stand,
// and a place held for them with its deadline and 'Nu boeken'.
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@umrah/domain/dates';
import type { WaitlistEntryDto } from '@umrah/domain/contracts';
import { errorMessage } from '../../lib/notify';
import { useLeaveWaitlist, useMyWaitlist } from './api';
import { packageLink } from './holds';

const STATUS: Record<WaitlistEntryDto['status'], string> = {
  waiting: 'Op de wachtlijst',
  held: 'Plaats vastgehouden',
  booked: 'Geboekt',
  lapsed: 'Verlopen',
};

function Entry({ e }: { e: WaitlistEntryDto }) {
  const leave = useLeaveWaitlist();
  // A hold past its time is lapsed by the server's scheduler within minutes; until then it shows as held.
  const held = e.status === 'held' && e.held_until !== null;
  const title = `${e.trip_label}, ${e.room_type}-persoonskamer`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Wachtlijst: ${title}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{title}</Text>
          <Badge color={held ? 'green' : e.status === 'waiting' ? 'blue' : 'gray'} variant="light">
            {STATUS[e.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {formatDate(e.start)} t/m {formatDate(e.end)} · {e.persons} {e.persons === 1 ? 'persoon' : 'personen'}
          {e.status === 'waiting' && e.place !== null ? ` · plaats ${e.place} op de wachtlijst` : ''}
        </Text>
        {held && (
          <Alert color="green" title="Er is plaats voor je vrijgekomen">
            We houden {e.persons === 1 ? 'de plaats' : `${e.persons} plaatsen`} voor je vast tot <b>{formatDateTime(e.held_until)}</b>. Boek voor die
            tijd.
          </Alert>
        )}
        {(held || e.status === 'waiting') && (
          <Group gap="xs">
            {held && (
              <Button component={Link} to={packageLink(e)} size="xs">
                Nu boeken
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              loading={leave.isPending}
              onClick={() => leave.mutate(e.id)}
              aria-label={`Van de wachtlijst: ${title}`}
            >
              Van de wachtlijst
            </Button>
          </Group>
        )}
        {leave.error ? (
          <Text c="red" size="sm">
            {errorMessage(leave.error)}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Nothing is shown to a customer who never joined a waiting list. */
export function MyWaitlist() {
  const list = useMyWaitlist();
  const entries = (list.data ?? []).filter((e) => e.status !== 'lapsed');
  if (list.isPending || entries.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="wachtlijst-titel">
      <Title order={2} size="h3" id="wachtlijst-titel">
        Mijn wachtlijst
      </Title>
      {entries.map((e) => (
        <Entry key={e.id} e={e} />
      ))}
    </Stack>
  );
}
