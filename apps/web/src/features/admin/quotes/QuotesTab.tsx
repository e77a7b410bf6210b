// Admin 'Maak offerte aan': the quotes and invoices made for customers (paginated, searchable),
// the add/edit modal, the public link and the PDF.
import { useState } from 'react';
import { Anchor, Badge, Button, Text } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { formatOrderNumber } from '@umrah/domain/order-number';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import type { Column } from '../../../components/admin-kit/DataTable';
import { actionsColumn } from '../../../components/admin-kit/RowActions';
import { notifySuccess } from '../../../lib/notify';
import { AdminInvoiceTable } from '../invoices';
import { downloadWithNotice, type Invoice } from './api';
import { QuoteFormModal } from './QuoteFormModal';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'blue' };

const customerWithId = (inv: Invoice) => (
  <>
    <Text size="sm">{inv.user.email}</Text>
    <Text size="xs" c="dimmed">
      gebruiker {inv.user_id}
    </Text>
  </>
);

const publicLink = (inv: Invoice) => (
  <Anchor href={`/offerte/${inv.token}`} target="_blank" rel="noopener" size="sm" aria-label={`Openbare pagina van ${formatOrderNumber(inv.id)}`}>
    Bekijken
  </Anchor>
);

const copyLink = (inv: Invoice) =>
  navigator.clipboard?.writeText(`${window.location.origin}/offerte/${inv.token}`).then(
    () => notifySuccess('Link gekopieerd.'),
    () => undefined,
  );

export default function QuotesTab() {
  const [editing, setEditing] = useState<Invoice | 'new' | null>(null);

  const columns: Column<Invoice>[] = [
    {
      key: 'status',
      header: 'Status',
      cell: (inv) => (
        <Badge color={STATUS_COLOR[inv.status] ?? 'gray'} variant="light" tt="none">
          {inv.status_label}
        </Badge>
      ),
    },
    { key: 'expires', header: 'Geldig tot', cell: (inv) => formatDate(inv.expire_date) },
    actionsColumn(
      (inv) => [
        { label: 'Link kopiëren', onClick: () => copyLink(inv) },
        { label: 'Wijzigen', onClick: () => setEditing(inv), disabled: inv.payments.length > 0 },
        { label: 'PDF', onClick: () => downloadWithNotice('/api/invoices_invoice/:id', inv.id) },
      ],
      { header: 'Acties', size: 'compact-sm', variant: 'default', before: publicLink },
    ),
  ];

  return (
    <AdminTab title="Maak offerte aan" action={<Button onClick={() => setEditing('new')}>Offerte toevoegen</Button>}>
      <AdminInvoiceTable label="Offertes en facturen" customer={customerWithId} columns={columns} minWidth={900} empty="Er zijn nog geen offertes." />
      {editing && <QuoteFormModal invoice={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </AdminTab>
  );
}
