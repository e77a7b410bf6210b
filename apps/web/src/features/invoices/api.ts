// The calls of quotes, invoices and PDF documents, and saving a base64 PDF in the browser.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BodyOf, PathOf, ResponseOf } from '@umrah/domain/contracts/routes';
import { DOCUMENT_MSG, type OrderDocumentKind, type PdfDownload } from '@umrah/domain/documents';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { checkedAnswer } from '../../lib/answer';
import { showNotification } from '../../lib/notify';

export type { Invoice, InvoiceItem, InvoicePayment } from '@umrah/domain/contracts/invoices';

export const INVOICES_PAGE_SIZE = 20;

export const invoiceKeys = {
  admin: ['admin', 'invoices'] as const,
  own: ['invoices'] as const,
  token: (token: string) => ['invoice-by-token', token] as const,
};

export const fetchAdminInvoices = (q: string, page: number, signal?: AbortSignal) =>
  apiGet('/api/invoices/admin', { query: { q: q.trim() || undefined, page, pageSize: INVOICES_PAGE_SIZE }, signal });

export const fetchOwnInvoices = (signal?: AbortSignal) => apiGet('/api/invoices', { signal }).then((r) => r.invoices);

/** Public: no bearer token is sent, so an expired session never gets in the way of the quote page. */
export const fetchInvoiceByToken = (token: string, signal?: AbortSignal) =>
  apiPost('/api/invoiceByToken', { body: { token }, auth: false, signal }).then((r) => r.invoice);

/** An empty or { status: 'error' } answer fails with its text or 'An unknown error occured.' (docs/RULES.md, 'Messages'). */
/** The customer's own quotes and invoices, fresh on every visit of 'Mijn bestellingen'. */
export const useOwnInvoices = () => useQuery({ queryKey: invoiceKeys.own, queryFn: ({ signal }) => fetchOwnInvoices(signal), staleTime: 0 });

/** The quote page's invoice; an unknown token (4xx) is final. */
export const invoiceByTokenQuery = (token: string) =>
  queryOptions({
    queryKey: invoiceKeys.token(token),
    queryFn: ({ signal }) => fetchInvoiceByToken(token, signal),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    staleTime: 0,
  });

export type InvoiceBody = BodyOf<'POST', '/api/invoice'>;
export const saveInvoice = (id: number | null, body: InvoiceBody) =>
  checkedAnswer(id ? apiPost('/api/invoice/:id', { params: { id }, body }) : apiPost('/api/invoice', { body }));

export const payInvoiceByToken = (token: string) =>
  apiPost('/api/invoicePayment', { body: { token }, auth: false }).then((r) => r.transaction.paymentURL);

/** 'Betalen' on the quote page: on to the provider's page. */
export const usePayInvoice = (token: string) => useMutation({ mutationFn: async () => window.location.assign(await payInvoiceByToken(token)) });

/** Saves a PDF the API sent as base64 under its own file name. */
export function savePdf(doc: PdfDownload) {
  const binary = atob(doc.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: doc.content_type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = doc.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has started the download by now; the object URL only needs to live that long.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The document calls that answer a PDF (order/invoice/:id, invoices_invoice/:id, ...): POSTs, as the route map has them. */
export type PdfPath = { [P in PathOf<'POST'>]: ResponseOf<'POST', P> extends PdfDownload ? P : never }[PathOf<'POST'>];
/** An issued invoice or credit note is read again, not made: a GET. */
const ISSUED_PDF = '/api/invoices/issued/:id/pdf';

/** The PDF call of each order document (ORDER_DOCUMENTS in @umrah/domain/documents names the same paths). */
export const ORDER_DOCUMENT_PATHS = {
  invoice: '/api/order/invoice/:id',
  down_payment: '/api/order/down_payment/:id',
  invoice_credit: '/api/order/invoice_credit/:id',
  down_payment_credit: '/api/order/down_payment_credit/:id',
} as const satisfies Record<OrderDocumentKind, PdfPath>;

/** POSTs a document call and saves the PDF. */
export const downloadPdf = async (path: PdfPath, id: number) => savePdf(await apiPost(path, { params: { id } }));

/** downloadPdf for buttons without their own error place: a failure shows as a notification. */
export async function downloadWithNotice(path: PdfPath | typeof ISSUED_PDF, id: number) {
  try {
    if (path === ISSUED_PDF) savePdf(await apiGet(path, { params: { id } }));
    else await downloadPdf(path, id);
  } catch (err) {
    showNotification({ color: 'red', message: err instanceof ApiError ? err.message : DOCUMENT_MSG.downloadFailed });
  }
}
