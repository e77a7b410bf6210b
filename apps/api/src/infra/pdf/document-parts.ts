import {
  ageCategoryLabels,
  formatDate,
  formatEuro,
  formatOrderNumber,
  orderLineVatRate,
  proportionalTotals,
  type AgeCategory,
  type CompanyDetails,
  type DocumentLine,
  type DocumentTotals,
} from '@umrah/domain';
import { renderPdf } from './pool.ts';
import type { PdfColumn, PdfModel, PdfSection } from './render.ts';

// What every shop document shares: its data's shapes, the sections and the layout around them (documents.ts).

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

export const sumPaid = (payments: PdfPayment[]) => payments.reduce((s, p) => s + p.amount, 0);
export const lastPaymentDate = (payments: PdfPayment[], fallback: Date) =>
  payments.reduce<Date | null>((d, p) => (!d || p.date > d ? p.date : d), null) ?? fallback;

export function customerBlock(c: PdfCustomer) {
  return {
    name: `${c.firstName} ${c.lastName}`.trim(),
    lines: [c.address, `${c.zip} ${c.city}`.trim(), c.country, c.email],
  };
}

export const documentLines = (data: OrderPdfData): DocumentLine[] =>
  data.lines.map((l) => ({ label: l.label, quantity: l.quantity, unitPrice: l.unitPrice, vatRate: orderLineVatRate(l.kind) }));

/** A table with a column per [header, width], left out when it has no rows. */
export const tableIfAny = (heading: string, columns: [string, number][], rows: string[][]): PdfSection[] =>
  rows.length === 0 ? [] : [{ kind: 'table', heading, columns: columns.map(([header, width]) => ({ header, width })), rows }];

export const tripSection = (data: OrderPdfData): PdfSection[] =>
  tableIfAny(
    'Reis',
    [
      ['Reis', 295],
      ['Vertrek', 100],
      ['Terugkomst', 100],
    ],
    data.trips.map((t) => [t.label, formatDate(t.start), formatDate(t.end)]),
  );

export const guestSection = (data: OrderPdfData): PdfSection[] =>
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

export const paymentColumns: PdfColumn[] = [
  { header: 'Nr.', width: 40 },
  { header: 'Datum', width: 90 },
  { header: 'Betaalwijze', width: 245 },
  { header: 'Bedrag', width: 120, align: 'right' },
];

export function paymentSection(payments: PdfPayment[], heading = 'Betalingen'): PdfSection {
  return {
    kind: 'table',
    heading,
    columns: paymentColumns,
    rows: payments.map((p, i) => [String(i + 1), formatDate(p.date), p.typeText, formatEuro(p.amount)]),
    empty: 'Er zijn nog geen betalingen ontvangen.',
  };
}

/** The order lines as a reference table, without totals (credit documents credit them below). */
export function originalLinesSection(lines: DocumentLine[], total: number): PdfSection[] {
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

export const vatRowsOf = (t: DocumentTotals) => t.breakdown.map((r) => ({ label: `waarvan btw ${r.rate}%`, value: formatEuro(r.vat) }));

/** 'Totaal betaald' and what is still open, the open amount in bold. */
export const paidSummary = (paid: number, open: number): PdfSection => ({
  kind: 'summary',
  rows: [
    { label: 'Totaal betaald', value: formatEuro(paid) },
    { label: 'Openstaand bedrag', value: formatEuro(open), bold: true },
  ],
});

/** A down-payment proof's summary: what was received (with its VAT per rate) and what is left. */
export function downPaymentSummary(paid: number, totals: DocumentTotals): PdfSection {
  return {
    kind: 'summary',
    rows: [
      { label: 'Ontvangen aanbetaling', value: formatEuro(paid) },
      ...vatRowsOf(proportionalTotals(paid, totals)),
      { label: 'Nog te betalen', value: formatEuro(Math.max(0, totals.incl - paid)), bold: true },
    ],
  };
}

export type PdfHead = Pick<PdfModel, 'title' | 'subtitle' | 'meta'>;

/** Every document: titled '<title> FCU2…', the agency and the customer, then its sections. */
export function documentPdf(
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
export const orderPdf = (data: OrderPdfData, head: PdfHead, body: PdfSection[]) =>
  documentPdf(data.orderId, data, head, [...tripSection(data), ...guestSection(data), ...body]);
