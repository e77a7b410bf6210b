// Admin 'Dashboard' → 'Bestellingen' (SPEC 2 'Orders', 4, 8): search by order number, email or name;
// the leads (collapsible) and the other orders in pages of 25. A row opens to its rooms, guests and
// lines, with the actions of SPEC 4: cancel and change (discounts, a payment) while the order is not
// cancelled, and the documents (invoice, down-payment proof, credit invoice / credit note).
import { Fragment, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@umrah/domain/dates';
import { OrderStatus } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { EmptyState, LoadError } from '../../components/Feedback';
import { paymentKeys } from '../checkout/paymentApi';
import { OrderDocuments } from '../orders/OrderDocuments';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  LEADS_PAGE_SIZE,
  adminOrderKeys,
  fetchAdminLeads,
  fetchAdminOrders,
  type AdminOrder,
} from './orders/api';
import { CancelOrderModal } from './orders/CancelOrderModal';
import { DiscountsModal } from './orders/DiscountsModal';
import { OrderDetails } from './orders/OrderDetails';
import { QuickEditModal } from './orders/QuickEditModal';
import { ReminderModal } from './orders/ReminderModal';
import { adminStatusLabel, customerName, orderActions, statusColor } from './orders/rules';
import { PaymentModal } from './payments/PaymentModal';
import { MergeRoomsModal } from './orders/MergeRoomsModal';
import { useReadOnlyAdmin } from './roles';

type Dialog = { kind: 'cancel' | 'discounts' | 'payment' | 'quickEdit' | 'payments' | 'documents'; order: AdminOrder } | null;

const COLUMNS = 8;

function Chevron({ open }: { open: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function OrderActionsBar({ order, onAction }: { order: AdminOrder; onAction: (d: NonNullable<Dialog>) => void }) {
  const actions = orderActions(order);
  // The bookkeeper reads: no cancel, discounts, payments, quick edit or reminders (issue 13).
  const readOnly = useReadOnlyAdmin();
  return (
    <Group gap="xs" justify="space-between" align="flex-start">
      {!readOnly && (
      <Group gap="xs" role="group" aria-label="Acties">
        {actions.cancel && (
          <Button size="xs" color="red" variant="light" onClick={() => onAction({ kind: 'cancel', order })}>
            Annuleren
          </Button>
        )}
        {actions.editDiscounts && (
          <Button size="xs" variant="light" onClick={() => onAction({ kind: 'discounts', order })}>
            Kortingen wijzigen
          </Button>
        )}
        {actions.addPayment && (
          <Button size="xs" variant="light" color="teal" onClick={() => onAction({ kind: 'payment', order })}>
            Betaling toevoegen
          </Button>
        )}
        {actions.editDiscounts && (
          <Button size="xs" variant="light" onClick={() => onAction({ kind: 'quickEdit', order })}>
            Snel bewerken
          </Button>
        )}
        <Button size="xs" variant="light" color="grape" onClick={() => onAction({ kind: 'payments', order })}>
          Herinneringen betaling
        </Button>
        <Button size="xs" variant="light" color="grape" onClick={() => onAction({ kind: 'documents', order })}>
          Herinneringen documenten
        </Button>
      </Group>
      )}
      <OrderDocuments order={order} withCredit />
    </Group>
  );
}

function OrdersTable({
  orders,
  label,
  dimmed,
  expanded,
  onToggle,
  onAction,
}: {
  orders: AdminOrder[];
  label: string;
  dimmed: boolean;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onAction: (d: NonNullable<Dialog>) => void;
}) {
  return (
    <ScrollArea type="auto">
      <Table aria-label={label} miw={880} highlightOnHover style={{ opacity: dimmed ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} />
            <Table.Th>Bestelnummer</Table.Th>
            <Table.Th>Klant</Table.Th>
            <Table.Th>Datum</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Totaal</Table.Th>
            <Table.Th ta="right">Betaald</Table.Th>
            <Table.Th ta="right">Open</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => {
            const open = expanded.has(o.id);
            return (
              <Fragment key={o.id}>
                <Table.Tr data-order={o.id} onClick={() => onToggle(o.id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <UnstyledButton
                      aria-label={`Details ${o.order_number}`}
                      aria-expanded={open}
                      aria-controls={`order-${o.id}-details`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onToggle(o.id);
                      }}
                      style={{ display: 'flex', padding: 4 }}
                    >
                      <Chevron open={open} />
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td fw={600}>{o.order_number}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{customerName(o.user)}</Text>
                    <Text size="xs" c="dimmed">
                      {o.user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDate(o.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColor(o.status)} data-testid="order-status">
                      {adminStatusLabel(o.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(o.total_price)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(o.total_payments)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="order-open">
                    {/* Nothing is owed on a cancelled order any more. */}
                    {o.status === OrderStatus.CANCELLED ? '-' : formatEuro(o.amount_open)}
                  </Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr id={`order-${o.id}-details`} data-order-details={o.id}>
                    <Table.Td colSpan={COLUMNS} bg="var(--mantine-color-gray-0)">
                      <Stack gap="sm" py="xs">
                        <OrderActionsBar order={o} onAction={onAction} />
                        <OrderDetails order={o} />
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

const Loading = ({ label }: { label: string }) => (
  <Stack gap="xs" aria-label={label}>
    {Array.from({ length: 5 }, (_, i) => (
      <Skeleton key={i} height={40} />
    ))}
  </Stack>
);

export default function OrdersSection() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [leadsPage, setLeadsPage] = useState(1);
  /** null: open by itself when a search finds leads; true/false once the admin chose. */
  const [leadsChoice, setLeadsChoice] = useState<boolean | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [merging, setMerging] = useState(false);
  const readOnlyAdmin = useReadOnlyAdmin();

  const list = useQuery({
    queryKey: adminOrderKeys.list(q, page),
    queryFn: ({ signal }) => fetchAdminOrders(q, page, signal),
    placeholderData: keepPreviousData,
  });
  const leadsTotal = list.data?.leads_total ?? 0;
  const leadsOpen = leadsChoice ?? (q !== '' && leadsTotal > 0);
  // The first leads come with every search; further pages only when asked for.
  const morePages = useQuery({
    queryKey: adminOrderKeys.leads(q, leadsPage),
    queryFn: ({ signal }) => fetchAdminLeads(q, leadsPage, signal),
    placeholderData: keepPreviousData,
    enabled: leadsOpen && leadsPage > 1,
  });
  const leads = leadsPage > 1 ? morePages : list;
  const leadRows = leadsPage > 1 ? morePages.data?.orders : list.data?.leads;

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ADMIN_ORDERS_PAGE_SIZE)) : 1;
  const leadPages = Math.max(1, Math.ceil(leadsTotal / LEADS_PAGE_SIZE));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
      queryClient.invalidateQueries({ queryKey: paymentKeys.admin }),
    ]);
  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const tableProps = { expanded, onToggle: toggle, onAction: setDialog };

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
      <TextInput
        label="Zoeken"
        placeholder="Bestelnummer (FCU2123), email of naam"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
          setLeadsPage(1);
          setLeadsChoice(null);
        }}
        maw={420}
      />

      {list.isError ? (
        <LoadError />
      ) : list.isPending ? (
        <Loading label="Bestellingen laden" />
      ) : (
        <>
          <Paper withBorder p="sm" component="section" aria-label="Leads">
            <UnstyledButton
              onClick={() => setLeadsChoice(!leadsOpen)}
              aria-expanded={leadsOpen}
              aria-controls="admin-leads"
              w="100%"
            >
              <Group gap="xs">
                <Chevron open={leadsOpen} />
                <Text fw={600}>Leads</Text>
                <Badge variant="light" color="orange" aria-label={`${leadsTotal} leads`}>
                  {leadsTotal}
                </Badge>
                <Text size="sm" c="dimmed">
                  Bestellingen waarop nog niets is betaald
                </Text>
              </Group>
            </UnstyledButton>
            <Collapse expanded={leadsOpen} id="admin-leads">
              <Box pt="sm">
                {leads.isError ? (
                  <LoadError />
                ) : !leadRows ? (
                  <Loading label="Leads laden" />
                ) : leadRows.length === 0 ? (
                  <EmptyState>Geen leads gevonden.</EmptyState>
                ) : (
                  <Stack gap="xs">
                    <OrdersTable orders={leadRows} label="Leads" dimmed={leads.isPlaceholderData} {...tableProps} />
                    {leadPages > 1 && <Pagination total={leadPages} value={leadsPage} onChange={setLeadsPage} aria-label="Pagina's leads" />}
                  </Stack>
                )}
              </Box>
            </Collapse>
          </Paper>

          {list.data.orders.length === 0 ? (
            <EmptyState>Geen bestellingen gevonden.</EmptyState>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {list.data.total} {list.data.total === 1 ? 'bestelling' : 'bestellingen'}
              </Text>
              <OrdersTable orders={list.data.orders} label="Bestellingen" dimmed={list.isPlaceholderData} {...tableProps} />
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pagina's bestellingen" />}
            </>
          )}
        </>
      )}

      {dialog?.kind === 'cancel' && <CancelOrderModal order={dialog.order} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog?.kind === 'discounts' && <DiscountsModal order={dialog.order} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog?.kind === 'quickEdit' && <QuickEditModal order={dialog.order} onClose={() => setDialog(null)} onDone={refresh} />}
      {(dialog?.kind === 'payments' || dialog?.kind === 'documents') && (
        <ReminderModal order={dialog.order} kind={dialog.kind} onClose={() => setDialog(null)} onDone={refresh} />
      )}
      {dialog?.kind === 'payment' && (
        <PaymentModal
          payment="new"
          orderId={dialog.order.id}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
