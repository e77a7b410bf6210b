// Dashboard → 'Openstaand' (docs/OFFICE.md): every order with an amount open across trips (leads, pending
// and down-paid orders), filtered by trip, status and 'deadline within N days', sorted by open
// amount, deadline or departure, with the totals; a selection gets the payment reminder at once
// (RemindSelectionModal), each order's reminders and log open as on the orders list (ReminderModal),
// and the same list downloads as XLSX or CSV.
import { useMemo, useState } from 'react';
import { Badge, Button, Checkbox, Group, NumberInput, ScrollArea, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { formatDate } from '@umrah/domain/dates';
import { formatEuro } from '@umrah/domain/money';
import type { OpenOrdersFilter, OpenSort } from '@umrah/domain/validation/open-orders';
import { EmptyState, LoadError } from '../../../components/Feedback';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { ReminderModal, adminStatusLabel, statusColor } from '../orders';
import { useReadOnlyAdmin } from '../roles';
import { downloadOpenOrders, openOrdersQuery, useRefreshAfterReminders, type OpenOrder } from './api';
import { OpenTotals } from './OpenTotals';
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

type Dir = 'asc' | 'desc';

export default function OpenOrdersSection() {
  const readOnly = useReadOnlyAdmin();
  const [filterState, setFilterState] = useState<FilterState>(NO_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** The selection as it was when 'versturen' was clicked: the list may refresh while it is sent. */
  const [reminding, setReminding] = useState<OpenOrder[] | null>(null);
  const [log, setLog] = useState<OpenOrder | null>(null);
  const refresh = useRefreshAfterReminders();

  const { trip, status, within, sort, dir } = filterState;
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
  const tripOptions = (query.data?.trips ?? []).map((t) => ({ value: t.start_date, label: `${t.label} · ${t.orders}` }));

  return (
    <Stack component="section" aria-labelledby="open-orders-title">
      <Title order={3} size="h4" id="open-orders-title">
        Openstaand
      </Title>
      <Text size="sm" c="dimmed">
        Alle bestellingen met een openstaand bedrag (leads, in behandeling en aanbetaald), over alle reizen.
      </Text>
      <OpenFilters value={filterState} onChange={setFilterState} tripOptions={tripOptions} />

      {query.isError ? (
        <LoadError />
      ) : !query.data ? (
        <OpenOrdersLoading />
      ) : (
        <>
          <OpenTotals totals={query.data.totals} />
          <OpenActions filter={filter} chosen={readOnly ? null : chosen} onRemind={() => setReminding(chosen)} />
          {query.data.truncated && (
            <Text size="sm" c="dimmed">
              De eerste {rows.length} van {query.data.totals.orders} bestellingen; de download bevat ze allemaal.
            </Text>
          )}
          {rows.length === 0 ? (
            <EmptyState>Geen bestellingen met een openstaand bedrag gevonden.</EmptyState>
          ) : (
            <OpenOrdersTable
              rows={rows}
              stale={query.isPlaceholderData}
              selection={readOnly ? null : { selected, setSelected }}
              onLog={readOnly ? null : setLog}
            />
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
      {log && <PaymentRemindersModal order={log} onClose={() => setLog(null)} onDone={refresh} />}
    </Stack>
  );
}

function OpenOrdersLoading() {
  return (
    <Stack gap="xs" role="status" aria-label="Openstaand laden">
      <Skeleton h={56} />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={36} />
      ))}
    </Stack>
  );
}

/** The orders list's reminder dialog for a listed order, which has only the customer's name and email. */
function PaymentRemindersModal({ order, onClose, onDone }: { order: OpenOrder; onClose: () => void; onDone: () => Promise<unknown> }) {
  return (
    <ReminderModal
      order={{
        id: order.id,
        order_number: order.order_number,
        user: { user_id: 0, email: order.customer.email, first_name: order.customer.name, last_name: '' },
      }}
      kind="payments"
      onClose={onClose}
      onDone={onDone}
    />
  );
}

interface FilterState {
  trip: string | null;
  status: string;
  within: number | string;
  sort: OpenSort;
  dir: Dir;
}
const NO_FILTER: FilterState = { trip: null, status: '', within: '', sort: 'deadline', dir: 'asc' };

function OpenFilters({
  value,
  onChange,
  tripOptions,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
  tripOptions: { value: string; label: string }[];
}) {
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  // The choices that always have a value: status, sort order and direction.
  const fixed = [
    { label: 'Status', data: STATUS_OPTIONS, value: value.status, w: 170, pick: (v: string | null) => set({ status: v ?? '' }) },
    { label: 'Sorteren op', data: SORT_OPTIONS, value: value.sort, w: 190, pick: (v: string | null) => set({ sort: (v as OpenSort) ?? 'deadline' }) },
    { label: 'Volgorde', data: DIR_OPTIONS, value: value.dir, w: 130, pick: (v: string | null) => set({ dir: v === 'desc' ? 'desc' : 'asc' }) },
  ];
  const [status, ...order] = fixed.map((f) => (
    <Select key={f.label} label={f.label} data={f.data} value={f.value} onChange={f.pick} allowDeselect={false} w={f.w} />
  ));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Reis"
        placeholder="Alle reizen"
        data={tripOptions}
        value={value.trip}
        onChange={(trip) => set({ trip })}
        clearable
        searchable
        w={300}
        comboboxProps={{ withinPortal: true }}
      />
      {status}
      <NumberInput
        label="Betaaltermijn binnen (dagen)"
        description="Verstreken termijnen tellen mee"
        min={0}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        value={value.within}
        onChange={(within) => set({ within })}
        w={210}
      />
      {order}
    </Group>
  );
}

/** Send the reminder to the selection (null: not for a read-only admin); download the list. */
function OpenActions({ filter, chosen, onRemind }: { filter: OpenOrdersFilter; chosen: OpenOrder[] | null; onRemind: () => void }) {
  const download = useMutation({
    mutationFn: (format: 'xlsx' | 'csv') => downloadOpenOrders(filter, format),
    onSuccess: (name) => notifySuccess(`${name} is gedownload.`),
  });
  return (
    <>
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          {chosen && (
            <Button disabled={chosen.length === 0} onClick={onRemind}>
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
    </>
  );
}

interface Selection {
  selected: ReadonlySet<number>;
  setSelected: React.Dispatch<React.SetStateAction<ReadonlySet<number>>>;
}

/** The list; `selection` and `onLog` are null for a read-only admin (no checkboxes, no reminders). */
function OpenOrdersTable({
  rows,
  stale,
  selection,
  onLog,
}: {
  rows: OpenOrder[];
  stale: boolean;
  selection: Selection | null;
  onLog: ((order: OpenOrder) => void) | null;
}) {
  const chosenCount = selection ? rows.filter((o) => selection.selected.has(o.id)).length : 0;
  const allChosen = rows.length > 0 && chosenCount === rows.length;
  const toggle = (id: number) =>
    selection?.setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={980} aria-label="Openstaande bestellingen" style={stale ? { opacity: 0.6 } : undefined}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              {selection && (
                <Checkbox
                  aria-label="Alle bestellingen selecteren"
                  checked={allChosen}
                  indeterminate={chosenCount > 0 && !allChosen}
                  onChange={() => selection.setSelected(allChosen ? new Set() : new Set(rows.map((o) => o.id)))}
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
            <OpenOrderRow
              key={o.id}
              order={o}
              checked={selection ? selection.selected.has(o.id) : null}
              onToggle={() => toggle(o.id)}
              onLog={onLog && (() => onLog(o))}
            />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function OpenOrderRow({
  order: o,
  checked,
  onToggle,
  onLog,
}: {
  order: OpenOrder;
  checked: boolean | null;
  onToggle: () => void;
  onLog: (() => void) | null;
}) {
  return (
    <Table.Tr data-open-order={o.id}>
      <Table.Td>{checked !== null && <Checkbox aria-label={`Selecteer ${o.order_number}`} checked={checked} onChange={onToggle} />}</Table.Td>
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
        {onLog && (
          <Button size="compact-xs" variant="light" color="grape" onClick={onLog} aria-label={`Herinneringen ${o.order_number}`}>
            Herinneringen
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
