// Admin 'Maak offerte aan': the quotes and invoices made for customers (paginated, searchable),
// the add/edit modal, the public link and the PDF.
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { formatOrderNumber } from '@umrah/domain/order-number';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { notifySuccess } from '../../../lib/notify';
import { invoiceColumns } from '../invoices/columns';
import { adminInvoicesQuery, downloadWithNotice, INVOICES_PAGE_SIZE, type Invoice } from './api';
import { QuoteFormModal } from './QuoteFormModal';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'blue' };

const copyLink = (inv: Invoice) =>
  navigator.clipboard?.writeText(`${window.location.origin}/offerte/${inv.token}`).then(
    () => notifySuccess('Link gekopieerd.'),
    () => undefined,
  );

export default function QuotesTab() {
  const [editing, setEditing] = useState<Invoice | 'new' | null>(null);
  const list = usePagedSearch({ query: adminInvoicesQuery, rows: (d) => d.invoices, total: (d) => d.total, pageSize: INVOICES_PAGE_SIZE });

  const columns: Column<Invoice>[] = [
    ...invoiceColumns({
      customer: (inv) => (
        <>
          <Text size="sm">{inv.user.email}</Text>
          <Text size="xs" c="dimmed">
            gebruiker {inv.user_id}
          </Text>
        </>
      ),
    }),
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
    {
      key: 'actions',
      header: 'Acties',
      cell: (inv) => (
        <Group gap={6} wrap="nowrap">
          <Anchor
            href={`/offerte/${inv.token}`}
            target="_blank"
            rel="noopener"
            size="sm"
            aria-label={`Openbare pagina van ${formatOrderNumber(inv.id)}`}
          >
            Bekijken
          </Anchor>
          <Button size="compact-sm" variant="default" onClick={() => copyLink(inv)}>
            Link kopiëren
          </Button>
          <Button size="compact-sm" variant="default" disabled={inv.payments.length > 0} onClick={() => setEditing(inv)}>
            Wijzigen
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => downloadWithNotice(`/api/invoices_invoice/${inv.id}`)}>
            PDF
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Maak offerte aan
        </Title>
        <Button onClick={() => setEditing('new')}>Offerte toevoegen</Button>
      </Group>
      <DataTable
        {...list.table}
        searchBox={{ label: 'Zoeken', placeholder: 'Nummer, email of naam' }}
        label="Offertes en facturen"
        columns={columns}
        rowKey={(inv) => inv.id}
        rowProps={(inv) => ({ 'data-invoice': inv.id })}
        minWidth={900}
        skeletonRows={2}
        empty="Er zijn nog geen offertes."
        paginationLabel="Pagina's"
      />
      {editing && <QuoteFormModal invoice={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
