// The admin's quote and invoice list (shared by 'Facturen/aanbetalingsbewijzen' and 'Maak offerte
// aan') and the documents of one order looked up by its number.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { fetchAdminInvoices, invoiceKeys } from '../../invoices';
import type { OrderAnswer } from '@umrah/domain/contracts';

export { INVOICES_PAGE_SIZE, downloadWithNotice, type Invoice } from '../../invoices';

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
    queryFn: ({ signal }) => apiGet<OrderAnswer>(`/api/order/${orderId}`, undefined, signal).then((r) => r.order),
    enabled: orderId !== null,
    retry: false,
  });
