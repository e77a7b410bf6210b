// Admin 'Dashboard' → 'Bestellingen' (docs/RULES.md, 'Screens: Orders', 'States', 'Messages'): search by order number, email or name;
// the leads (collapsible) and the other orders in pages of 25. A row opens to its rooms, guests and
// lines, with the actions of docs/RULES.md, 'States': cancel and change (discounts, a payment) while the order is not
// cancelled, and the documents (invoice, down-payment proof, credit invoice / credit note).
import { useState } from 'react';
import { Badge, Box, Button, Collapse, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDate } from '@umrah/domain/dates';
import { OrderStatus } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import {
  MergeRoomsModal,
  OrderActionsBar,
  OrderDetails,
  OrderDialogs,
  adminStatusLabel,
  customerName,
  statusColor,
  type OrderDialog,
} from '../orders';
import { useReadOnlyAdmin } from '../roles';
import { ADMIN_ORDERS_PAGE_SIZE, LEADS_PAGE_SIZE, adminLeadsQuery, adminOrdersQuery, useRefreshOrders, type AdminOrder } from './api';

type Dialog = OrderDialog;

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
    >
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const amount = { th: { ta: 'right' }, td: { ta: 'right', style: { whiteSpace: 'nowrap' } } } as const;

/** The columns of the orders and the leads; the first opens a row to its details. */
function orderColumns(expanded: ReadonlySet<number>, onToggle: (id: number) => void): Column<AdminOrder>[] {
  return [
    {
      key: 'toggle',
      th: { w: 36 },
      cell: (o) => (
        <UnstyledButton
          aria-label={`Details ${o.order_number}`}
          aria-expanded={expanded.has(o.id)}
          aria-controls={`order-${o.id}-details`}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(o.id);
          }}
          style={{ display: 'flex', padding: 4 }}
        >
          <Chevron open={expanded.has(o.id)} />
        </UnstyledButton>
      ),
    },
    { key: 'number', header: 'Bestelnummer', td: { fw: 600 }, cell: (o) => o.order_number },
    {
      key: 'customer',
      header: 'Klant',
      cell: (o) => (
        <>
          <Text size="sm">{customerName(o.user)}</Text>
          <Text size="xs" c="dimmed">
            {o.user.email}
          </Text>
        </>
      ),
    },
    { key: 'date', header: 'Datum', cell: (o) => formatDate(o.created_at) },
    {
      key: 'status',
      header: 'Status',
      cell: (o) => (
        <Badge variant="light" color={statusColor(o.status)} data-testid="order-status">
          {adminStatusLabel(o.status)}
        </Badge>
      ),
    },
    { key: 'total', header: 'Totaal', ...amount, cell: (o) => formatEuro(o.total_price) },
    { key: 'paid', header: 'Betaald', ...amount, cell: (o) => formatEuro(o.total_payments) },
    {
      key: 'open',
      header: 'Open',
      th: amount.th,
      td: { ...amount.td, 'data-testid': 'order-open' } as typeof amount.td,
      // Nothing is owed on a cancelled order any more.
      cell: (o) => (o.status === OrderStatus.CANCELLED ? '-' : formatEuro(o.amount_open)),
    },
  ];
}

/** What the orders and the leads tables share: columns, clickable rows, and an open row's details. */
function useOrderRows(onAction: (d: NonNullable<Dialog>) => void) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = orderColumns(expanded, toggle);
  return {
    columns,
    rowProps: (o: AdminOrder) => ({ 'data-order': o.id, onClick: () => toggle(o.id), style: { cursor: 'pointer' } }),
    details: (o: AdminOrder) =>
      expanded.has(o.id) ? (
        <Table.Tr id={`order-${o.id}-details`} data-order-details={o.id}>
          <Table.Td colSpan={columns.length} bg="var(--mantine-color-gray-0)">
            <Stack gap="sm" py="xs">
              <OrderActionsBar order={o} onAction={onAction} />
              <OrderDetails order={o} />
            </Stack>
          </Table.Td>
        </Table.Tr>
      ) : null,
    minWidth: 880,
    striped: false,
    skeletonRows: 5,
    skeletonHeight: 40,
  };
}

/** The leads (orders with nothing paid yet) above the orders, folded away until opened. */
function LeadsPanel({ open, onToggle, total, children }: { open: boolean; onToggle: () => void; total: number; children: React.ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label="Leads">
      <UnstyledButton onClick={onToggle} aria-expanded={open} aria-controls="admin-leads" w="100%">
        <Group gap="xs">
          <Chevron open={open} />
          <Text fw={600}>Leads</Text>
          <Badge variant="light" color="orange" aria-label={`${total} leads`}>
            {total}
          </Badge>
          <Text size="sm" c="dimmed">
            Bestellingen waarop nog niets is betaald
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id="admin-leads">
        <Box pt="sm">{children}</Box>
      </Collapse>
    </Paper>
  );
}

export default function OrdersSection() {
  const [leadsPage, setLeadsPage] = useState(1);
  /** null: open by itself when a search finds leads; true/false once the admin chose. */
  const [leadsChoice, setLeadsChoice] = useState<boolean | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [merging, setMerging] = useState(false);
  const readOnlyAdmin = useReadOnlyAdmin();
  const refresh = useRefreshOrders();
  const rows = useOrderRows(setDialog);

  const list = usePagedSearch({
    query: adminOrdersQuery,
    rows: (d) => d.orders,
    total: (d) => d.total,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
    trim: true,
    onSearchChange: () => {
      setLeadsPage(1);
      setLeadsChoice(null);
    },
  });
  const leadsTotal = list.query.data?.leads_total ?? 0;
  const leadsOpen = leadsChoice ?? (list.q !== '' && leadsTotal > 0);
  // The first leads come with every search; further pages only when asked for.
  const morePages = useQuery({ ...adminLeadsQuery(list.q, leadsPage), placeholderData: keepPreviousData, enabled: leadsOpen && leadsPage > 1 });
  const leads = leadsPage > 1 ? morePages : list.query;
  const leadRows = leadsPage > 1 ? morePages.data?.orders : list.query.data?.leads;

  const leadsSection = (
    <LeadsPanel open={leadsOpen} onToggle={() => setLeadsChoice(!leadsOpen)} total={leadsTotal}>
      <DataTable
        {...rows}
        label="Leads"
        rows={leadRows}
        isError={leads.isError}
        dimmed={leads.isPlaceholderData}
        empty="Geen leads gevonden."
        page={leadsPage}
        pages={Math.max(1, Math.ceil(leadsTotal / LEADS_PAGE_SIZE))}
        onPageChange={setLeadsPage}
        paginationLabel="Pagina's leads"
      />
    </LeadsPanel>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3} size="h4">
          Bestellingen
        </Title>
        {!readOnlyAdmin && (
          <Button size="xs" variant="light" onClick={() => setMerging(true)}>
            Kamers samenvoegen
          </Button>
        )}
      </Group>
      {merging && <MergeRoomsModal opened onClose={() => setMerging(false)} />}
      <DataTable
        {...list.table}
        {...rows}
        searchBox={{ placeholder: 'Bestelnummer (FCU2123), email of naam' }}
        label="Bestellingen"
        before={leadsSection}
        empty="Geen bestellingen gevonden."
        count={['bestelling', 'bestellingen']}
        paginationLabel="Pagina's bestellingen"
      />

      <OrderDialogs dialog={dialog} onClose={() => setDialog(null)} onDone={refresh} />
    </Stack>
  );
}
