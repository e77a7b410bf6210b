import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { amsterdamDate } from '@umrah/domain/dates';
import { paymentTypeLabels, type PaymentType } from '@umrah/domain/enums';
import {
  documentTotals,
  invoiceTypeTitle,
  issuedKindLabels,
  negateLines,
  orderLineVatRate,
  proportionalTotals,
  type DocumentTotals,
} from '@umrah/domain/documents';
import type { ExportFormat, ExportKind, ExportRange } from '@umrah/domain/validation/exports';
import { ORDER_NUMBER_PREFIX, formatOrderNumber } from '@umrah/domain/order-number';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import { auditLog, invoices, issuedInvoices, orderCrowdfunds, orders, payments, users } from '../../db/schema.ts';
import type { UserRow } from '../../lib/auth.ts';
import type { InvoiceSnapshot } from '../invoices/index.ts';
import { itemLines, loadInvoices } from '../invoices/service.ts';
import { payerColumns } from '../payments/service.ts';
import { fromDutchDateTime } from '../../lib/dutch-time.ts';
import { CsvNumber, csvChunks, csvEuros, csvNumber, neutraliseFormula, type CsvValue } from '../../lib/csv.ts';

// Bookkeeper exports (docs/RULES.md, 'Beyond the rules'): payments and invoices of a date range as CSV or XLSX.
// Rows are read in batches by id (each batch its own short query, never one long transaction) and
// written to the response as they come, so a two-year export never sits in memory at once.

/** Rows per query: small enough for a short query, large enough that two years take few round trips. */
const BATCH = 500;

type Cell = string | number;
interface Column {
  header: string;
  /** money: cents in the row, euros with two decimals in the file. */
  kind: 'text' | 'number' | 'money' | 'date';
  width: number;
}

// ------------------------------------------------------------------------------------------------
// Dates: the range is in Dutch days, the database keeps instants.

/** The Amsterdam day of an instant, 'YYYY-MM-DD': the same function the PDFs and screens format with. */
export const amsterdamDay = (d: Date) => amsterdamDate(d);

/** Midnight in Amsterdam at the start of `ymd`, as an instant. */
export const amsterdamMidnight = (ymd: string): Date => fromDutchDateTime(`${ymd} 00:00:00`);

function nextDay(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** [start, end) instants of the range, both days included. */
export const rangeInstants = (range: ExportRange) => ({ start: amsterdamMidnight(range.from), end: amsterdamMidnight(nextDay(range.to)) });

// ------------------------------------------------------------------------------------------------
// CSV: the shop's one writer (lib/csv.ts: UTF-8 with BOM, ';', decimal comma, formulas neutralised).

export const euros = (cents: number) => (cents / 100).toFixed(2);

/** A cell of a column as the CSV writer takes it: money as euros with a decimal comma, days as DD-MM-YYYY. */
function csvValue(value: Cell, kind: Column['kind']): CsvValue {
  if (kind === 'money') return csvEuros(value as number);
  if (kind === 'date') return ddmmyyyy(value as string);
  if (kind === 'number') return typeof value === 'number' ? csvNumber(value) : new CsvNumber(value);
  return String(value);
}

const ddmmyyyy = (ymd: string) => `${ymd.slice(8, 10)}-${ymd.slice(5, 7)}-${ymd.slice(0, 4)}`;

async function* csvCells(columns: Column[], rows: AsyncIterable<Cell[]>): AsyncGenerator<CsvValue[]> {
  for await (const row of rows) yield row.map((v, i) => csvValue(v, must(columns[i], 'a column per cell').kind));
}

// ------------------------------------------------------------------------------------------------
// XLSX: exceljs's streaming writer; numbers stay numbers with a format, dates are real dates.

const NUM_FMT: Record<Column['kind'], string | undefined> = { text: '@', number: '0', money: '#,##0.00', date: 'dd-mm-yyyy' };

async function writeXlsx(columns: Column[], rows: AsyncIterable<Cell[]>, out: PassThrough, sheetName: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: { numFmt: NUM_FMT[c.kind] } }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) {
    sheet
      .addRow(
        row.map((v, i) => {
          const kind = must(columns[i], 'a column per cell').kind;
          if (kind === 'money') return Number(euros(v as number));
          // The Dutch day as a date at UTC midnight: Excel has no time zones and shows that day.
          if (kind === 'date') return new Date(`${v as string}T00:00:00Z`);
          // Excel runs no formula from a string cell, but the sheet may be saved as CSV later.
          if (kind === 'text') return neutraliseFormula(String(v));
          return v;
        }),
      )
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

// ------------------------------------------------------------------------------------------------
// The rows

const customer = (u: { firstName: string | null; lastName: string | null; email: string | null } | null) =>
  u ? `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() : '';

/** Rows in batches by id, each read by its own short query (`load(after)`), until one comes back empty. */
async function* idBatches<T extends { id: number }>(load: (after: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let after = 0; ;) {
    const batch = await load(after);
    const last = batch.at(-1);
    if (!last) return;
    after = last.id;
    yield batch;
  }
}

const paymentTypeText = (t: number) => paymentTypeLabels[t as PaymentType] ?? String(t);

/** An amount split by VAT rate: incl., rate, VAT, excl. */
const VAT_COLUMNS: Column[] = [
  { header: 'Bedrag incl. btw', kind: 'money', width: 16 },
  { header: 'Btw-tarief (%)', kind: 'number', width: 14 },
  { header: 'Btw-bedrag', kind: 'money', width: 14 },
  { header: 'Bedrag excl. btw', kind: 'money', width: 16 },
];

/** The columns both sheets share: the date, who paid, and how. */
const DATE_COLUMN: Column = { header: 'Datum', kind: 'date', width: 12 };
const CUSTOMER_COLUMNS: Column[] = [
  { header: 'Klant', kind: 'text', width: 28 },
  { header: 'E-mail', kind: 'text', width: 30 },
];
const METHOD_COLUMN: Column = { header: 'Betaalmethode', kind: 'text', width: 26 };

export const PAYMENT_COLUMNS: Column[] = [
  DATE_COLUMN,
  { header: 'Betalingsnummer', kind: 'number', width: 16 },
  { header: 'Bestel-/factuurnummer', kind: 'text', width: 20 },
  { header: 'Soort', kind: 'text', width: 16 },
  ...CUSTOMER_COLUMNS,
  METHOD_COLUMN,
  ...VAT_COLUMNS,
];

/**
 * One row per payment and VAT rate. An order's payment carries 21 % on what the agency sells and
 * 0 % on its crowdfund donations, split in proportion like the down-payment documents do; a quote's
 * payment is split over the quote's own line rates. Most payments have one rate and so one row.
 */
async function* paymentRows(ctx: AppContext, range: ExportRange): AsyncGenerator<Cell[]> {
  const { start, end } = rangeInstants(range);
  const batches = idBatches((after) =>
    ctx.db
      .select({
        id: payments.id,
        createdAt: payments.createdAt,
        type: payments.paymentType,
        amount: payments.amount,
        orderId: payments.orderId,
        invoiceId: payments.invoiceId,
        orderTotal: orders.totalPrice,
        ...payerColumns,
      })
      .from(payments)
      .leftJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
      .leftJoin(users, sql`${users.id} = coalesce(${orders.userId}, ${invoices.userId})`)
      .where(and(gte(payments.createdAt, start), lt(payments.createdAt, end), gt(payments.id, after)))
      .orderBy(asc(payments.id))
      .limit(BATCH),
  );
  for await (const batch of batches) {
    const orderIds = [...new Set(batch.map((p) => p.orderId).filter((id): id is number => id !== null))];
    const donations = new Map<number, number>();
    if (orderIds.length > 0) {
      const rows = await ctx.db
        .select({ orderId: orderCrowdfunds.orderId, total: sql<string>`coalesce(sum(${orderCrowdfunds.fundingAmount}), 0)` })
        .from(orderCrowdfunds)
        .where(inArray(orderCrowdfunds.orderId, orderIds))
        .groupBy(orderCrowdfunds.orderId);
      for (const r of rows) donations.set(r.orderId, Number(r.total));
    }
    const invoiceIds = [...new Set(batch.map((p) => p.invoiceId).filter((id): id is number => id !== null))];
    const invoiceTotals = new Map<number, DocumentTotals>();
    for (const l of await loadInvoices(ctx.db, invoiceIds)) invoiceTotals.set(l.invoice.id, documentTotals(itemLines(l.items)));

    for (const p of batch) {
      let of: DocumentTotals;
      if (p.invoiceId !== null) {
        of = invoiceTotals.get(p.invoiceId) ?? documentTotals([]);
      } else {
        const donated = donations.get(p.orderId ?? 0) ?? 0;
        const sold = Math.max(0, (p.orderTotal ?? 0) - donated);
        of = documentTotals([
          { label: 'reis', quantity: 1, unitPrice: sold, vatRate: 21 },
          { label: 'donatie', quantity: 1, unitPrice: donated, vatRate: 0 },
        ]);
      }
      const isOrder = p.invoiceId === null;
      const number = p.invoiceId !== null ? formatOrderNumber(p.invoiceId) : p.orderId !== null ? formatOrderNumber(p.orderId) : ORDER_NUMBER_PREFIX;
      for (const part of proportionalTotals(p.amount, of).breakdown) {
        yield [
          amsterdamDay(p.createdAt),
          p.id,
          number,
          isOrder ? 'Bestelling' : 'Offerte/factuur',
          customer(p),
          p.email ?? '',
          paymentTypeText(p.type),
          part.incl,
          part.rate,
          part.vat,
          part.excl,
        ];
      }
    }
  }
}

export const INVOICE_COLUMNS: Column[] = [
  DATE_COLUMN,
  { header: 'Factuurnummer', kind: 'text', width: 16 },
  { header: 'Type', kind: 'text', width: 10 },
  ...CUSTOMER_COLUMNS,
  ...VAT_COLUMNS,
  METHOD_COLUMN,
  { header: 'Betaald incl. btw', kind: 'money', width: 16 },
];

/**
 * One row per quote/invoice and VAT rate of its lines (the VAT from the sum per rate, as on the PDF),
 * then one per issued order invoice or credit note and VAT rate, from the snapshot its PDF prints:
 * the same number, issue date (the Amsterdam day) and amounts as the document.
 */
async function* invoiceRows(ctx: AppContext, range: ExportRange): AsyncGenerator<Cell[]> {
  yield* quoteRows(ctx, range);
  yield* issuedRows(ctx, range);
}

/** A document's rows, one per VAT rate (a document without lines still gets one, at 21%). */
function* rateRows(
  head: Cell[],
  breakdown: readonly { rate: number; incl: number; excl: number; vat: number }[],
  methods: string,
  paid: number,
): Generator<Cell[]> {
  const rows = breakdown.length > 0 ? breakdown : [{ rate: 21, incl: 0, excl: 0, vat: 0 }];
  for (const [i, part] of rows.entries()) {
    // What was paid belongs to the document, not to a rate: on its first row only, so a sum stays right.
    yield [...head, part.incl, part.rate, part.vat, part.excl, methods, i === 0 ? paid : 0];
  }
}

async function* issuedRows(ctx: AppContext, range: ExportRange): AsyncGenerator<Cell[]> {
  const { start, end } = rangeInstants(range);
  const batches = idBatches((after) =>
    ctx.db
      .select()
      .from(issuedInvoices)
      .where(and(gte(issuedInvoices.issuedAt, start), lt(issuedInvoices.issuedAt, end), gt(issuedInvoices.id, after)))
      .orderBy(asc(issuedInvoices.id))
      .limit(BATCH),
  );
  for await (const batch of batches) {
    for (const doc of batch) {
      const s = doc.snapshot as InvoiceSnapshot;
      const lines = s.lines.map((l) => ({ label: l.label, quantity: l.quantity, unitPrice: l.unitPrice, vatRate: orderLineVatRate(l.kind) }));
      const totals = documentTotals(doc.kind === 'credit_note' ? negateLines(lines) : lines);
      const methods = [...new Set(s.payments.map((p) => p.typeText))].join(', ');
      // A credit note moves no money: what was paid stays on the invoice's row.
      const paid = doc.kind === 'invoice' ? s.payments.reduce((sum, p) => sum + p.amount, 0) : 0;
      // 'bestelling': a quote's own invoice (above) can carry the same FCU2 number.
      const head = [amsterdamDay(doc.issuedAt), doc.number, `${issuedKindLabels[doc.kind]} bestelling`, customer(s.customer), s.customer.email];
      yield* rateRows(head, totals.breakdown, methods, paid);
    }
  }
}

async function* quoteRows(ctx: AppContext, range: ExportRange): AsyncGenerator<Cell[]> {
  const { start, end } = rangeInstants(range);
  const batches = idBatches((after) =>
    ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(gte(invoices.createdAt, start), lt(invoices.createdAt, end), gt(invoices.id, after)))
      .orderBy(asc(invoices.id))
      .limit(BATCH),
  );
  for await (const ids of batches) {
    for (const l of await loadInvoices(
      ctx.db,
      ids.map((r) => r.id),
    )) {
      const totals = documentTotals(itemLines(l.items));
      const methods = [...new Set(l.payments.map((p) => paymentTypeText(p.paymentType)))].join(', ');
      const paid = l.payments.reduce((s, p) => s + p.amount, 0);
      const head = [
        amsterdamDay(l.invoice.createdAt),
        formatOrderNumber(l.invoice.id),
        invoiceTypeTitle(l.invoice.type),
        customer(l.user),
        l.user.email,
      ];
      yield* rateRows(head, totals.breakdown, methods, paid);
    }
  }
}

// ------------------------------------------------------------------------------------------------

const SOURCES: Record<ExportKind, { columns: Column[]; rows: typeof paymentRows; file: string; sheet: string }> = {
  payments: { columns: PAYMENT_COLUMNS, rows: paymentRows, file: 'betalingen', sheet: 'Betalingen' },
  invoices: { columns: INVOICE_COLUMNS, rows: invoiceRows, file: 'facturen', sheet: 'Facturen' },
};

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
  /** Resolves when the file is written; rejects (after the stream is destroyed) on a failure. */
  done: Promise<void>;
}

/** Writes the audit row (who, when, what, which range), then streams the file. */
export async function startExport(
  ctx: AppContext,
  actor: UserRow,
  kind: ExportKind,
  format: ExportFormat,
  range: ExportRange,
  actingAdminId?: number,
): Promise<ExportFile> {
  await ctx.db.insert(auditLog).values({
    actorUserId: actingAdminId ?? actor.id,
    actorEmail: actor.email,
    action: `export.${kind}`,
    details: { format, from: range.from, to: range.to, ...(actingAdminId ? { as_user_id: actor.id } : {}) },
  });
  const source = SOURCES[kind];
  const filename = `${source.file}_${range.from}_${range.to}.${format}`;
  const rows = source.rows(ctx, range);
  if (format === 'csv') {
    const body = Readable.from(
      csvChunks(
        source.columns.map((c) => c.header),
        csvCells(source.columns, rows),
      ),
    );
    const done = new Promise<void>((resolve, reject) => {
      body.on('end', resolve).on('error', reject).on('close', resolve);
    });
    return { filename, contentType: CONTENT_TYPES.csv, body, done };
  }
  const body = new PassThrough();
  const done = writeXlsx(source.columns, rows, body, source.sheet).catch((err: unknown) => {
    body.destroy(err as Error);
    throw err;
  });
  return { filename, contentType: CONTENT_TYPES.xlsx, body, done };
}
