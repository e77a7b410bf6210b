// The admin's quote and invoice list (shared by 'Facturen/aanbetalingsbewijzen' and 'Maak offerte
// aan') and the documents of one order looked up by its number.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { pagedListKeys } from '../../../components/admin-kit/usePagedSearch';
import { INVOICES_PAGE_SIZE, fetchAdminInvoices, invoiceKeys } from '../../invoices';

export { INVOICES_PAGE_SIZE, downloadWithNotice, type Invoice } from '../../invoices';
export type { IssuedDocument } from '@umrah/domain/contracts';

export const adminInvoiceKeys = {
  all: invoiceKeys.admin,
  list: (q: string, page: number) => [...invoiceKeys.admin, q, page] as const,
  orderDocuments: (orderId: number | null) => ['admin', 'order-documents', orderId] as const,
};

export const adminInvoicesQuery = (q: string, page: number) =>
  queryOptions({ queryKey: adminInvoiceKeys.list(q, page), queryFn: ({ signal }) => fetchAdminInvoices(q, page, signal) });

/** The order whose documents the admin looks up; null until a number is searched. */
export const orderDocumentsQuery = (orderId: number | null) =>
  queryOptions({
    queryKey: adminInvoiceKeys.orderDocuments(orderId),
    queryFn: ({ signal }) => {
      if (orderId === null) throw new Error('No order number searched');
      return apiGet('/api/order/:id', { params: { id: orderId }, signal }).then((r) => r.order);
    },
    enabled: orderId !== null,
    retry: false,
  });

/** The issued invoices and credit notes of orders (docs/INVOICES.md), newest first. */
export const adminIssuedKeys = pagedListKeys(['admin', 'issued-invoices']);

export const adminIssuedQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminIssuedKeys.list(q, page),
    queryFn: ({ signal }) => apiGet('/api/invoices/issued', { query: { q: q.trim() || undefined, page, pageSize: INVOICES_PAGE_SIZE }, signal }),
  });
