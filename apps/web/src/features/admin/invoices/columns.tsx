// The columns both admin lists of quotes and invoices start with: number, type, customer, total, paid.
import type { ReactNode } from 'react';
import { formatEuro } from '@umrah/domain/money';
import { formatOrderNumber } from '@umrah/domain/order-number';
import type { Column } from '../../../components/admin-kit/DataTable';
import type { Invoice } from './api';

const amount = { th: { ta: 'right' }, td: { ta: 'right', style: { whiteSpace: 'nowrap' } } } as const;

export const invoiceColumns = ({ customer }: { customer: (inv: Invoice) => ReactNode }): Column<Invoice>[] => [
  { key: 'number', header: 'Nummer', cell: (inv) => formatOrderNumber(inv.id) },
  { key: 'type', header: 'Type', cell: (inv) => inv.type_label },
  { key: 'customer', header: 'Klant', cell: customer },
  { key: 'total', header: 'Totaal', ...amount, cell: (inv) => formatEuro(inv.total_price) },
  { key: 'paid', header: 'Betaald', ...amount, cell: (inv) => formatEuro(inv.total_payments) },
];
