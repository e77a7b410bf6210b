import { documentTotals, formatDate, formatOrderNumber, invoiceTypeTitle, type CompanyDetails, type DocumentLine, InvoiceType } from '@umrah/domain';
import type { PdfSection } from './render.ts';
import {
  documentPdf,
  downPaymentSummary,
  lastPaymentDate,
  paidSummary,
  paymentSection,
  sumPaid,
  type PdfCustomer,
  type PdfHead,
  type PdfPayment,
} from './document-parts.ts';

// The document of a quote or invoice from the quote tab: the quote or invoice itself and its down-payment proof.

export interface InvoicePdfData {
  company: CompanyDetails;
  id: number;
  /** 0 quote, 1 invoice */
  type: number;
  createdAt: Date;
  expireDate: string | null;
  customer: PdfCustomer;
  items: { label: string; quantity: number; unitPrice: number; vatRate: number }[];
  payments: PdfPayment[];
  /** The public page where it can be viewed and paid. */
  url?: string;
}

function invoiceBase(data: InvoicePdfData) {
  const lines: DocumentLine[] = data.items.map((i) => ({ ...i }));
  return { lines, totals: documentTotals(lines), paid: sumPaid(data.payments) };
}

/** Every quote document: only `body` after the customer. */
const invoicePdf = (data: InvoicePdfData, head: PdfHead, body: PdfSection[]) => documentPdf(data.id, data, head, body);

/** The quote ('Offerte') or invoice ('Factuur') itself, with its payments so far. */
export function invoiceDocumentPdf(data: InvoicePdfData): Promise<Buffer> {
  const { lines, totals, paid } = invoiceBase(data);
  const title = invoiceTypeTitle(data.type);
  const quote = data.type === InvoiceType.QUOTE;
  const open = Math.max(0, totals.incl - paid);
  const closing =
    open === 0
      ? `Deze ${quote ? 'offerte' : 'factuur'} is volledig betaald. Bedankt!`
      : quote
        ? `Deze offerte is geldig tot en met ${formatDate(data.expireDate)}.${data.url ? ` Bekijken en online betalen kan via ${data.url}` : ''}`
        : `Graag ontvangen we het openstaande bedrag vóór ${formatDate(data.expireDate)}.${data.url ? ` Online betalen kan via ${data.url}` : ''}`;
  return invoicePdf(
    data,
    {
      title,
      meta: [
        [quote ? 'Offertenummer' : 'Factuurnummer', formatOrderNumber(data.id)],
        ['Datum', formatDate(data.createdAt)],
        [quote ? 'Geldig tot' : 'Vervaldatum', formatDate(data.expireDate)],
      ],
    },
    [
      { kind: 'lines', heading: 'Specificatie', lines, totals },
      ...(data.payments.length ? [paymentSection(data.payments)] : []),
      paidSummary(paid, open),
      { kind: 'text', text: closing },
    ],
  );
}

/** Aanbetalingsbewijs of a quote or invoice that is paid in part. */
export function invoiceDownPaymentPdf(data: InvoicePdfData): Promise<Buffer> {
  const { lines, totals, paid } = invoiceBase(data);
  return invoicePdf(
    data,
    {
      title: 'Aanbetalingsbewijs',
      subtitle: `Bij ${invoiceTypeTitle(data.type).toLowerCase()} ${formatOrderNumber(data.id)}`,
      meta: [
        [data.type === InvoiceType.QUOTE ? 'Offertenummer' : 'Factuurnummer', formatOrderNumber(data.id)],
        ['Datum', formatDate(lastPaymentDate(data.payments, data.createdAt))],
      ],
    },
    [
      { kind: 'lines', heading: 'Specificatie', lines, totals },
      paymentSection(data.payments, 'Ontvangen betalingen'),
      downPaymentSummary(paid, totals),
      { kind: 'text', text: 'Dit is een bewijs van je aanbetaling en geen factuur.' },
    ],
  );
}
