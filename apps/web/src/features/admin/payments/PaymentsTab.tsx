// Admin 'Betalingen': search by order number, the payments list, and the payment modal to add,
// change or delete a payment (docs/RULES.md, 'Screens', 'Validation: Payment form', 'Roles': only cash and bank transfer can be deleted).
import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { formatEuro } from '@umrah/domain/money';
import { formatOrderNumber, parseOrderNumber } from '@umrah/domain/order-number';
import { isDeletablePaymentType } from '@umrah/domain/validation/payment';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { useConfirm } from '../../../components/admin-kit/useConfirm';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { actionsColumn } from '../../../components/admin-kit/RowActions';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { ExportForm } from '../exports';
import { useReadOnlyAdmin } from '../roles';
import { adminPaymentsQuery, PAYMENTS_PAGE_SIZE, useDeletePayment, useRefreshPayments, type PaymentDto } from './api';
import { PaymentModal } from './PaymentModal';

const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

/** The search text as an order id, or null for no search; invalid text disables the query. */
const paymentsQuery = (q: string, page: number) => {
  const orderId = parseOrderNumber(q);
  return adminPaymentsQuery(orderId, page, q.trim() === '' || orderId !== null);
};

/** docs/MONEY.md: a provider payment the office must look at, as the list shows it. */
export const REVIEW_TEXT = {
  order_changed: 'Controleren: bestelling gewijzigd na start betaling',
  refund_due: 'Terugbetalen: bestelling geannuleerd',
} as const;

const amountCell = { th: { ta: 'right' }, td: { ta: 'right', style: { whiteSpace: 'nowrap' } } } as const;

/** Every column but the actions, which only the admin who may change payments gets. */
const PAYMENT_COLUMNS: Column<PaymentDto>[] = [
  { key: 'id', header: 'Nr', cell: (p) => p.id },
  { key: 'order', header: 'Bestelling', cell: (p) => (p.order_id !== null ? formatOrderNumber(p.order_id) : '-') },
  {
    key: 'customer',
    header: 'Klant',
    cell: (p) => (
      <>
        <Text size="sm">{p.name ?? '-'}</Text>
        <Text size="xs" c="dimmed">
          {p.email ?? ''}
        </Text>
      </>
    ),
  },
  {
    key: 'type',
    header: 'Methode',
    cell: (p) => (
      <>
        <Text size="sm">{p.type_text}</Text>
        {p.review && (
          <Badge color={p.review === 'refund_due' ? 'red' : 'orange'} variant="light" tt="none" data-testid="payment-review">
            {REVIEW_TEXT[p.review]}
          </Badge>
        )}
      </>
    ),
  },
  { key: 'amount', header: 'Bedrag', ...amountCell, cell: (p) => formatEuro(p.amount) },
  { key: 'date', header: 'Datum', cell: (p) => formatDateTime(p.created_at) },
];

export default function PaymentsTab() {
  const [editing, setEditing] = useState<PaymentDto | 'new' | null>(null);
  // The bookkeeper reads payments: no add, change or delete (docs/RULES.md, 'Roles').
  const readOnly = useReadOnlyAdmin();
  const list = usePagedSearch({ query: paymentsQuery, rows: (d) => d.payments, total: (d) => d.total, pageSize: PAYMENTS_PAGE_SIZE });
  const invalidSearch = list.q.trim() !== '' && parseOrderNumber(list.q) === null;
  const refresh = useRefreshPayments();
  const confirmDelete = useConfirm(useDeletePayment(), (p: PaymentDto) => p.id);
  const deleting = confirmDelete.target;

  const columns = readOnly
    ? PAYMENT_COLUMNS
    : [
        ...PAYMENT_COLUMNS,
        actionsColumn<PaymentDto>(
          (p) => [
            { label: 'Wijzigen', onClick: () => setEditing(p), disabled: p.order_id === null },
            { label: 'Verwijderen', color: 'red', onClick: () => confirmDelete.ask(p), hidden: !isDeletablePaymentType(p.payment_type) },
          ],
          { end: true },
        ),
      ];

  return (
    <AdminTab title="Betalingen" action={!readOnly && <Button onClick={() => setEditing('new')}>Betaling toevoegen</Button>}>
      <ExportForm kind="payments" />
      <DataTable
        {...list.table}
        searchBox={{
          label: 'Zoek op bestelnummer',
          placeholder: 'FCU2123 of 123',
          maw: 320,
          error: invalidSearch ? 'Vul een bestelnummer in, bijvoorbeeld FCU2123.' : undefined,
        }}
        label="Betalingen"
        columns={columns}
        rowProps={(p) => ({ 'data-payment': p.id })}
        minWidth={760}
        empty="Er zijn geen betalingen gevonden."
      />
      {editing && (
        <PaymentModal
          payment={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmModal {...confirmDelete.modal} title="Betaling verwijderen" centered closeLabel={null}>
        {deleting && (
          <Text>
            Weet je zeker dat je betaling {deleting.id} ({deleting.type_text}, {formatEuro(deleting.amount)}) van bestelling{' '}
            {deleting.order_id !== null ? formatOrderNumber(deleting.order_id) : '-'} wilt verwijderen?
          </Text>
        )}
      </ConfirmModal>
    </AdminTab>
  );
}
