import { randomBytes } from 'node:crypto';
import { asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  INVOICE_MSG,
  Role,
  documentTotals,
  formatOrderNumber,
  invoiceHeading,
  invoiceStatusFor,
  invoiceStatusLabels,
  invoiceTypeTitle,
  parseOrderNumber,
  paymentTypeText,
  type InvoiceInput,
  InvoiceStatus,
} from '@umrah/domain';
import type { Invoice, InvoiceItem, InvoicePayment } from '@umrah/domain/contracts';
import type { AppContext } from '../../context.ts';
import { allQueries, type DbOrTx } from '../../db/index.ts';
import { invoiceItems, invoices, payments, users } from '../../db/schema.ts';
import type { UserRow } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { dutchToday } from '../../lib/dutch-time.ts';

// Quotes and invoices made by an admin for one customer (the invoices table): create, edit, lists,
// and the public view by token. Payments on them are booked by ./payment.ts.

type Ctx = Pick<AppContext, 'db' | 'config'>;
export type InvoiceRow = typeof invoices.$inferSelect;
type ItemRow = typeof invoiceItems.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** 32 random bytes: the token is the only key to the public page, so it cannot be guessed. */
export const newInvoiceToken = () => randomBytes(32).toString('base64url');

export const isStaff = (u: UserRow) => u.role === Role.ADMIN || u.role === Role.BOOKKEEPER;

/** The last day a quote can be paid has passed (Dutch calendar day). */
export const isExpired = (expireDate: string | null, now = new Date()) => expireDate !== null && expireDate < dutchToday(now);

function itemDto(i: ItemRow): InvoiceItem {
  return {
    id: i.id,
    label: i.label,
    amount_in_cents: i.amountInCents,
    amount: i.amount,
    btw_type: i.btwType,
    type: i.type,
    flex: i.flex,
    total: i.amountInCents * i.amount,
  };
}

export function invoicePaymentDto(p: PaymentRow): InvoicePayment {
  return {
    id: p.id,
    amount: p.amount,
    payment_type: p.paymentType,
    type_text: paymentTypeText(p.paymentType),
    created_at: p.createdAt.toISOString(),
  };
}

export const itemLines = (items: readonly ItemRow[]) =>
  items.map((i) => ({ label: i.label, quantity: i.amount, unitPrice: i.amountInCents, vatRate: i.btwType }));

interface Loaded {
  invoice: InvoiceRow;
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>;
  items: ItemRow[];
  payments: PaymentRow[];
}

/** Invoices with their customer, items and payments, in the order of `ids`; three queries for any number. */
export async function loadInvoices(db: DbOrTx, ids: readonly number[]): Promise<Loaded[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [rows, itemRows, paymentRows] = await allQueries(db, [
    db
      .select({ invoice: invoices, id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(inArray(invoices.id, list)),
    db.select().from(invoiceItems).where(inArray(invoiceItems.invoiceId, list)).orderBy(asc(invoiceItems.id)),
    db.select().from(payments).where(inArray(payments.invoiceId, list)).orderBy(asc(payments.id)),
  ] as const);
  const byId = new Map(rows.map((r) => [r.invoice.id, r]));
  return list
    .map((id) => byId.get(id))
    .filter((r): r is NonNullable<typeof r> => r !== undefined)
    .map((r) => ({
      invoice: r.invoice,
      user: { id: r.id, email: r.email, firstName: r.firstName, lastName: r.lastName },
      items: itemRows.filter((i) => i.invoiceId === r.invoice.id),
      payments: paymentRows.filter((p) => p.invoiceId === r.invoice.id),
    }));
}

export async function loadInvoice(db: DbOrTx, id: number): Promise<Loaded | undefined> {
  return (await loadInvoices(db, [id]))[0];
}

/** What the screens show of a quote: totals, VAT per rate, payments, whether it can be paid. */
export function invoiceDto(l: Loaded, opts: { withUser: boolean }): Invoice {
  const totals = documentTotals(itemLines(l.items));
  const paid = l.payments.reduce((s, p) => s + p.amount, 0);
  const status = invoiceStatusFor(paid, totals.incl);
  const expired = isExpired(l.invoice.expireDate);
  const open = Math.max(0, totals.incl - paid);
  return {
    id: l.invoice.id,
    number: formatOrderNumber(l.invoice.id),
    heading: invoiceHeading(l.invoice.type, l.invoice.id),
    type: l.invoice.type,
    type_label: invoiceTypeTitle(l.invoice.type),
    expire_date: l.invoice.expireDate,
    expiration: l.invoice.expireDate,
    status,
    status_label: invoiceStatusLabels[status as InvoiceStatus],
    token: l.invoice.token,
    flex: l.invoice.flex,
    created_at: l.invoice.createdAt.toISOString(),
    items: l.items.map(itemDto),
    payments: l.payments.map(invoicePaymentDto),
    totals: { excl: totals.excl, vat: totals.vat, incl: totals.incl, breakdown: totals.breakdown },
    total_price: totals.incl,
    total_payments: paid,
    amount_open: open,
    expired,
    payable: l.items.length > 0 && open > 0 && !expired,
    // The public page shows the name only; email and id are for the owner and staff.
    user: opts.withUser
      ? { user_id: l.user.id, email: l.user.email, first_name: l.user.firstName, last_name: l.user.lastName }
      : { first_name: l.user.firstName, last_name: l.user.lastName },
    user_id: opts.withUser ? l.invoice.userId : undefined,
  };
}

async function customerExists(db: DbOrTx, userId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound(INVOICE_MSG.userNotFound);
}

const itemValues = (invoiceId: number, input: InvoiceInput) =>
  input.items.map((i) => ({
    invoiceId,
    label: i.label,
    amountInCents: i.amount_in_cents,
    amount: i.amount,
    btwType: i.btw_type,
    type: i.type,
    flex: i.flex,
  }));

/** POST /api/invoice: the quote and its items in one transaction, with a fresh token. */
export async function createInvoice(ctx: Ctx, admin: UserRow, input: InvoiceInput) {
  const id = await ctx.db.transaction(async (tx) => {
    await customerExists(tx, input.user_id);
    const [row] = await tx
      .insert(invoices)
      .values({
        type: input.type,
        expireDate: input.expire_date,
        userId: input.user_id,
        status: InvoiceStatus.OPEN,
        token: newInvoiceToken(),
        flex: { ...input.flex, created_by_user_id: admin.id },
      })
      .returning({ id: invoices.id });
    await tx.insert(invoiceItems).values(itemValues(row!.id, input));
    return row!.id;
  });
  return invoiceDto((await loadInvoice(ctx.db, id))!, { withUser: true });
}

/**
 * POST /api/invoice/{id}: replaces type, expiry, customer and items. Once something is paid the
 * quote is a record of what was paid for, so it is no longer changed.
 */
export async function updateInvoice(ctx: Ctx, id: number, input: InvoiceInput) {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!current) throw notFound(INVOICE_MSG.notFound);
    const [paid] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.invoiceId, id)).limit(1);
    if (paid) throw conflict(INVOICE_MSG.hasPayments);
    await customerExists(tx, input.user_id);
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
    await tx.insert(invoiceItems).values(itemValues(id, input));
    await tx
      .update(invoices)
      .set({
        type: input.type,
        expireDate: input.expire_date,
        userId: input.user_id,
        flex: { ...current.flex, ...input.flex },
      })
      .where(eq(invoices.id, id));
  });
  return invoiceDto((await loadInvoice(ctx.db, id))!, { withUser: true });
}

/** Search of the admin list: number ('FCU212' or '12'), email or name. */
function searchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const like = containsPattern(term);
  const byText = or(
    ilike(users.email, like),
    ilike(users.firstName, like),
    ilike(users.lastName, like),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
  );
  const number = parseOrderNumber(term);
  return number !== null ? or(eq(invoices.id, number), byText) : byText;
}

/** GET /api/invoices/admin: a page of every quote and invoice, newest first. */
export async function adminInvoices(ctx: Ctx, q: { q?: string; page: number; pageSize: number }) {
  const where = searchCondition(q.q);
  const [ids, [{ total } = { total: 0 }]] = await Promise.all([
    ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db.select({ total: count() }).from(invoices).innerJoin(users, eq(users.id, invoices.userId)).where(where),
  ]);
  const loaded = await loadInvoices(
    ctx.db,
    ids.map((r) => r.id),
  );
  return { invoices: loaded.map((l) => invoiceDto(l, { withUser: true })), total };
}

/** GET /api/invoices: the caller's own quotes and invoices. */
export async function ownInvoices(ctx: Ctx, user: UserRow) {
  const ids = await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, user.id)).orderBy(desc(invoices.id));
  const loaded = await loadInvoices(
    ctx.db,
    ids.map((r) => r.id),
  );
  return loaded.map((l) => invoiceDto(l, { withUser: true }));
}

/** The quote with this token, or the one 'Geen geldige token.' 404 for anything else. */
export async function invoiceIdByToken(db: DbOrTx, token: string): Promise<number> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.token, token));
  if (!row) throw notFound(INVOICE_MSG.invalidToken);
  return row.id;
}

/** The quote, when this user may see it: the owner or staff. Someone else's looks like none at all. */
export async function invoiceFor(db: DbOrTx, user: UserRow, id: number): Promise<Loaded> {
  const loaded = await loadInvoice(db, id);
  if (!loaded || (!isStaff(user) && loaded.invoice.userId !== user.id)) throw notFound(INVOICE_MSG.notFound);
  return loaded;
}
