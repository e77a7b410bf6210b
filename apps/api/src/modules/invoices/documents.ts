import {
  DOCUMENT_MSG,
  ORDER_DOCUMENTS,
  invoiceDocumentFilename,
  invoiceDownPaymentFilename,
  isUmrahType,
  orderDocumentProblem,
  paymentTypeText,
  type CompanyDetails,
  type OrderDocumentKind,
  type PdfDownload,
} from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import {
  invoiceDocumentPdf,
  invoiceDownPaymentPdf,
  orderCreditInvoicePdf,
  orderDownPaymentCreditPdf,
  orderDownPaymentPdf,
  orderInvoicePdf,
  type OrderPdfData,
} from '../../infra/pdf/index.ts';
import type { UserRow } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { loadOrderDtos, type OrderDto } from '../../lib/order-dto.ts';
import { paymentsOfOrders } from '../payments/index.ts';
import { latestIssued, pdfCustomer, pdfLinesAndRooms, renderIssued } from './issued.ts';
import { invoiceFor, isStaff, itemLines } from './service.ts';

// The PDF downloads: an order's invoice, down-payment proof and credit documents, and a quote's own
// document. Each answers the PDF as base64 JSON for the browser to save.

type Ctx = Pick<AppContext, 'db' | 'config'>;

const toDownload = (filename: string, pdf: Buffer): PdfDownload => ({
  filename,
  content_type: 'application/pdf',
  data: pdf.toString('base64'),
});

/** Everything a document of this order prints, read through the orders and payments modules. */
export async function orderPdfData(db: DbOrTx, order: OrderDto, company: CompanyDetails): Promise<OrderPdfData> {
  const paymentRows = (await paymentsOfOrders(db, [order.id])).get(order.id) ?? [];
  const trips = new Map<string, { label: string; start: string | null; end: string | null }>();
  for (const p of order.products) {
    if (!isUmrahType(p.type)) continue;
    const key = JSON.stringify([p.label, p.start, p.end]);
    if (!trips.has(key)) trips.set(key, { label: p.label, start: p.start, end: p.end });
  }
  const cancelledAt = order.flex.cancelled_at;
  return {
    company,
    orderId: order.id,
    createdAt: new Date(order.created_at),
    total: order.total_price,
    customer: await pdfCustomer(db, order.user_id),
    ...pdfLinesAndRooms(order),
    trips: [...trips.values()],
    payments: paymentRows.map((p) => ({ date: p.createdAt, typeText: paymentTypeText(p.paymentType), amount: p.amount })),
    cancelledAt: typeof cancelledAt === 'string' ? new Date(cancelledAt) : null,
  };
}

const RENDER: Record<OrderDocumentKind, (d: OrderPdfData) => Promise<Buffer>> = {
  invoice: orderInvoicePdf,
  down_payment: orderDownPaymentPdf,
  invoice_credit: orderCreditInvoicePdf,
  down_payment_credit: orderDownPaymentCreditPdf,
};

/** The kinds that are issued documents: rendered from what was stored when they were issued. */
const ISSUED: Partial<Record<OrderDocumentKind, 'invoice' | 'credit_note'>> = { invoice: 'invoice', invoice_credit: 'credit_note' };

/**
 * Renders one document of an order (no rules checked: callers decide it exists). The invoice and
 * the credit invoice are the latest issued ones, rendered from their snapshot (409 when none was
 * issued); the down-payment proof and its credit note are views of the order as it is.
 */
export async function renderOrderDocument(ctx: Ctx, order: OrderDto, kind: OrderDocumentKind) {
  const issuedKind = ISSUED[kind];
  if (issuedKind) {
    const row = await latestIssued(ctx.db, order.id, issuedKind);
    if (!row) throw conflict(kind === 'invoice' ? DOCUMENT_MSG.invoiceNotYet : DOCUMENT_MSG.creditInvoiceNotAvailable);
    return renderIssued(row);
  }
  const pdf = await RENDER[kind](await orderPdfData(ctx.db, order, ctx.config.company));
  return { filename: ORDER_DOCUMENTS[kind].filename(order.id), pdf };
}

/**
 * POST /api/order/{invoice|down_payment|invoice_credit|down_payment_credit}/{id}: for the owner or
 * staff, when the order's payments make that document exist (409 with the reason otherwise).
 */
export async function orderDocument(ctx: Ctx, user: UserRow, orderId: number, kind: OrderDocumentKind): Promise<PdfDownload> {
  const [order] = await loadOrderDtos(ctx.db, [orderId]);
  // Someone else's order looks the same as one that does not exist.
  if (!order || (!isStaff(user) && order.user_id !== user.id)) throw notFound(DOCUMENT_MSG.orderNotFound);
  // An issued invoice or credit note stays the customer's document whatever the order became since.
  const issuedKind = ISSUED[kind];
  const issued = issuedKind ? await latestIssued(ctx.db, order.id, issuedKind) : undefined;
  if (issued) {
    const { filename, pdf } = await renderIssued(issued);
    return toDownload(filename, pdf);
  }
  const problem = orderDocumentProblem(kind, { status: order.status, total: order.total_price, paid: order.total_payments });
  if (problem) throw conflict(problem);
  const { filename, pdf } = await renderOrderDocument(ctx, order, kind);
  return toDownload(filename, pdf);
}

async function invoicePdfData(ctx: Ctx, user: UserRow, id: number) {
  const l = await invoiceFor(ctx.db, user, id);
  return {
    company: ctx.config.company,
    id: l.invoice.id,
    type: l.invoice.type,
    createdAt: l.invoice.createdAt,
    expireDate: l.invoice.expireDate,
    customer: await pdfCustomer(ctx.db, l.invoice.userId),
    items: itemLines(l.items),
    payments: l.payments.map((p) => ({ date: p.createdAt, typeText: paymentTypeText(p.paymentType), amount: p.amount })),
    url: `${ctx.config.publicUrl}/offerte/${encodeURIComponent(l.invoice.token)}`,
  };
}

/** POST /api/invoices_invoice/{id}: the quote or invoice document, for the owner or staff. */
export async function invoiceDocument(ctx: Ctx, user: UserRow, id: number): Promise<PdfDownload> {
  const data = await invoicePdfData(ctx, user, id);
  return toDownload(invoiceDocumentFilename(data.type, data.id), await invoiceDocumentPdf(data));
}

/** POST /api/invoices_down/{id}: the down-payment proof of a quote that is paid in part. */
export async function invoiceDownPaymentDocument(ctx: Ctx, user: UserRow, id: number): Promise<PdfDownload> {
  const data = await invoicePdfData(ctx, user, id);
  const total = data.items.reduce((s, i) => s + i.quantity * i.unitPrice, 0);
  const paid = data.payments.reduce((s, p) => s + p.amount, 0);
  if (paid <= 0) throw conflict(DOCUMENT_MSG.nothingPaid);
  if (paid >= total) throw conflict(DOCUMENT_MSG.downPaymentNotAvailable);
  return toDownload(invoiceDownPaymentFilename(data.id), await invoiceDownPaymentPdf(data));
}
