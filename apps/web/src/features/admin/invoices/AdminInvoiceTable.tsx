// The admin's list of quotes and invoices, searched by number, email or name: the documents tab
// shows it with the PDFs, 'Maak offerte aan' with status, expiry and the quote actions.
import type { ReactNode } from 'react';
import { formatEuro } from '@umrah/domain/money';
import { formatOrderNumber } from '@umrah/domain/order-number';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { adminInvoicesQuery, INVOICES_PAGE_SIZE, type Invoice } from './api';

const amount = { th: { ta: 'right' }, td: { ta: 'right', style: { whiteSpace: 'nowrap' } } } as const;

export function AdminInvoiceTable({
  label,
  customer,
  columns,
  minWidth,
  empty,
}: {
  label: string;
  /** The customer cell. */
  customer: (inv: Invoice) => ReactNode;
  /** The columns after number, type, customer, total and paid. */
  columns: Column<Invoice>[];
  minWidth: number;
  empty: string;
}) {
  const list = usePagedSearch({ query: adminInvoicesQuery, rows: (d) => d.invoices, total: (d) => d.total, pageSize: INVOICES_PAGE_SIZE });
  const all: Column<Invoice>[] = [
    { key: 'number', header: 'Nummer', cell: (inv) => formatOrderNumber(inv.id) },
    { key: 'type', header: 'Type', cell: (inv) => inv.type_label },
    { key: 'customer', header: 'Klant', cell: customer },
    { key: 'total', header: 'Totaal', ...amount, cell: (inv) => formatEuro(inv.total_price) },
    { key: 'paid', header: 'Betaald', ...amount, cell: (inv) => formatEuro(inv.total_payments) },
    ...columns,
  ];
  return (
    <DataTable
      {...list.table}
      searchBox={{ placeholder: 'Nummer, email of naam' }}
      label={label}
      columns={all}
      rowProps={(inv) => ({ 'data-invoice': inv.id })}
      minWidth={minWidth}
      skeletonRows={2}
      empty={empty}
    />
  );
}
