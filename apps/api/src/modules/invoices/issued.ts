import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  OrderStatus,
  creditNoteNumber,
  formatOrderNumber,
  isUmrahType,
  issuedDocumentFilename,
  issuedInvoiceNumber,
  issuedKindLabels,
  parseOrderNumber,
  paymentTypeText,
  type CompanyDetails,
  type IssuedKind,
} from '@umrah/domain';
import type { IssuedDocument } from '@umrah/domain/contracts';
import { companyFromEnv } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/index.ts';
import { issuedInvoices, orders, payments, users } from '../../db/schema.ts';
import { newestFirstPage } from '../../lib/paging.ts';
import { PDF_TEXT_MAX, orderCreditInvoicePdf, orderInvoicePdf, type OrderPdfData, type PdfCustomer } from '../../infra/pdf/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { loadOrderDtos, type OrderDto } from '../../lib/order-dto.ts';

// Invoices issued once, numbered and kept (docs/INVOICES.md; Dutch invoicing rules): when an order
// becomes paid in full (COMPLETED) its invoice is issued with a number of its own, its issue date and
// a snapshot of the company, the customer, the lines and the payments as they were; the PDF renders
// from that snapshot, never from the order of today. A later change to the order (quick edit, a
// cancel, a refund) credits that invoice with a credit note and, once paid in full again, a new
// invoice is issued. transitionOrder (orders/transition.ts), the one writer of an order's status,
// calls keepInvoicesInStep in its transaction; nothing heavy happens there (no PDF: downloads render
// from the snapshot in the PDF worker pool, outside any transaction).

export type IssuedRow = typeof issuedInvoices.$inferSelect;

/** What an issued document prints, as stored (jsonb): dates as ISO strings. */
export interface InvoiceSnapshot {
  company: CompanyDetails;
  customer: PdfCustomer;
  orderId: number;
  orderCreatedAt: string;
  /** cents incl. VAT of the order as invoiced */
  total: number;
  lines: OrderPdfData['lines'];
  rooms: OrderPdfData['rooms'];
  trips: OrderPdfData['trips'];
  payments: { date: string; typeText: string; amount: number }[];
  /** Credit notes: the invoice credited, and why. */
  credits?: { number: string; issuedAt: string };
  reason?: CreditReason;
}

/** Why an invoice was credited: the order was cancelled, refunded, or changed after it was issued. */
export type CreditReason = 'cancelled' | 'refunded' | 'changed';

// The company details of the documents. transitionOrder runs on a transaction only, so the app
// hands its configured details here once at start (app.ts); scripts without an app read them from
// the environment the way the configuration does.
let issuerCompany: CompanyDetails | undefined;
export function setInvoiceCompany(company: CompanyDetails): void {
  issuerCompany = company;
}
const currentCompany = () => issuerCompany ?? companyFromEnv(process.env);

// A document prints at most a line of each field: the database cuts them, so an oversized row
// (old data, staff-entered text) is never read whole for a PDF or a snapshot.
const upTo = (column: AnyPgColumn) => sql<string>`left(${column}, ${PDF_TEXT_MAX + 1})`;

export async function pdfCustomer(db: DbOrTx, userId: number): Promise<PdfCustomer> {
  const [u] = await db
    .select({
      firstName: upTo(users.firstName),
      lastName: upTo(users.lastName),
      email: upTo(users.email),
      address: upTo(users.address),
      zip: upTo(users.zip),
      city: upTo(users.city),
      country: upTo(users.country),
    })
    .from(users)
    .where(eq(users.id, userId));
  return {
    firstName: u?.firstName ?? '',
    lastName: u?.lastName ?? '',
    email: u?.email ?? '',
    address: u?.address ?? '',
    zip: u?.zip ?? '',
    city: u?.city ?? '',
    country: u?.country ?? '',
  };
}

/** The order as it is now, in the snapshot's shape (read in the caller's transaction). */
async function orderSnapshot(db: DbOrTx, orderId: number, company: CompanyDetails): Promise<InvoiceSnapshot | null> {
  const [order] = await loadOrderDtos(db, [orderId]);
  if (!order) return null;
  const paymentRows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
  const trips = new Map<string, { label: string; start: string | null; end: string | null }>();
  for (const p of order.products) {
    if (!isUmrahType(p.type)) continue;
    const key = JSON.stringify([p.label, p.start, p.end]);
    if (!trips.has(key)) trips.set(key, { label: p.label, start: p.start, end: p.end });
  }
  return {
    company,
    customer: await pdfCustomer(db, order.user_id),
    orderId,
    orderCreatedAt: order.created_at,
    total: order.total_price,
    ...pdfLinesAndRooms(order),
    trips: [...trips.values()],
    payments: paymentRows.map((p) => ({ date: p.createdAt.toISOString(), typeText: paymentTypeText(p.paymentType), amount: p.amount })),
  };
}

/** What an invoice bills: a change here after issuing needs a credit note and a new invoice. */
const billed = (s: Pick<InvoiceSnapshot, 'total' | 'lines'>) =>
  JSON.stringify([s.total, s.lines.map((l) => [l.label, l.quantity, l.unitPrice, l.kind ?? null])]);

/** Leaving the sale for good: the invoice is credited even though its lines did not change. */
const CREDIT_ON: Partial<Record<number, CreditReason>> = {
  [OrderStatus.CANCELLED]: 'cancelled',
  [OrderStatus.REFUNDED]: 'refunded',
  [OrderStatus.DECLINED]: 'cancelled',
};

/** The order's latest invoice, unless a credit note has credited it. */
async function openInvoice(tx: DbOrTx, orderId: number): Promise<{ latestVersion: number; open: IssuedRow | null }> {
  const credit = sql`exists (select 1 from ${issuedInvoices} c where c.credits_id = ${issuedInvoices.id})`;
  const [latest] = await tx
    .select({ row: issuedInvoices, credited: sql<boolean>`${credit}` })
    .from(issuedInvoices)
    .where(and(eq(issuedInvoices.orderId, orderId), eq(issuedInvoices.kind, 'invoice')))
    .orderBy(desc(issuedInvoices.version))
    .limit(1);
  return { latestVersion: latest?.row.version ?? 0, open: latest && !latest.credited ? latest.row : null };
}

/** Inserts once: a retry or a concurrent caller hits the unique (order, kind, version) or credits_id and adds nothing. */
async function insertIssued(tx: DbOrTx, row: typeof issuedInvoices.$inferInsert): Promise<void> {
  await tx.insert(issuedInvoices).values(row).onConflictDoNothing();
}

async function issueCreditNote(tx: DbOrTx, invoice: IssuedRow, reason: CreditReason, issuedAt?: Date): Promise<void> {
  const snap = invoice.snapshot as InvoiceSnapshot;
  await insertIssued(tx, {
    orderId: invoice.orderId,
    kind: 'credit_note',
    version: invoice.version,
    number: creditNoteNumber(invoice.number),
    creditsId: invoice.id,
    total: -invoice.total,
    ...(issuedAt ? { issuedAt } : {}),
    // The credit note prints the credited invoice's company, customer and lines, as they were.
    snapshot: { ...snap, credits: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() }, reason } satisfies InvoiceSnapshot,
  });
}

async function issueInvoice(tx: DbOrTx, orderId: number, version: number, snapshot: InvoiceSnapshot, issuedAt?: Date): Promise<void> {
  await insertIssued(tx, {
    orderId,
    kind: 'invoice',
    version,
    number: issuedInvoiceNumber(orderId, version),
    total: snapshot.total,
    ...(issuedAt ? { issuedAt } : {}),
    snapshot,
  });
}

/**
 * Keeps the order's issued documents in step with its new status (called by transitionOrder, in
 * its transaction, with the order row locked): COMPLETED and no open invoice → an invoice is
 * issued; COMPLETED with an open invoice that bills other lines or another total → that invoice is
 * credited and a new one issued; cancelled, refunded or declined, or changed while not paid in full
 * → the open invoice is credited. Anything else, and a repeat of the same call, adds nothing.
 */
export async function keepInvoicesInStep(tx: Tx, orderId: number, status: number): Promise<void> {
  const { latestVersion, open } = await openInvoice(tx, orderId);
  if (status !== OrderStatus.COMPLETED && !open) return;
  const reason = CREDIT_ON[status];
  if (open && reason) return issueCreditNote(tx, open, reason);
  const now = await orderSnapshot(tx, orderId, currentCompany());
  if (!now) return;
  if (open && billed(open.snapshot as InvoiceSnapshot) === billed(now)) return;
  if (open) await issueCreditNote(tx, open, 'changed');
  if (status === OrderStatus.COMPLETED) await issueInvoice(tx, orderId, latestVersion + 1, now);
}

// ------------------------------------------------------------------------------------------------
// Orders paid before invoices were kept: issued once by the backfill at start

/**
 * Issues the invoice of every COMPLETED order that has none yet (orders paid before this feature),
 * dated when its last payment came in (what its invoice PDF printed until then), and for an order
 * that was paid in full and then cancelled or refunded, that invoice and its credit note (dated
 * at the cancel). Each order in its own short transaction, in batches; safe to run in several
 * processes at once and again at every start (the unique indexes keep one of each).
 */
export async function backfillIssuedInvoices(db: Db, batch = 200): Promise<number> {
  let issued = 0;
  const paid = sql<number>`coalesce((select sum(${payments.amount}) from ${payments} where ${payments.orderId} = ${orders.id}), 0)`;
  const paidInFull = sql`(${paid} >= ${orders.totalPrice} and (${paid} > 0 or ${orders.status} = ${OrderStatus.COMPLETED}))`;
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: orders.id, status: orders.status, flex: orders.flex })
      .from(orders)
      .leftJoin(issuedInvoices, eq(issuedInvoices.orderId, orders.id))
      .where(
        and(
          gt(orders.id, after),
          isNull(issuedInvoices.id),
          or(eq(orders.status, OrderStatus.COMPLETED), and(inArray(orders.status, [OrderStatus.CANCELLED, OrderStatus.REFUNDED]), paidInFull)),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(batch);
    if (rows.length === 0) return issued;
    for (const order of rows) {
      after = order.id;
      await db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
        const { latestVersion } = await openInvoice(tx, order.id);
        if (latestVersion > 0) return;
        const snap = await orderSnapshot(tx, order.id, currentCompany());
        if (!snap) return;
        const lastPayment = snap.payments.reduce<string | null>((d, p) => (!d || p.date > d ? p.date : d), null);
        await issueInvoice(tx, order.id, 1, snap, new Date(lastPayment ?? snap.orderCreatedAt));
        issued++;
        const reason = CREDIT_ON[order.status];
        if (!reason) return;
        const [invoice] = await tx
          .select()
          .from(issuedInvoices)
          .where(and(eq(issuedInvoices.orderId, order.id), eq(issuedInvoices.kind, 'invoice'), eq(issuedInvoices.version, 1)));
        const cancelledAt = order.flex.cancelled_at;
        if (invoice) await issueCreditNote(tx, invoice, reason, typeof cancelledAt === 'string' ? new Date(cancelledAt) : undefined);
      });
    }
  }
}

// ------------------------------------------------------------------------------------------------
// Reading and rendering

/** The stored document as the PDF module takes it: the snapshot, with its own number and date. */
export function issuedPdfData(row: IssuedRow): OrderPdfData {
  const s = row.snapshot as InvoiceSnapshot;
  return {
    company: s.company,
    orderId: s.orderId,
    createdAt: new Date(s.orderCreatedAt),
    total: s.total,
    customer: s.customer,
    lines: s.lines,
    rooms: s.rooms,
    trips: s.trips,
    payments: s.payments.map((p) => ({ date: new Date(p.date), typeText: p.typeText, amount: p.amount })),
    cancelledAt: null,
    issue: { number: row.number, issuedAt: row.issuedAt, credits: s.credits?.number, reason: s.reason },
  };
}

/** Renders a stored document (in the PDF worker pool; never call this inside a transaction). */
export async function renderIssued(row: IssuedRow): Promise<{ filename: string; pdf: Buffer }> {
  const data = issuedPdfData(row);
  const pdf = row.kind === 'invoice' ? await orderInvoicePdf(data) : await orderCreditInvoicePdf(data);
  return { filename: issuedDocumentFilename(row.kind, row.orderId, row.version), pdf };
}

/** The order's latest invoice or credit note, or undefined when none was issued. */
export async function latestIssued(db: DbOrTx, orderId: number, kind: IssuedKind): Promise<IssuedRow | undefined> {
  const [row] = await db
    .select()
    .from(issuedInvoices)
    .where(and(eq(issuedInvoices.orderId, orderId), eq(issuedInvoices.kind, kind)))
    .orderBy(desc(issuedInvoices.version))
    .limit(1);
  return row;
}

export async function issuedById(db: DbOrTx, id: number): Promise<IssuedRow | undefined> {
  const [row] = await db.select().from(issuedInvoices).where(eq(issuedInvoices.id, id));
  return row;
}

export function issuedDto(row: IssuedRow): IssuedDocument {
  const s = row.snapshot as InvoiceSnapshot;
  return {
    id: row.id,
    order_id: row.orderId,
    order_number: formatOrderNumber(row.orderId),
    kind: row.kind,
    kind_label: issuedKindLabels[row.kind],
    number: row.number,
    version: row.version,
    credits_number: s.credits?.number ?? null,
    issued_at: row.issuedAt.toISOString(),
    total: row.total,
    customer: `${s.customer.firstName} ${s.customer.lastName}`.trim(),
    email: s.customer.email,
  };
}

/** Search of the Facturen tab: a number ('FCU212', 'FCU212-C'), an order number, or the customer's name or email as invoiced. */
function searchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const like = containsPattern(term);
  // The keys are this module's constants, never the search term: written into the SQL as literals.
  const customer = (field: 'email' | 'firstName' | 'lastName') => sql`(${issuedInvoices.snapshot} -> 'customer' ->> ${sql.raw(`'${field}'`)})`;
  const byText = or(
    ilike(issuedInvoices.number, like),
    ilike(customer('email'), like),
    ilike(sql`(${customer('firstName')} || ' ' || ${customer('lastName')})`, like),
  );
  const orderId = parseOrderNumber(term);
  return orderId !== null ? or(eq(issuedInvoices.orderId, orderId), byText) : byText;
}

/** GET /api/invoices/issued: a page of issued invoices and credit notes, newest first. */
export async function issuedPage(db: DbOrTx, q: { q?: string; page: number; pageSize: number }) {
  const where = searchCondition(q.q);
  const { rows, total } = await newestFirstPage(db, issuedInvoices, where, q.page, q.pageSize);
  return { documents: rows.map(issuedDto), total };
}

/** An order's lines and rooms as a PDF prints them: the same for an issued invoice's copy and a document made now. */
export function pdfLinesAndRooms(order: OrderDto): Pick<OrderPdfData, 'lines' | 'rooms'> {
  return {
    lines: order.lines.map((l) => ({ label: l.label, quantity: l.quantity, unitPrice: l.unit_price, kind: l.kind })),
    rooms: order.rooms.map((r) => ({
      roomType: r.room_type,
      exclusive: r.exclusive,
      guests: r.guests.map((g) => ({
        firstName: g.first_name,
        lastName: g.last_name,
        ageCategory: g.age_category,
        europeanPassport: g.european_passport,
        bedIncluded: g.bed_included,
      })),
    })),
  };
}
