// The invoices and credit notes issued for orders (docs/INVOICES.md): each once, with its own number and
// date; the PDF is the document as it was issued (the API renders it from the stored snapshot).
import { Badge } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { formatEuro } from '@umrah/domain/money';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { actionsColumn } from '../../../components/admin-kit/RowActions';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { adminIssuedQuery, downloadWithNotice, INVOICES_PAGE_SIZE, type IssuedDocument } from './api';

const amount = { th: { ta: 'right' }, td: { ta: 'right', style: { whiteSpace: 'nowrap' } } } as const;

const columns: Column<IssuedDocument>[] = [
  { key: 'number', header: 'Nummer', cell: (d) => d.number },
  {
    key: 'kind',
    header: 'Soort',
    cell: (d) => (
      <Badge variant="light" tt="none" color={d.kind === 'invoice' ? 'green' : 'orange'}>
        {d.kind_label}
      </Badge>
    ),
  },
  { key: 'date', header: 'Datum', cell: (d) => formatDate(d.issued_at) },
  { key: 'order', header: 'Bestelling', cell: (d) => d.order_number },
  { key: 'credits', header: 'Crediteert', cell: (d) => d.credits_number ?? '' },
  { key: 'customer', header: 'Klant', cell: (d) => `${d.customer} (${d.email})` },
  { key: 'total', header: 'Totaal', ...amount, cell: (d) => formatEuro(d.total) },
  actionsColumn((d) => [{ label: `${d.kind_label} ${d.number} (PDF)`, onClick: () => downloadWithNotice('/api/invoices/issued/:id/pdf', d.id) }], {
    header: 'Document',
    size: 'compact-sm',
    variant: 'default',
  }),
];

export function IssuedDocumentsTable() {
  const list = usePagedSearch({
    query: adminIssuedQuery,
    rows: (d) => d.documents,
    total: (d) => d.total,
    pageSize: INVOICES_PAGE_SIZE,
  });
  return (
    <DataTable
      {...list.table}
      searchBox={{ placeholder: 'Nummer, bestelnummer, email of naam' }}
      label="Uitgegeven facturen en creditfacturen"
      columns={columns}
      rowProps={(d) => ({ 'data-issued': d.id })}
      minWidth={880}
      skeletonRows={2}
      empty="Er zijn nog geen facturen uitgegeven."
    />
  );
}
