// Dashboard → 'Openstaand' (docs/OFFICE.md): every order with an amount open across trips (leads, pending
// and down-paid orders), filtered by trip, status and 'deadline within N days', sorted by open
// amount, deadline or departure, with the totals; a selection gets the payment reminder at once
// (RemindSelectionModal), each order's reminders and log open as on the orders list (ReminderModal),
// and the same list downloads as XLSX or CSV.
import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { formatDate } from '@umrah/domain/dates';
import { formatEuro } from '@umrah/domain/money';
import type { OpenOrdersFilter, OpenSort } from '@umrah/domain/validation/open-orders';
import { EmptyState, LoadError } from '../../../components/Feedback';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { ReminderModal, adminStatusLabel, statusColor } from '../orders';
import { useReadOnlyAdmin } from '../roles';
import { downloadOpenOrders, openOrdersQuery, useRefreshAfterReminders, type OpenOrder } from './api';
import { RemindSelectionModal } from './RemindSelectionModal';

const STATUS_OPTIONS = [
  { value: '', label: 'Alle statussen' },
  { value: '1', label: 'Lead' },
  { value: '0', label: 'In behandeling' },
  { value: '8', label: 'Aanbetaald' },
];
const SORT_OPTIONS: { value: OpenSort; label: string }[] = [
  { value: 'deadline', label: 'Betaaltermijn' },
  { value: 'open', label: 'Openstaand bedrag' },
  { value: 'departure', label: 'Vertrek' },
];
const DIR_OPTIONS = [
  { value: 'asc', label: 'Oplopend' },
  { value: 'desc', label: 'Aflopend' },
];

const amount = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

function Totals({ totals }: { totals: { orders: number; total_price: number; total_payments: number; amount_open: number } }) {
  const items: [string, string][] = [
    ['Bestellingen', String(totals.orders)],
    ['Totaal', formatEuro(totals.total_price)],
    ['Betaald', formatEuro(totals.total_payments)],
    ['Openstaand', formatEuro(totals.amount_open)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} aria-label="Totalen openstaand">
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="xs" radius="md">
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} data-testid={`open-total-${label.toLowerCase()}`}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export default function OpenOrdersSection() {
  const readOnly = useReadOnlyAdmin();
  const [trip, setTrip] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [within, setWithin] = useState<number | string>('');
  const [sort, setSort] = useState<OpenSort>('deadline');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** The selection as it was when 'versturen' was clicked: the list may refresh while it is sent. */
  const [reminding, setReminding] = useState<OpenOrder[] | null>(null);
  const [log, setLog] = useState<OpenOrder | null>(null);
  const refresh = useRefreshAfterReminders();

  const filter: OpenOrdersFilter = {
    trip: trip ?? undefined,
    status: status === '' ? undefined : Number(status),
    within: typeof within === 'number' ? within : undefined,
    sort,
    dir,
  };
  const query = useQuery({ ...openOrdersQuery(filter), placeholderData: keepPreviousData });
  const rows = useMemo(() => query.data?.orders ?? [], [query.data]);
  // Only what is still listed counts as selected (a filter change hides the others).
  const chosen = rows.filter((o) => selected.has(o.id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const download = useMutation({
    mutationFn: (format: 'xlsx' | 'csv') => downloadOpenOrders(filter, format),
    onSuccess: (name) => notifySuccess(`${name} is gedownload.`),
  });

  const tripOptions = (query.data?.trips ?? []).map((t) => ({ value: t.start_date, label: `${t.label} · ${t.orders}` }));

  return (
    <Stack component="section" aria-labelledby="open-orders-title">
      <Title order={3} size="h4" id="open-orders-title">
        Openstaand
      </Title>
      <Text size="sm" c="dimmed">
        Alle bestellingen met een openstaand bedrag (leads, in behandeling en aanbetaald), over alle reizen.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Reis"
          placeholder="Alle reizen"
          data={tripOptions}
          value={trip}
          onChange={setTrip}
          clearable
          searchable
          w={300}
          comboboxProps={{ withinPortal: true }}
        />
        <Select label="Status" data={STATUS_OPTIONS} value={status} onChange={(v) => setStatus(v ?? '')} allowDeselect={false} w={170} />
        <NumberInput
          label="Betaaltermijn binnen (dagen)"
          description="Verstreken termijnen tellen mee"
          min={0}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          value={within}
          onChange={setWithin}
          w={210}
        />
        <Select
          label="Sorteren op"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(v) => setSort((v as OpenSort) ?? 'deadline')}
          allowDeselect={false}
          w={190}
        />
        <Select
          label="Volgorde"
          data={DIR_OPTIONS}
          value={dir}
          onChange={(v) => setDir(v === 'desc' ? 'desc' : 'asc')}
          allowDeselect={false}
          w={130}
        />
      </Group>

      {query.isError ? (
        <LoadError />
      ) : !query.data ? (
        <Stack gap="xs" role="status" aria-label="Openstaand laden">
          <Skeleton h={56} />
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : (
        <>
          <Totals totals={query.data.totals} />
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              {!readOnly && (
                <Button disabled={chosen.length === 0} onClick={() => setReminding(chosen)}>
                  Betalingsherinnering versturen ({chosen.length})
                </Button>
              )}
            </Group>
            <Group gap="xs">
              <Button variant="light" loading={download.isPending && download.variables === 'xlsx'} onClick={() => download.mutate('xlsx')}>
                Openstaand als Excel
              </Button>
              <Button variant="light" loading={download.isPending && download.variables === 'csv'} onClick={() => download.mutate('csv')}>
                Openstaand als CSV
              </Button>
            </Group>
          </Group>
          {download.error && (
            <Text c="red" size="sm" role="alert">
              {errorMessage(download.error)}
            </Text>
          )}
          {query.data.truncated && (
            <Text size="sm" c="dimmed">
              De eerste {rows.length} van {query.data.totals.orders} bestellingen; de download bevat ze allemaal.
            </Text>
          )}
          {rows.length === 0 ? (
            <EmptyState>Geen bestellingen met een openstaand bedrag gevonden.</EmptyState>
          ) : (
            <ScrollArea type="auto">
              <Table
                striped
                highlightOnHover
                miw={980}
                aria-label="Openstaande bestellingen"
                style={query.isPlaceholderData ? { opacity: 0.6 } : undefined}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36}>
                      {!readOnly && (
                        <Checkbox
                          aria-label="Alle bestellingen selecteren"
                          checked={allChosen}
                          indeterminate={chosen.length > 0 && !allChosen}
                          onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((o) => o.id)))}
                        />
                      )}
                    </Table.Th>
                    <Table.Th>Bestelnummer</Table.Th>
                    <Table.Th>Klant</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Reis</Table.Th>
                    <Table.Th>Betaaltermijn</Table.Th>
                    <Table.Th ta="right">Totaal</Table.Th>
                    <Table.Th ta="right">Betaald</Table.Th>
                    <Table.Th ta="right">Open</Table.Th>
                    <Table.Th>Laatste herinnering</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((o) => (
                    <Table.Tr key={o.id} data-open-order={o.id}>
                      <Table.Td>
                        {!readOnly && (
                          <Checkbox aria-label={`Selecteer ${o.order_number}`} checked={selected.has(o.id)} onChange={() => toggle(o.id)} />
                        )}
                      </Table.Td>
                      <Table.Td fw={600}>{o.order_number}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{o.customer.name}</Text>
                        <Text size="xs" c="dimmed">
                          {o.customer.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={statusColor(o.status)}>
                          {adminStatusLabel(o.status)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{o.trip_label ?? '-'}</Text>
                        {o.trip_start && (
                          <Text size="xs" c="dimmed">
                            Vertrek {formatDate(o.trip_start)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{o.deadline ? formatDate(o.deadline) : '-'}</Table.Td>
                      <Table.Td {...amount}>{formatEuro(o.total_price)}</Table.Td>
                      <Table.Td {...amount}>{formatEuro(o.total_payments)}</Table.Td>
                      <Table.Td {...amount} fw={600} data-testid="open-amount">
                        {formatEuro(o.amount_open)}
                      </Table.Td>
                      <Table.Td data-testid="open-last-reminder">
                        {o.last_reminder ? (
                          <Text size="sm">
                            {o.last_reminder.label}{' '}
                            <Text span size="xs" c="dimmed">
                              {formatDate(o.last_reminder.created_at)}
                            </Text>
                          </Text>
                        ) : (
                          <Text size="sm" c="dimmed">
                            Nog geen
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {!readOnly && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="grape"
                            onClick={() => setLog(o)}
                            aria-label={`Herinneringen ${o.order_number}`}
                          >
                            Herinneringen
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </>
      )}

      {reminding && (
        <RemindSelectionModal
          orders={reminding}
          onClose={() => {
            setReminding(null);
            setSelected(new Set());
          }}
          onSent={refresh}
        />
      )}
      {log && (
        <ReminderModal
          order={{
            id: log.id,
            order_number: log.order_number,
            user: { user_id: 0, email: log.customer.email, first_name: log.customer.name, last_name: '' },
          }}
          kind="payments"
          onClose={() => setLog(null)}
          onDone={refresh}
        />
      )}
    </Stack>
  );
}
