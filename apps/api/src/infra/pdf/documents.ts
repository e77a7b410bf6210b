import {
  ageCategoryLabels,
  documentTotals,
  formatDate,
  formatEuro,
  formatOrderNumber,
  invoiceTypeTitle,
  negateLines,
  orderLineVatRate,
  proportionalTotals,
  type AgeCategory,
  type CompanyDetails,
  type DocumentLine,
  type DocumentTotals,
  InvoiceType,
} from '@umrah/domain';
import { renderPdf } from './pool.ts';
import type { PdfColumn, PdfModel, PdfSection } from './render.ts';

// The shop's documents in Dutch: invoice, down-payment proof, credit invoice and down-payment
// credit note of an order, and the document of a quote or invoice from the quote tab. Each takes
// plain data (no database rows) and returns the PDF as a Buffer.

export interface PdfCustomer {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  zip: string;
  city: string;
  country: string;
}

export interface PdfPayment {
  date: Date;
  typeText: string;
  /** cents */
  amount: number;
}

export interface PdfGuest {
  firstName: string;
  lastName: string;
  ageCategory: number;
  europeanPassport: boolean;
  bedIncluded: boolean;
}

export interface OrderPdfData {
  company: CompanyDetails;
  orderId: number;
  createdAt: Date;
  /** cents, what the order costs */
  total: number;
  customer: PdfCustomer;
  /** Priced lines; `kind` decides the VAT rate (a donation carries none). */
  lines: { label: string; quantity: number; unitPrice: number; kind?: string }[];
  rooms: { roomType: number; exclusive: boolean; guests: PdfGuest[] }[];
  trips: { label: string; start: string | null; end: string | null }[];
  payments: PdfPayment[];
  /** When the order was cancelled (credit documents are dated then). */
  cancelledAt?: Date | null;
  /**
   * An issued invoice or credit note (modules/invoices/issued.ts): its own number and issue date,
   * and for a credit note the invoice it credits and why.
   */
  issue?: { number: string; issuedAt: Date; credits?: string; reason?: 'cancelled' | 'refunded' | 'changed' };
}

const sumPaid = (payments: PdfPayment[]) => payments.reduce((s, p) => s + p.amount, 0);
const lastPaymentDate = (payments: PdfPayment[], fallback: Date) =>
  payments.reduce<Date | null>((d, p) => (!d || p.date > d ? p.date : d), null) ?? fallback;

function customerBlock(c: PdfCustomer) {
  return {
    name: `${c.firstName} ${c.lastName}`.trim(),
    lines: [c.address, `${c.zip} ${c.city}`.trim(), c.country, c.email],
  };
}

const documentLines = (data: OrderPdfData): DocumentLine[] =>
  data.lines.map((l) => ({ label: l.label, quantity: l.quantity, unitPrice: l.unitPrice, vatRate: orderLineVatRate(l.kind) }));

/** A table with a column per [header, width], left out when it has no rows. */
const tableIfAny = (heading: string, columns: [string, number][], rows: string[][]): PdfSection[] =>
  rows.length === 0 ? [] : [{ kind: 'table', heading, columns: columns.map(([header, width]) => ({ header, width })), rows }];

const tripSection = (data: OrderPdfData): PdfSection[] =>
  tableIfAny(
    'Reis',
    [
      ['Reis', 295],
      ['Vertrek', 100],
      ['Terugkomst', 100],
    ],
    data.trips.map((t) => [t.label, formatDate(t.start), formatDate(t.end)]),
  );

const guestSection = (data: OrderPdfData): PdfSection[] =>
  tableIfAny(
    'Gasten',
    [
      ['Naam', 150],
      ['Categorie', 70],
      ['Kamer', 130],
      ['Paspoort', 80],
      ['Eigen bed', 65],
    ],
    data.rooms.flatMap((room, r) =>
      room.guests.map((g) => [
        `${g.firstName} ${g.lastName}`,
        ageCategoryLabels[g.ageCategory as AgeCategory] ?? '',
        `Kamer ${r + 1} (${room.roomType}-persoons${room.exclusive ? ', exclusief' : ''})`,
        g.europeanPassport ? 'Europees' : 'Niet-Europees',
        g.bedIncluded ? 'Ja' : 'Nee',
      ]),
    ),
  );

const paymentColumns: PdfColumn[] = [
  { header: 'Nr.', width: 40 },
  { header: 'Datum', width: 90 },
  { header: 'Betaalwijze', width: 245 },
  { header: 'Bedrag', width: 120, align: 'right' },
];

function paymentSection(payments: PdfPayment[], heading = 'Betalingen'): PdfSection {
  return {
    kind: 'table',
    heading,
    columns: paymentColumns,
    rows: payments.map((p, i) => [String(i + 1), formatDate(p.date), p.typeText, formatEuro(p.amount)]),
    empty: 'Er zijn nog geen betalingen ontvangen.',
  };
}

/** The order lines as a reference table, without totals (credit documents credit them below). */
function originalLinesSection(lines: DocumentLine[], total: number): PdfSection[] {
  return [
    {
      kind: 'table',
      heading: 'Oorspronkelijke bestelling',
      columns: [
        { header: 'Omschrijving', width: 295 },
        { header: 'Aantal', width: 50, align: 'right' },
        { header: 'Totaal', width: 150, align: 'right' },
      ],
      rows: [
        ...lines.map((l) => [l.label, String(l.quantity), formatEuro(l.quantity * l.unitPrice)]),
        ['Totaal reissom incl. btw', '', formatEuro(total)],
      ],
    },
  ];
}

const vatRowsOf = (t: DocumentTotals) => t.breakdown.map((r) => ({ label: `waarvan btw ${r.rate}%`, value: formatEuro(r.vat) }));

/** 'Totaal betaald' and what is still open, the open amount in bold. */
const paidSummary = (paid: number, open: number): PdfSection => ({
  kind: 'summary',
  rows: [
    { label: 'Totaal betaald', value: formatEuro(paid) },
    { label: 'Openstaand bedrag', value: formatEuro(open), bold: true },
  ],
});

/** A down-payment proof's summary: what was received (with its VAT per rate) and what is left. */
function downPaymentSummary(paid: number, totals: DocumentTotals): PdfSection {
  return {
    kind: 'summary',
    rows: [
      { label: 'Ontvangen aanbetaling', value: formatEuro(paid) },
      ...vatRowsOf(proportionalTotals(paid, totals)),
      { label: 'Nog te betalen', value: formatEuro(Math.max(0, totals.incl - paid)), bold: true },
    ],
  };
}

type PdfHead = Pick<PdfModel, 'title' | 'subtitle' | 'meta'>;

/** Every document: titled '<title> FCU2…', the agency and the customer, then its sections. */
function documentPdf(
  id: number,
  data: { company: PdfModel['company']; customer: Parameters<typeof customerBlock>[0] },
  head: PdfHead,
  sections: PdfSection[],
): Promise<Buffer> {
  return renderPdf({
    ...head,
    subject: `${head.title} ${formatOrderNumber(id)}`,
    company: data.company,
    customer: customerBlock(data.customer),
    sections,
  });
}

/** Every order document: the trip and its guests before `body`. */
const orderPdf = (data: OrderPdfData, head: PdfHead, body: PdfSection[]) =>
  documentPdf(data.orderId, data, head, [...tripSection(data), ...guestSection(data), ...body]);

/** Factuur: the order once it is paid in full. */
export function orderInvoicePdf(data: OrderPdfData): Promise<Buffer> {
  const lines = documentLines(data);
  const totals = documentTotals(lines);
  const paid = sumPaid(data.payments);
  const nr = formatOrderNumber(data.orderId);
  return orderPdf(
    data,
    {
      title: 'Factuur',
      meta: [
        ['Factuurnummer', data.issue?.number ?? nr],
        ['Bestelnummer', nr],
        ['Factuurdatum', formatDate(data.issue?.issuedAt ?? lastPaymentDate(data.payments, data.createdAt))],
        ['Besteldatum', formatDate(data.createdAt)],
      ],
    },
    [
      { kind: 'lines', heading: 'Specificatie', lines, totals },
      paymentSection(data.payments),
      paidSummary(paid, Math.max(0, totals.incl - paid)),
      { kind: 'text', text: `Deze factuur is volledig betaald. Bedankt voor je boeking bij ${data.company.name}.` },
    ],
  );
}

/** Aanbetalingsbewijs: proof of what is paid of an order that is not yet paid in full. */
export function orderDownPaymentPdf(data: OrderPdfData): Promise<Buffer> {
  const lines = documentLines(data);
  const totals = documentTotals(lines);
  const paid = sumPaid(data.payments);
  const open = Math.max(0, totals.incl - paid);
  return orderPdf(
    data,
    {
      title: 'Aanbetalingsbewijs',
      meta: [
        ['Bestelnummer', formatOrderNumber(data.orderId)],
        ['Datum', formatDate(lastPaymentDate(data.payments, data.createdAt))],
        ['Besteldatum', formatDate(data.createdAt)],
      ],
    },
    [
      { kind: 'lines', heading: 'Specificatie', lines, totals, totalLabel: 'Totaal reissom incl. btw' },
      paymentSection(data.payments, 'Ontvangen betalingen'),
      downPaymentSummary(paid, totals),
      {
        kind: 'text',
        text: `Dit is een bewijs van je aanbetaling en geen factuur: de factuur ontvang je zodra de reissom volledig is betaald. Het restant van ${formatEuro(open)} betaal je via Account - Mijn bestellingen.`,
      },
    ],
  );
}

/** Creditfactuur: a cancelled order whose payments covered the total; every line credited. */
export function orderCreditInvoicePdf(data: OrderPdfData): Promise<Buffer> {
  const credit = negateLines(documentLines(data));
  const paid = sumPaid(data.payments);
  const date = data.issue?.issuedAt ?? data.cancelledAt ?? new Date();
  const nr = formatOrderNumber(data.orderId);
  const credited = data.issue?.credits ?? nr;
  const closing: Record<NonNullable<NonNullable<OrderPdfData['issue']>['reason']>, string> = {
    cancelled: `Je bestelling ${nr} is geannuleerd op ${formatDate(date)}. Deze creditfactuur vervalt factuur ${credited}. Over de terugbetaling van het betaalde bedrag van ${formatEuro(paid)} nemen we contact met je op.`,
    refunded: `Het betaalde bedrag van je bestelling ${nr} is terugbetaald. Deze creditfactuur vervalt factuur ${credited}.`,
    changed: `Je bestelling ${nr} is gewijzigd op ${formatDate(date)}. Deze creditfactuur vervalt factuur ${credited}; voor de gewijzigde bestelling ontvang je een nieuwe factuur zodra die volledig is betaald.`,
  };
  return orderPdf(
    data,
    {
      title: 'Creditfactuur',
      subtitle: `Creditering van factuur ${credited}`,
      meta: [
        ['Creditfactuurnummer', data.issue?.number ?? `${nr}-C`],
        ['Betreft factuur', credited],
        ['Bestelnummer', nr],
        ['Datum', formatDate(date)],
      ],
    },
    [
      { kind: 'lines', heading: 'Gecrediteerd', lines: credit, totals: documentTotals(credit), totalLabel: 'Totaal creditfactuur incl. btw' },
      paymentSection(data.payments, 'Ontvangen betalingen'),
      { kind: 'summary', rows: [{ label: 'Totaal betaald', value: formatEuro(paid), bold: true }] },
      { kind: 'text', text: closing[data.issue?.reason ?? 'cancelled'] },
    ],
  );
}

/** Creditnota aanbetaling: a cancelled order that was paid in part; the down payment is credited. */
export function orderDownPaymentCreditPdf(data: OrderPdfData): Promise<Buffer> {
  const lines = documentLines(data);
  const orderTotals = documentTotals(lines);
  const paid = sumPaid(data.payments);
  const part = proportionalTotals(-paid, orderTotals);
  const nr = formatOrderNumber(data.orderId);
  const creditLines: DocumentLine[] = part.breakdown.map((r) => ({
    label: `Creditering aanbetaling bestelling ${nr}${part.breakdown.length > 1 ? ` (btw ${r.rate}%)` : ''}`,
    quantity: 1,
    unitPrice: r.incl,
    vatRate: r.rate,
  }));
  const date = data.cancelledAt ?? new Date();
  return orderPdf(
    data,
    {
      title: 'Creditnota aanbetaling',
      subtitle: `Creditering van de aanbetaling op bestelling ${nr}`,
      meta: [
        ['Creditnotanummer', `${nr}-CA`],
        ['Bestelnummer', nr],
        ['Datum', formatDate(date)],
      ],
    },
    [
      ...originalLinesSection(lines, orderTotals.incl),
      paymentSection(data.payments, 'Ontvangen aanbetaling'),
      { kind: 'lines', heading: 'Gecrediteerd', lines: creditLines, totals: documentTotals(creditLines), totalLabel: 'Totaal creditnota incl. btw' },
      {
        kind: 'text',
        text: `Je bestelling ${nr} is geannuleerd op ${formatDate(date)}. Met deze creditnota wordt de ontvangen aanbetaling van ${formatEuro(paid)} gecrediteerd. Over de terugbetaling nemen we contact met je op.`,
      },
    ],
  );
}

// ------------------------------------------------------------------------------------------------
// Quotes and invoices of the quote tab

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
