import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatOrderNumber, LogType, OPEN_MSG, ORDER_MSG, OrderStatus, formatDate, formatEuro, mayDeliverDocuments, mayPay } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { guests, orderLogs, orders, reminderSteps, users, visaDocuments } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import type { UserRow } from '../../lib/auth.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { dutchToday } from '../../lib/dutch-time.ts';
import { writeOrderLog } from '../../lib/order-log.ts';
import { DOCUMENT_STEPS, PAYMENT_STEPS, documentReminderMail, paymentReminderMail, type DocumentStep, type PaymentStep } from './mails.ts';

// Document reminders (log types 1-4) and payment reminders (6-10): sent by an admin from the order
// (POST /api/order/remind/documents, /payments) or by the scheduler (scheduler.ts). Either way the
// mail is queued in the outbox and the log row written in the same transaction, so a reminder is in
// the log exactly when its mail will go out.

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail'>;

export const REMINDER_MSG = {
  sent: 'Herinnering is verstuurd.',
  sentMany: (n: number) => `${n} herinneringen zijn verstuurd.`,
  notEligible: (nr: string) => `Bestelling ${nr} is niet (aan)betaald: documenten kunnen nog niet worden aangeleverd.`,
  documentsComplete: (nr: string) => `Van alle reizigers van bestelling ${nr} zijn de documenten al aangeleverd.`,
  notPayable: (nr: string) => `Bestelling ${nr} kan niet (meer) worden betaald.`,
  nothingOpen: (nr: string) => `Op bestelling ${nr} staat geen bedrag meer open.`,
  orderNotFound: (id: number) => `Bestelling ${formatOrderNumber(id)} niet gevonden.`,
} as const;

/** Everything a reminder needs to know about an order, read in one query per list of orders. */
export interface OrderFacts {
  id: number;
  status: number;
  userId: number;
  email: string;
  firstName: string;
  total: number;
  paid: number;
  /** Earliest payment_deadline of the order's trip products ('YYYY-MM-DD'), or null. */
  deadline: string | null;
  /** Earliest departure of the order's trip products, and that trip's label. */
  tripStart: string | null;
  tripLabel: string | null;
  missingGuests: string[];
}

// The trip products of an order are the Umrah products (types 2-10) on its lines: each guest's
// place in a room is a line of the guest's product.
const tripProducts = sql`from order_lines l join products p on p.id = l.product_id where l.order_id = ${orders.id} and p.type between 2 and 10`;

export async function orderFacts(db: DbOrTx, ids: readonly number[]): Promise<OrderFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      userId: orders.userId,
      email: users.email,
      firstName: users.firstName,
      total: orders.totalPrice,
      paid: sql<string>`(select coalesce(sum(pay.amount), 0) from payments pay where pay.order_id = ${orders.id})`,
      deadline: sql<string | null>`(select to_char(min(p.payment_deadline), 'YYYY-MM-DD') ${tripProducts})`,
      tripStart: sql<string | null>`(select to_char(min(p.start), 'YYYY-MM-DD') ${tripProducts})`,
      tripLabel: sql<string | null>`(select p.label ${tripProducts} order by p.start nulls last, p.id limit 1)`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, [...ids]))
    .orderBy(asc(orders.id));
  const missing = await db
    .select({ orderId: guests.orderId, firstName: guests.firstName, lastName: guests.lastName })
    .from(guests)
    .leftJoin(visaDocuments, eq(visaDocuments.guestId, guests.id))
    .where(and(inArray(guests.orderId, [...ids]), sql`${visaDocuments.id} is null`))
    .orderBy(asc(guests.id));
  return rows.map((r) => ({
    ...r,
    paid: Number(r.paid),
    missingGuests: missing.filter((g) => g.orderId === r.id).map((g) => `${g.firstName} ${g.lastName}`.trim()),
  }));
}

export const amountOpen = (f: Pick<OrderFacts, 'total' | 'paid'>) => Math.max(0, f.total - f.paid);

/** Queues a document reminder and writes its log row; `note` tells why (the scheduler's step). */
export async function queueDocumentReminder(tx: DbOrTx, ctx: Pick<Ctx, 'config'>, f: OrderFacts, step: DocumentStep, actor: string, note = '') {
  const nr = formatOrderNumber(f.id);
  const mail = documentReminderMail({
    step,
    firstName: f.firstName,
    orderNumber: nr,
    trip: f.tripLabel ? { label: f.tripLabel, start: f.tripStart } : null,
    missingGuests: f.missingGuests,
    link: `${ctx.config.publicUrl}/visum/invoeren/${f.id}`,
  });
  await queueMail(tx, { to: f.email, ...mail });
  await writeOrderLog(tx, {
    orderId: f.id,
    type: step,
    message: `Documentherinnering '${DOCUMENT_STEPS[step]}' verstuurd naar ${f.email}${note}. Ontbreekt: ${f.missingGuests.join(', ')}.`,
    actor,
  });
}

/** Queues a payment reminder and writes its log row. */
export async function queuePaymentReminder(
  tx: DbOrTx,
  ctx: Pick<Ctx, 'config'>,
  f: OrderFacts,
  step: PaymentStep,
  actor: string,
  note = '',
  today = dutchToday(),
) {
  const nr = formatOrderNumber(f.id);
  const open = amountOpen(f);
  const mail = paymentReminderMail({
    step,
    firstName: f.firstName,
    orderNumber: nr,
    total: f.total,
    paid: f.paid,
    open,
    deadline: f.deadline,
    today,
    link: `${ctx.config.publicUrl}/account/bestellingen/${f.id}`,
  });
  await queueMail(tx, { to: f.email, ...mail });
  await writeOrderLog(tx, {
    orderId: f.id,
    type: step,
    message: `Betalingsherinnering '${PAYMENT_STEPS[step]}' verstuurd naar ${f.email}${note}: open ${formatEuro(open)}${f.deadline ? `, betaaltermijn ${formatDate(f.deadline)}` : ''}.`,
    actor,
  });
}

/** Locks the orders (id order, like every other writer) and reads their facts; a missing id is a 404. */
async function lockedFacts(tx: DbOrTx, ids: number[]): Promise<OrderFacts[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const found = await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, sorted)).orderBy(asc(orders.id)).for('update');
  const missing = sorted.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) throw notFound(sorted.length === 1 ? ORDER_MSG.notFound : REMINDER_MSG.orderNotFound(missing));
  return orderFacts(tx, sorted);
}

/** POST /api/order/remind/documents: request (1), first (2), second (3) or cancel (4) reminder. */
export async function sendDocumentReminder(ctx: Ctx, admin: UserRow, orderId: number, step: DocumentStep) {
  await ctx.db.transaction(async (tx) => {
    const [f] = await lockedFacts(tx, [orderId]);
    if (!f) throw notFound(ORDER_MSG.notFound);
    const nr = formatOrderNumber(f.id);
    if (!mayDeliverDocuments(f.status)) throw conflict(REMINDER_MSG.notEligible(nr));
    if (f.missingGuests.length === 0) throw conflict(REMINDER_MSG.documentsComplete(nr));
    await queueDocumentReminder(tx, ctx, f, step, admin.email);
  });
  void ctx.mail.kick();
  return { order_id: orderId, type: step };
}

/**
 * POST /api/order/remind/payments: one step for a list of orders, all or nothing: an order that
 * cannot be paid any more, or has nothing open, refuses the whole request with its number.
 */
export async function sendPaymentReminders(ctx: Ctx, admin: UserRow, orderIds: number[], amountSent: number) {
  const step = (LogType.PAYMENT_REQUEST + amountSent) as PaymentStep;
  if (!(step in PAYMENT_STEPS)) throw new AppError(400, 'Ongeldige herinnering.');
  const sent = await ctx.db.transaction(async (tx) => {
    const facts = await lockedFacts(tx, orderIds);
    for (const f of facts) {
      const nr = formatOrderNumber(f.id);
      if (!mayPay(f.status)) throw conflict(REMINDER_MSG.notPayable(nr));
      if (amountOpen(f) <= 0) throw conflict(REMINDER_MSG.nothingOpen(nr));
    }
    for (const f of facts) await queuePaymentReminder(tx, ctx, f, step, admin.email);
    return facts.map((f) => ({ order_id: f.id, type: step }));
  });
  void ctx.mail.kick();
  return sent;
}

/**
 * The 'Openstaand' view's reminder to a selection (docs/OFFICE.md): the same step to each order, each in
 * its own transaction (mail queued and log row written together, as above), so one order that was
 * paid in the meantime is skipped with its reason instead of refusing the others.
 */
export async function sendPaymentReminderEach(ctx: Ctx, admin: UserRow, orderIds: number[], amountSent: number) {
  const step = (LogType.PAYMENT_REQUEST + amountSent) as PaymentStep;
  if (!(step in PAYMENT_STEPS)) throw new AppError(400, 'Ongeldige herinnering.');
  return remindEach(ctx, orderIds, step, async (tx, f, nr) => {
    // Paid in full (COMPLETED, or paid while the list was open) first: that is the note staff expect.
    if (amountOpen(f) <= 0) return OPEN_MSG.skippedPaid(nr);
    if (!mayPay(f.status)) return OPEN_MSG.skippedNotPayable(nr);
    await queuePaymentReminder(tx, ctx, f, step, admin.email);
    return null;
  });
}

/**
 * 'Herinnering aan alle gasten zonder documenten' of a trip (docs/OFFICE.md): the document reminder step
 * to each order whose guests have not all delivered, each in its own transaction like the single
 * reminder; orders that are complete (or no longer eligible) in the meantime are skipped.
 */
export async function sendDocumentReminderEach(ctx: Ctx, admin: UserRow, orderIds: number[], step: DocumentStep) {
  return remindEach(ctx, orderIds, step, async (tx, f, nr) => {
    if (!mayDeliverDocuments(f.status)) return REMINDER_MSG.notEligible(nr);
    if (f.missingGuests.length === 0) return REMINDER_MSG.documentsComplete(nr);
    await queueDocumentReminder(tx, ctx, f, step, admin.email);
    return null;
  });
}

/**
 * One reminder step to each order in its own transaction (the order locked, its facts read again):
 * `remind` queues the mail and returns null, or says why the order is skipped.
 */
async function remindEach(
  ctx: Ctx,
  orderIds: number[],
  step: number,
  remind: (tx: Tx, facts: OrderFacts, orderNumber: string) => Promise<string | null>,
) {
  const sent: { order_id: number; type: number }[] = [];
  const skipped: { order_id: number; reason: string }[] = [];
  for (const id of [...new Set(orderIds)]) {
    const reason = await ctx.db.transaction(async (tx) => {
      const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
      const nr = formatOrderNumber(id);
      if (!found) return OPEN_MSG.skippedNotFound(nr);
      const [f] = await orderFacts(tx, [id]);
      return remind(tx, f!, nr);
    });
    if (reason) skipped.push({ order_id: id, reason });
    else sent.push({ order_id: id, type: step });
  }
  if (sent.length) void ctx.mail.kick();
  return { sent, skipped };
}

const stepList = <T extends number>(labels: Record<T, string>, logs: { type: number; createdAt: Date; userExecutedMail: string | null }[]) =>
  (Object.entries(labels) as [string, string][]).map(([type, label]) => {
    const mine = logs.filter((l) => l.type === Number(type));
    return {
      type: Number(type),
      label,
      sent_count: mine.length,
      last_sent_at: mine[0]?.createdAt.toISOString() ?? null,
      last_sent_by: mine[0]?.userExecutedMail ?? null,
    };
  });

/** The next step to offer: the one after the last step sent (the first when none), null after the last. */
function nextStep(steps: { type: number; sent_count: number }[]): number | null {
  const last = [...steps].reverse().find((s) => s.sent_count > 0);
  if (!last) return steps[0]?.type ?? null;
  const i = steps.findIndex((s) => s.type === last.type);
  return steps[i + 1]?.type ?? null;
}

/** GET /api/order/{id}/reminders: per kind the steps with what was sent (from the log), and the log rows. */
export async function orderReminders(ctx: Ctx, orderId: number) {
  const [f] = await orderFacts(ctx.db, [orderId]);
  if (!f) throw notFound(ORDER_MSG.notFound);
  const [logs, scheduled] = await Promise.all([
    ctx.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, orderId), sql`${orderLogs.type} between 1 and 10`))
      .orderBy(desc(orderLogs.createdAt), desc(orderLogs.id)),
    ctx.db.select().from(reminderSteps).where(eq(reminderSteps.orderId, orderId)).orderBy(asc(reminderSteps.id)),
  ]);
  const documents = stepList(DOCUMENT_STEPS, logs);
  const payments = stepList(PAYMENT_STEPS, logs);
  const documentsAllowed = mayDeliverDocuments(f.status) && f.missingGuests.length > 0;
  const paymentsAllowed = mayPay(f.status) && amountOpen(f) > 0;
  return {
    order_id: f.id,
    order_number: formatOrderNumber(f.id),
    status: f.status,
    email: f.email,
    documents: {
      steps: documents,
      next: nextStep(documents),
      allowed: documentsAllowed,
      ...(documentsAllowed
        ? {}
        : {
            reason:
              f.missingGuests.length === 0
                ? REMINDER_MSG.documentsComplete(formatOrderNumber(f.id))
                : REMINDER_MSG.notEligible(formatOrderNumber(f.id)),
          }),
      missing_guests: f.missingGuests,
      trip_start: f.tripStart,
    },
    payments: {
      steps: payments,
      next: nextStep(payments),
      allowed: paymentsAllowed,
      ...(paymentsAllowed
        ? {}
        : { reason: mayPay(f.status) ? REMINDER_MSG.nothingOpen(formatOrderNumber(f.id)) : REMINDER_MSG.notPayable(formatOrderNumber(f.id)) }),
      amount_open: f.status === OrderStatus.CANCELLED ? 0 : amountOpen(f),
      deadline: f.deadline,
    },
    logs: logs.map((l) => ({
      id: l.id,
      type: l.type,
      message: l.message,
      created_at: l.createdAt.toISOString(),
      order_id: l.orderId,
      user_executed_mail: l.userExecutedMail,
    })),
    scheduled: scheduled.map((s) => ({ kind: s.kind, days_before: s.daysBefore, status: s.status, created_at: s.createdAt.toISOString() })),
  };
}
