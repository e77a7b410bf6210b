import { eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import {
  auditLog,
  guests,
  idempotencyKeys,
  invoiceItems,
  invoices,
  mailOutbox,
  orderLines,
  orderLogs,
  orders,
  payments,
  requests,
  rooms,
  transactions,
} from '../../db/schema.ts';
import { userScope } from '../../infra/http/idempotency.ts';
import type { UserRow } from '../../lib/auth.ts';

// What 'Account verwijderen' removes besides the account's own row (docs/records.md): every copy
// of the person's email, name, phone, address and date of birth in the other tables. The orders,
// payments and their amounts stay (the bookkeeping); only the tables in KEPT_FOR_BOOKKEEPING
// (privacy/service.ts) keep a name and address. test/privacy-erasure.test.ts searches every text and
// jsonb column of the database for the person afterwards, so a new table that copies them fails it.

export const ERASED = '[verwijderd]';
const GUEST_PLACEHOLDER = { firstName: 'Verwijderd', lastName: 'reiziger' };

/** The person's values as they may be written anywhere: strong ones identify them alone. */
export interface Needles {
  /** Email, full names, phone, address, date of birth: searched for in tables shared with others. */
  strong: string[];
  /** Also the single first and last names: replaced only in rows that are the person's own. */
  all: string[];
}

const dutchDate = (iso: string) => iso.split('-').reverse().join('-');
const usable = (values: (string | null | undefined)[]) =>
  [...new Set(values.map((v) => (v ?? '').trim()).filter((v) => v.length >= 2))]
    // Longest first: 'Jan Jansen' goes before 'Jan' would break it up.
    .sort((a, b) => b.length - a.length);

export function needlesOf(user: UserRow, guestNames: { firstName: string; lastName: string }[]): Needles {
  const strong = usable([
    user.email,
    `${user.firstName} ${user.lastName}`,
    user.phoneNumber,
    user.address,
    ...(user.dateOfBirth ? [user.dateOfBirth, dutchDate(user.dateOfBirth)] : []),
    ...guestNames.map((g) => `${g.firstName} ${g.lastName}`),
  ]).filter((v) => v.length >= 5);
  const all = usable([...strong, user.firstName, user.lastName, ...guestNames.flatMap((g) => [g.firstName, g.lastName])]);
  return { strong, all };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with every needle (any case) replaced by '[verwijderd]', where it stands as a word of its
 * own: the first name 'Jan' goes, 'januari' stays.
 */
export function scrubText(text: string, needles: string[]): string {
  if (!needles.length) return text;
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${needles.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu'), ERASED);
}

/**
 * The same for every string (and key) inside a JSON value. Only text changes, never a value's kind,
 * so a flex of optional keys keeps its type (a renamed key just falls out of the known ones).
 */
export function scrubJson<T>(value: T, needles: string[]): T;
export function scrubJson(value: unknown, needles: string[]): unknown {
  if (typeof value === 'string') return scrubText(value, needles);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, needles));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubText(k, needles), scrubJson(v, needles)]));
  }
  return value;
}

/** Any of the needles in the column (case-insensitive): the rows of shared tables to look at. */
function mentions(column: AnyColumn, needles: string[]): SQL {
  if (!needles.length) return sql`false`;
  return sql`(${sql.join(
    needles.map((n) => sql`strpos(lower(coalesce(${column}::text, '')), ${n.toLowerCase()}) > 0`),
    sql` or `,
  )})`;
}

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** Writes back the extra data of every row that held a needle. */
async function scrubFlexRows<F>(rows: { id: number; flex: F }[], needles: Needles, write: (id: number, flex: F) => Promise<unknown>): Promise<void> {
  for (const row of rows) {
    const flex = scrubJson(row.flex, needles.all);
    if (changed(flex, row.flex)) await write(row.id, flex);
  }
}

/** Writes back the label and extra data of every order line or quote item that held a needle. */
async function scrubLineRows<F>(
  rows: { id: number; label: string; flex: F }[],
  needles: Needles,
  write: (id: number, scrubbed: { label: string; flex: F }) => Promise<unknown>,
): Promise<void> {
  for (const row of rows) {
    const label = scrubText(row.label, needles.all);
    const flex = scrubJson(row.flex, needles.all);
    if (label !== row.label || changed(flex, row.flex)) await write(row.id, { label, flex });
  }
}

/** The travellers of their orders and what their orders, lines, logs and rooms say of them. */
async function scrubOrders(
  tx: Tx,
  orderIds: number[],
  ownGuests: Pick<typeof guests.$inferSelect, 'id' | 'flex'>[],
  needles: Needles,
): Promise<void> {
  // The travellers of their orders: the names go, the places (and so the rooming counts) stay.
  for (const g of ownGuests) {
    await tx
      .update(guests)
      .set({ ...GUEST_PLACEHOLDER, flex: scrubJson(g.flex, needles.all) })
      .where(eq(guests.id, g.id));
  }
  // Lines ('Visum (naam)'), logs ('Naam gewijzigd: …'), the orders' and rooms' extra data.
  const lines = await tx
    .select({ id: orderLines.id, label: orderLines.label, flex: orderLines.flex })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds));
  await scrubLineRows(lines, needles, (id, scrubbed) => tx.update(orderLines).set(scrubbed).where(eq(orderLines.id, id)));
  for (const log of await tx.select({ id: orderLogs.id, message: orderLogs.message }).from(orderLogs).where(inArray(orderLogs.orderId, orderIds))) {
    const message = scrubText(log.message, needles.all);
    if (message !== log.message) await tx.update(orderLogs).set({ message }).where(eq(orderLogs.id, log.id));
  }
  await scrubFlexRows(await tx.select({ id: orders.id, flex: orders.flex }).from(orders).where(inArray(orders.id, orderIds)), needles, (id, flex) =>
    tx.update(orders).set({ flex }).where(eq(orders.id, id)),
  );
  await scrubFlexRows(await tx.select({ id: rooms.id, flex: rooms.flex }).from(rooms).where(inArray(rooms.orderId, orderIds)), needles, (id, flex) =>
    tx.update(rooms).set({ flex }).where(eq(rooms.id, id)),
  );
}

/** Payments and provider attempts of their orders and quotes may carry the payer's details. */
async function scrubPayments(tx: Tx, user: UserRow, orderIds: number[], needles: Needles): Promise<void> {
  const ownInvoices = await tx.select({ id: invoices.id, flex: invoices.flex }).from(invoices).where(eq(invoices.userId, user.id));
  const invoiceIds = ownInvoices.map((i) => i.id);
  await scrubFlexRows(ownInvoices, needles, (id, flex) => tx.update(invoices).set({ flex }).where(eq(invoices.id, id)));
  if (invoiceIds.length) {
    const items = await tx
      .select({ id: invoiceItems.id, label: invoiceItems.label, flex: invoiceItems.flex })
      .from(invoiceItems)
      .where(inArray(invoiceItems.invoiceId, invoiceIds));
    await scrubLineRows(items, needles, (id, scrubbed) => tx.update(invoiceItems).set(scrubbed).where(eq(invoiceItems.id, id)));
  }
  const none = sql`false`;
  const ownPayments = or(
    orderIds.length ? inArray(payments.orderId, orderIds) : none,
    invoiceIds.length ? inArray(payments.invoiceId, invoiceIds) : none,
  );
  await scrubFlexRows(await tx.select({ id: payments.id, flex: payments.flex }).from(payments).where(ownPayments), needles, (id, flex) =>
    tx.update(payments).set({ flex }).where(eq(payments.id, id)),
  );
  const ownAttempts = or(
    orderIds.length ? inArray(transactions.orderId, orderIds) : none,
    invoiceIds.length ? inArray(transactions.invoiceId, invoiceIds) : none,
  );
  await scrubFlexRows(await tx.select({ id: transactions.id, flex: transactions.flex }).from(transactions).where(ownAttempts), needles, (id, flex) =>
    tx.update(transactions).set({ flex }).where(eq(transactions.id, id)),
  );
}

/**
 * Mails: those to or from them go; others that name them (to the office) lose the names and the
 * attachments (PDFs with the names).
 */
async function scrubMails(tx: Tx, email: string, needles: Needles): Promise<void> {
  await tx.delete(mailOutbox).where(or(sql`lower(${mailOutbox.to}) = ${email}`, sql`lower(${mailOutbox.replyTo}) = ${email}`));
  const naming = await tx
    .select({ id: mailOutbox.id, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(or(mentions(mailOutbox.subject, needles.strong), mentions(mailOutbox.text, needles.strong), mentions(mailOutbox.html, needles.strong)));
  for (const m of naming) {
    await tx
      .update(mailOutbox)
      .set({
        subject: scrubText(m.subject, needles.all),
        text: scrubText(m.text, needles.all),
        html: m.html === null ? null : scrubText(m.html, needles.all),
        attachments: [],
      })
      .where(eq(mailOutbox.id, m.id));
  }
}

/** The audit log keeps who did what, without the person's values (before/after of their account). */
async function scrubAudit(tx: Tx, user: UserRow, needles: Needles): Promise<void> {
  await tx
    .update(auditLog)
    .set({ actorEmail: `user-${user.id}` })
    .where(eq(auditLog.actorUserId, user.id));
  const audits = await tx
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(or(eq(auditLog.targetUserId, user.id), eq(auditLog.actorUserId, user.id), mentions(auditLog.details, needles.strong)));
  for (const a of audits) {
    const details = scrubJson(a.details, needles.all);
    if (changed(details, a.details)) await tx.update(auditLog).set({ details }).where(eq(auditLog.id, a.id));
  }
}

/**
 * Removes the person's data from everything but their account row (which the caller overwrites).
 * Runs in the deletion's transaction; `orderIds` are the person's orders.
 */
export async function eraseFromOtherTables(tx: Tx, user: UserRow, orderIds: number[]): Promise<void> {
  const ownGuests = orderIds.length
    ? await tx
        .select({ id: guests.id, firstName: guests.firstName, lastName: guests.lastName, flex: guests.flex })
        .from(guests)
        .where(inArray(guests.orderId, orderIds))
    : [];
  const needles = needlesOf(user, ownGuests);
  const email = user.email.toLowerCase();

  if (orderIds.length) await scrubOrders(tx, orderIds, ownGuests, needles);
  // What the person did themselves is logged under their address on any order.
  await tx
    .update(orderLogs)
    .set({ userExecutedMail: null })
    .where(sql`lower(${orderLogs.userExecutedMail}) = ${email}`);

  await scrubPayments(tx, user, orderIds, needles);

  // Their requests (Morocco, 'Umrah op maat') are theirs alone: gone.
  await tx.delete(requests).where(or(eq(requests.userId, user.id), sql`lower(${requests.email}) = ${email}`));

  await scrubMails(tx, email, needles);
  await scrubAudit(tx, user, needles);

  // Stored answers of their requests (an order's answer names them), and of forms that named them.
  await tx.delete(idempotencyKeys).where(or(eq(idempotencyKeys.scope, userScope(user.id)), mentions(idempotencyKeys.body, needles.strong)));
}
