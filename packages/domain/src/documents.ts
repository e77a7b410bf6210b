import { DocumentType, OrderStatus } from './enums.ts';
import { exclVat } from './money.ts';
import { formatOrderNumber } from './order-number.ts';

// Invoices, down-payment proofs, credit notes and quotes: which document exists when, what it is
// called, and its VAT breakdown. Pure functions over cents, shared by the PDF writer, the API rules
// and the web screens that decide which download buttons to show.

/** The VAT rates a quote item may carry (docs/RULES.md, 'Validation: Quote form'); order lines are 21 %. */
export const VAT_TYPES = [21, 9, 0] as const;
export type VatType = (typeof VAT_TYPES)[number];

/** One priced line of a document; `unitPrice` includes VAT and may be negative (a discount). */
export interface DocumentLine {
  label: string;
  quantity: number;
  /** cents, including VAT */
  unitPrice: number;
  /** percent: 21, 9 or 0 */
  vatRate: number;
}

export interface VatRow {
  rate: number;
  /** cents including VAT */
  incl: number;
  /** cents excluding VAT: incl / (100 + rate) × 100, rounded to the cent */
  excl: number;
  vat: number;
}

export interface DocumentTotals {
  /** Per rate, highest rate first; only the rates the document uses. */
  breakdown: VatRow[];
  excl: number;
  vat: number;
  incl: number;
}

export const lineTotal = (l: Pick<DocumentLine, 'quantity' | 'unitPrice'>) => l.quantity * l.unitPrice;

/**
 * VAT per rate. The VAT is taken from the sum per rate, not per line, so the rounding happens once
 * per rate and excl + vat always equals incl.
 */
export function vatBreakdown(lines: readonly DocumentLine[]): VatRow[] {
  const perRate = new Map<number, number>();
  for (const l of lines) perRate.set(l.vatRate, (perRate.get(l.vatRate) ?? 0) + lineTotal(l));
  return [...perRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, incl]) => {
      const excl = exclVat(incl, rate);
      return { rate, incl, excl, vat: incl - excl };
    });
}

const totalsOf = (breakdown: VatRow[]): DocumentTotals => ({
  breakdown,
  excl: breakdown.reduce((s, r) => s + r.excl, 0),
  vat: breakdown.reduce((s, r) => s + r.vat, 0),
  incl: breakdown.reduce((s, r) => s + r.incl, 0),
});

export const documentTotals = (lines: readonly DocumentLine[]): DocumentTotals => totalsOf(vatBreakdown(lines));

/**
 * The VAT in a part of a document's amount (a down payment, or the credit of one): the amount is
 * split over the rates in proportion to their share of the total; the last rate takes the cents
 * rounding leaves over, so the parts add up to the amount exactly.
 */
export function proportionalTotals(amount: number, of: DocumentTotals): DocumentTotals {
  const rows = of.breakdown.filter((r) => r.incl !== 0);
  if (rows.length === 0 || of.incl === 0) {
    const excl = exclVat(amount);
    return totalsOf([{ rate: 21, incl: amount, excl, vat: amount - excl }]);
  }
  let left = amount;
  const parts = rows.map((r, i) => {
    const incl = i === rows.length - 1 ? left : Math.round((amount * r.incl) / of.incl);
    left -= incl;
    const excl = exclVat(incl, r.rate);
    return { rate: r.rate, incl, excl, vat: incl - excl };
  });
  return totalsOf(parts);
}

/** The same lines with the opposite sign: what a credit invoice lists. */
export const negateLines = (lines: readonly DocumentLine[]): DocumentLine[] => lines.map((l) => ({ ...l, unitPrice: -l.unitPrice }));

/**
 * The VAT rate of an order line: everything the agency sells carries 21 %; a donation to a
 * crowdfund is passed on, not sold, so it carries no VAT.
 */
export const orderLineVatRate = (kind: string | undefined): number => (kind === 'donation' ? 0 : 21);

/** Paid share in percent (0 when nothing is due and nothing paid). */
export function paidShare(paid: number, total: number): number {
  if (total <= 0) return paid > 0 ? 100 : 0;
  return (paid / total) * 100;
}

// ------------------------------------------------------------------------------------------------
// Order documents

export type OrderDocumentKind = 'invoice' | 'down_payment' | 'invoice_credit' | 'down_payment_credit';

export interface OrderDocumentInfo {
  kind: OrderDocumentKind;
  type: DocumentType;
  /** Title on the document and the download button. */
  title: string;
  /** The API path below /api/order/. */
  path: string;
  filename: (orderId: number) => string;
}

/** docs/RULES.md, 'Constants': 'factuur-FCU{id}.pdf' and 'aanbetalingsbewijs-FCU{id}.pdf'; the credit notes follow suit. */
export const ORDER_DOCUMENTS: Record<OrderDocumentKind, OrderDocumentInfo> = {
  invoice: {
    kind: 'invoice',
    type: DocumentType.INVOICE,
    title: 'Factuur',
    path: 'invoice',
    filename: (id) => `factuur-FCU${id}.pdf`,
  },
  down_payment: {
    kind: 'down_payment',
    type: DocumentType.DOWN_PAYMENT,
    title: 'Aanbetalingsbewijs',
    path: 'down_payment',
    filename: (id) => `aanbetalingsbewijs-FCU${id}.pdf`,
  },
  invoice_credit: {
    kind: 'invoice_credit',
    type: DocumentType.CREDIT_INVOICE,
    title: 'Creditfactuur',
    path: 'invoice_credit',
    filename: (id) => `creditfactuur-FCU${id}.pdf`,
  },
  down_payment_credit: {
    kind: 'down_payment_credit',
    type: DocumentType.DOWN_PAYMENT_CREDIT,
    title: 'Creditnota aanbetaling',
    path: 'down_payment_credit',
    filename: (id) => `creditnota-aanbetaling-FCU${id}.pdf`,
  },
};

export interface OrderMoneyState {
  status: number;
  /** cents */
  total: number;
  /** cents paid so far */
  paid: number;
}

/**
 * Which documents an order has (docs/RULES.md, 'Screens: My orders', 'States'): the invoice once the
 * paid share is 100 % or more (or a € 0 order is completed), the down-payment proof while it is above
 * 0 and below 100 %; for a cancelled order
 * with a payment, the credit invoice when the payments cover the total, else the down-payment
 * credit note.
 */
export function orderDocumentAvailable(kind: OrderDocumentKind, o: OrderMoneyState): boolean {
  const share = paidShare(o.paid, o.total);
  const cancelled = o.status === OrderStatus.CANCELLED;
  switch (kind) {
    case 'invoice':
      // An order of € 0 is completed without a payment and gets its invoice all the same (docs/INVOICES.md).
      return (o.paid > 0 && share >= 100) || (o.status === OrderStatus.COMPLETED && o.total <= 0);
    case 'down_payment':
      return o.paid > 0 && share < 100;
    case 'invoice_credit':
      return cancelled && o.paid > 0 && share >= 100;
    case 'down_payment_credit':
      return cancelled && o.paid > 0 && share < 100;
  }
}

export const availableOrderDocuments = (o: OrderMoneyState): OrderDocumentKind[] =>
  (Object.keys(ORDER_DOCUMENTS) as OrderDocumentKind[]).filter((k) => orderDocumentAvailable(k, o));

/** The credit note that goes with a cancelled order, or null when nothing was paid. */
export function creditDocumentFor(o: Omit<OrderMoneyState, 'status'>): OrderDocumentKind | null {
  if (o.paid <= 0) return null;
  return paidShare(o.paid, o.total) >= 100 ? 'invoice_credit' : 'down_payment_credit';
}

export const DOCUMENT_MSG = {
  invoiceNotYet: 'De factuur is beschikbaar zodra de bestelling volledig is betaald.',
  downPaymentNotAvailable: 'Een aanbetalingsbewijs is er alleen bij een gedeeltelijk betaalde bestelling.',
  creditNotCancelled: 'Een creditnota is er alleen voor een geannuleerde bestelling.',
  creditInvoiceNotAvailable: 'Een creditfactuur is er alleen als de betalingen het totaal dekken; kies de creditnota aanbetaling.',
  downPaymentCreditNotAvailable: 'Een creditnota aanbetaling is er alleen als er gedeeltelijk is betaald.',
  nothingPaid: 'Op deze bestelling is nog niets betaald.',
  orderNotFound: 'Bestelling niet gevonden.',
  cancelled: 'Bestelling is geannuleerd.',
  alreadyCancelled: 'Deze bestelling was al geannuleerd.',
  downloadFailed: 'Het document kon niet worden gedownload.',
  issuedNotFound: 'Factuur niet gevonden.',
} as const;

/** Why a document cannot be made for this order (the API's 409 text), or null when it can. */
export function orderDocumentProblem(kind: OrderDocumentKind, o: OrderMoneyState): string | null {
  if (orderDocumentAvailable(kind, o)) return null;
  if (o.paid <= 0) return DOCUMENT_MSG.nothingPaid;
  switch (kind) {
    case 'invoice':
      return DOCUMENT_MSG.invoiceNotYet;
    case 'down_payment':
      return DOCUMENT_MSG.downPaymentNotAvailable;
    case 'invoice_credit':
      return o.status !== OrderStatus.CANCELLED ? DOCUMENT_MSG.creditNotCancelled : DOCUMENT_MSG.creditInvoiceNotAvailable;
    case 'down_payment_credit':
      return o.status !== OrderStatus.CANCELLED ? DOCUMENT_MSG.creditNotCancelled : DOCUMENT_MSG.downPaymentCreditNotAvailable;
  }
}

// ------------------------------------------------------------------------------------------------
// Quotes and invoices (the invoices table)

/** invoices.status: follows from the payments on it. */
export const InvoiceStatus = { OPEN: 0, PAID: 1, PARTIALLY_PAID: 2 } as const;
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = { 0: 'Open', 1: 'Betaald', 2: 'Gedeeltelijk betaald' };

export function invoiceStatusFor(paid: number, total: number): InvoiceStatus {
  if (paid > 0 && paid >= total) return InvoiceStatus.PAID;
  if (paid > 0) return InvoiceStatus.PARTIALLY_PAID;
  return InvoiceStatus.OPEN;
}

/** 'Offerte' for type 0, 'Factuur' for type 1. */
export const invoiceTypeTitle = (type: number) => (type === 0 ? 'Offerte' : 'Factuur');
/** docs/RULES.md, 'Screens': 'Offerte nr #FCU2{id}' or 'Factuur nr #FCU2{id}'. */
export const invoiceHeading = (type: number, id: number) => `${invoiceTypeTitle(type)} nr #${formatOrderNumber(id)}`;
/** Kept for the web's visa page, which imports it under this name. */
export const invoiceNumber = formatOrderNumber;

/** File names of the invoices' own documents (POST invoices_invoice/{id}, invoices_down/{id}). */
export const invoiceDocumentFilename = (type: number, id: number) => `${type === 0 ? 'offerte' : 'factuur'}-FCU${id}.pdf`;
export const invoiceDownPaymentFilename = (id: number) => `aanbetalingsbewijs-FCU${id}.pdf`;

/** What a document download answers: the PDF as base64, for the browser to save. */
export interface PdfDownload {
  filename: string;
  content_type: 'application/pdf';
  /** base64 */
  data: string;
}

// ------------------------------------------------------------------------------------------------
// Issued invoices and credit notes of orders (docs/INVOICES.md): numbered once, kept as issued

export type IssuedKind = 'invoice' | 'credit_note';
export const issuedKindLabels: Record<IssuedKind, string> = { invoice: 'Factuur', credit_note: 'Creditfactuur' };

/**
 * An order's n-th invoice: the first keeps the order number (the spec's 'Factuur nr #FCU2{id}'),
 * a later one (after a credited change) adds '-n'. Unique across orders: the '-' ends the id.
 */
export const issuedInvoiceNumber = (orderId: number, version: number) =>
  version === 1 ? formatOrderNumber(orderId) : `${formatOrderNumber(orderId)}-${version}`;

/** Credit notes are their own series: the credited invoice's number with '-C' (one credit note per invoice). */
export const creditNoteNumber = (invoiceNumber: string) => `${invoiceNumber}-C`;

/** File name of an issued document: the spec's 'factuur-FCU{id}.pdf' for the first invoice. */
export function issuedDocumentFilename(kind: IssuedKind, orderId: number, version: number): string {
  const base = kind === 'invoice' ? ORDER_DOCUMENTS.invoice.filename(orderId) : ORDER_DOCUMENTS.invoice_credit.filename(orderId);
  return version === 1 ? base : base.replace(/\.pdf$/, `-${version}.pdf`);
}
