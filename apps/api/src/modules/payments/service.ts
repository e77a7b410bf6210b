import { and, between, count, desc, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import {
  MSG,
  OrderStatus,
  PAYMENT_MSG,
  PaymentType,
  Role,
  amountToPay,
  downPaymentProblem,
  formatEuro,
  formatOrderNumber,
  isDeletablePaymentType,
  isOnlinePaymentType,
  mayPay,
  paymentTypeText,
  statusAfterPayments,
  type ManualPayment,
  type OrderActor,
} from '@umrah/domain';
import type { PaymentDto } from '@umrah/domain/contracts';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx, Tx } from '../../db/index.ts';
import { orderLines, orders, payments, products, rooms, transactions, users } from '../../db/schema.ts';
import type { PaymentProvider } from '../../infra/payments/index.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { rowsFromJson } from '../../lib/json-rows.ts';
import { batchedLookup, perDatabase } from '../../lib/batched-lookup.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { UserRow } from '../../lib/auth.ts';
import { SYSTEM_ACTOR, providerActor, writeOrderLog } from '../orders/log.ts';
import { changeOrderStatus } from '../orders/status.ts';
import { dutchToday } from '../vouchers/time.ts';
import { paymentReceivedMail, paymentReviewMail } from './mails.ts';
import {
  activeTransactionsQuery,
  exchangeableTransaction,
  nextTransactionIdSql,
  recordProviderPayment,
  type PaymentReview,
  startProviderPayment,
  syncActiveTransactions,
  type TransactionRow,
} from './provider-payment.ts';

/** What the provider booked is the provider's record: nobody rewrites or removes it through the API. */
export const PROVIDER_PAYMENT_LOCKED = 'Een betaling van de betaalprovider kan niet worden gewijzigd of verwijderd.';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail'>;
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

// The status rules (which statuses may pay, what a payment does to the status) are the domain's
// state machine (packages/domain/src/order-state.ts); changeOrderStatus is the only writer.
export { PAYABLE_STATUSES, statusAfterPayments } from '@umrah/domain';

const isStaff = (user: UserRow) => user.role === Role.ADMIN || user.role === Role.BOOKKEEPER;
const isAdmin = (user: UserRow) => user.role === Role.ADMIN;

/** Booked by the provider: an online payment type, or a row carrying the provider's reference. */
export const isProviderPayment = (p: Pick<PaymentRow, 'paymentType' | 'providerRef'>) =>
  isOnlinePaymentType(p.paymentType) || (p.providerRef !== null && p.providerRef !== '');

/**
 * The earliest payment_deadline ('YYYY-MM-DD') of the order's trip products (its rooms and the
 * guests' products), or null: lessons and plain products have no deadline that binds a payment.
 */
/** The SQL of the earliest payment_deadline ('YYYY-MM-DD') of an order's trip products, or null. */
function tripDeadlineSql(db: DbOrTx, orderId: number | SQLWrapper) {
  return db
    .select({ deadline: sql<string | null>`to_char(min(${products.paymentDeadline}), 'YYYY-MM-DD')` })
    .from(products)
    .where(
      and(
        between(products.type, 2, 10),
        or(
          inArray(products.id, db.select({ id: rooms.productId }).from(rooms).where(eq(rooms.orderId, orderId))),
          inArray(
            products.id,
            db
              .select({ id: sql<number>`${orderLines.productId}` })
              .from(orderLines)
              .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.productId} is not null`)),
          ),
        ),
      ),
    );
}

/**
 * The earliest payment_deadline ('YYYY-MM-DD') of the order's trip products (its rooms and the
 * guests' products), or null: lessons and plain products have no deadline that binds a payment.
 */
export async function tripPaymentDeadline(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await tripDeadlineSql(db, orderId);
  return row?.deadline ?? null;
}

/**
 * The order as a payment is bound to it (docs/MONEY.md): its total and its priced lines (product,
 * quantity, unit price, label), as an md5. Line ids are left out: an edit writes the lines anew.
 */
export const orderFingerprintSql = (orderId: number | SQLWrapper) =>
  sql<string>`(select md5(o.total_price::text || '|' || coalesce(string_agg(concat_ws(':', l.product_id, l.quantity, l.unit_price, l.label), ','
      order by l.product_id nulls first, l.label collate "C", l.quantity, l.unit_price), ''))
    from ${orders} o left join ${orderLines} l on l.order_id = o.id where o.id = ${orderId} group by o.total_price)`;

const paidSql = (orderId: number | SQLWrapper) =>
  sql`(select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.orderId} = ${orderId})`;

/**
 * Orders with the sum of their payments, their trips' payment deadline (paidTotal and
 * tripPaymentDeadline) and their recent active payments at `provider` (activeTransactionsQuery, for
 * syncOrderTransactions) in one statement, built and prepared once: every payment start runs it.
 */
const paymentStateQuery = preparedQuery((db) =>
  db
    .select({
      order: orders,
      paid: sql<string>`${paidSql(orders.id)}`,
      deadline: sql<string | null>`(${tripDeadlineSql(db, sql`${orders.id}`)})`,
      fingerprint: sql<string>`${orderFingerprintSql(sql`${orders.id}`)}`,
      active: sql<unknown>`(select json_agg(t order by t.id desc) from (${activeTransactionsQuery(db, sql.placeholder('provider'), {
        orderId: sql`${orders.id}`,
      })}) t)`,
      // For a provider in the shop's database: the new payment's id, so it is written in one more statement.
      transactionId: sql<number | null>`case when ${sql.placeholder('local')}::boolean then ${nextTransactionIdSql} end`,
    })
    .from(orders)
    .where(sql`${orders.id} = any(${sql.placeholder('orderIds')}::int[])`)
    .prepare('order_payment_state'),
);

type PaymentState = {
  order: OrderRow;
  paid: number;
  deadline: string | null;
  fingerprint: string;
  active: TransactionRow[];
  transactionId: number | null;
};

/**
 * The payment states of the payment starts that arrive together, in one statement (lib/batched-lookup.ts);
 * an order twice waits for the next statement, so each start has its own transaction id and sees the
 * one before it.
 */
const paymentStateLookups = perDatabase((db: Db) => {
  const byProvider = new Map<string, (orderId: number) => Promise<PaymentState | undefined>>();
  return (provider: PaymentProvider) => {
    let lookup = byProvider.get(provider.name);
    if (!lookup) {
      lookup = batchedLookup(
        async (orderIds: number[]) => {
          const rows = await paymentStateQuery(db).execute({ orderIds, provider: provider.name, local: provider.local !== undefined });
          return new Map(
            rows.map((row) => [
              row.order.id,
              {
                order: row.order,
                paid: Number(row.paid),
                deadline: row.deadline ?? null,
                fingerprint: row.fingerprint,
                active: rowsFromJson(transactions, row.active),
                transactionId: row.transactionId ?? null,
              },
            ]),
          );
        },
        { distinct: true },
      );
      byProvider.set(provider.name, lookup);
    }
    return lookup;
  };
});

function orderPaymentState(db: Db, orderId: number, provider: PaymentProvider): Promise<PaymentState | undefined> {
  return paymentStateLookups(db)(provider)(orderId);
}

export async function paidTotal(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ paid: sql<string | null>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return Number(row?.paid ?? 0);
}

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/** The order, when this user may see it; a customer gets 404 for someone else's order (no hint it exists). */
async function orderFor(ctx: Ctx, user: UserRow, orderId: number): Promise<OrderRow> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (!isStaff(user) && order.userId !== user.id)) throw notFound(PAYMENT_MSG.orderNotFound);
  return order;
}

/** Who changed the payments, for the state machine and the order log. */
interface PaymentChangeBy {
  actor: OrderActor;
  /** user_executed_mail of the log row */
  by: string;
  /** What happened, e.g. 'Betaling toegevoegd: € 500,- (Contant).'; the status change is appended. */
  message: string;
}

/**
 * Moves the order to the status its payments give it (through the state machine: a refused change
 * rolls the payment change back with a 409), logs the change, and mails the customer about a new payment.
 */
async function afterPaymentChange(
  ctx: Ctx,
  tx: Tx,
  order: OrderRow,
  change: PaymentChangeBy,
  received?: { amount: number },
): Promise<{ status: number; paid: number }> {
  const paid = await paidTotal(tx, order.id);
  const status = statusAfterPayments(order.status, paid, order.totalPrice);
  const moved = await changeOrderStatus(tx, order, status, change.actor, { paid, total: order.totalPrice });
  await writeOrderLog(tx, { orderId: order.id, message: `${change.message}${moved.phrase}`, actor: change.by });
  if (received) {
    const [customer] = await tx.select().from(users).where(eq(users.id, order.userId));
    if (customer) {
      const mail = paymentReceivedMail({
        firstName: customer.firstName,
        orderId: order.id,
        amount: received.amount,
        paid,
        total: order.totalPrice,
        ordersUrl: `${ctx.config.publicUrl}/account/bestellingen/${order.id}`,
      });
      await queueMail(tx, { to: customer.email, ...mail });
    }
  }
  return { status, paid };
}

/**
 * An order of 0 (a voucher covers it) is complete without a payment (docs/MONEY.md): the same path a
 * full payment takes (statusAfterPayments, changeOrderStatus to COMPLETED, the log), by the system.
 * Returns the status it has now.
 */
export async function completeWithoutPayment(ctx: Ctx, tx: Tx, order: OrderRow): Promise<number> {
  if (order.totalPrice > 0) return order.status;
  const s = await afterPaymentChange(ctx, tx, order, {
    actor: 'system',
    by: SYSTEM_ACTOR,
    message: `Bestelling van ${formatEuro(0)}: er hoeft niets betaald te worden.`,
  });
  return s.status;
}

// ------------------------------------------------------------------------------------------------
// Provider payments (the provider side is the shared use case in provider-payment.ts)

export interface StartInput {
  trans: 'none' | 'pin' | 'other';
  /** From the prepare call; without it the order's own choice (flex.pay_partly) counts. */
  percent?: 50 | 100;
  /** Staff only (trans pin or other): take less than the open rest. */
  amount?: number;
  flex?: unknown;
}

export interface StartedPayment {
  paymentURL: string;
  id: number;
  amount: number;
}

/**
 * Starts a payment at the provider for an order of this user (or any order, for staff) and gives
 * the hosted page to send the browser to. The amount is always computed here: 50 % or 100 % of the
 * total, or the open rest once something is paid.
 */
export async function startPayment(ctx: Ctx, provider: PaymentProvider, user: UserRow, orderId: number, input: StartInput): Promise<StartedPayment> {
  const staffTrans = input.trans !== 'none';
  // Pin and 'other' payments are taken by an admin; the bookkeeper only reads payments.
  if (staffTrans && !isAdmin(user)) throw forbidden(MSG.forbidden);
  // The order with what is paid, its trips' deadline and its active payments, in one statement.
  let state = await orderPaymentState(ctx.db, orderId, provider);
  let order = state?.order;
  if (!order || (!isStaff(user) && order.userId !== user.id)) throw notFound(PAYMENT_MSG.orderNotFound);
  if (user.role === Role.BOOKKEEPER && order.userId !== user.id) throw forbidden(MSG.forbidden);
  if (!mayPay(order.status)) throw conflict(PAYMENT_MSG.notPayable);

  // A payment finished at the provider but not yet reported is booked first, so nobody pays twice;
  // when the sync found an open payment (and may have booked it), the order is read again.
  const active = await syncOrderTransactions(ctx, provider, orderId, state!.active);
  if (active.length > 0) {
    state = await orderPaymentState(ctx.db, orderId, provider);
    order = state?.order;
  }
  if (!state || !order || !mayPay(order.status)) throw conflict(PAYMENT_MSG.notPayable);

  const paid = state.paid;
  const rest = order.totalPrice - paid;
  if (rest <= 0) throw conflict(PAYMENT_MSG.fullyPaid);
  let amount: number;
  let percent: 50 | 100;
  if (staffTrans && input.amount && input.amount > 0) {
    if (input.amount > rest) throw badRequest(PAYMENT_MSG.tooMuch);
    amount = input.amount;
    percent = 100;
  } else if (paid > 0) {
    amount = rest;
    percent = 100;
  } else {
    // Nothing paid yet: 50 % up to the trips' payment deadline (domain `downPaymentProblem`), asked
    // for explicitly ('Aanbetaling 50%') or as the order's own choice (checkout); after the
    // deadline an explicit 50 % is refused and the order's own choice becomes the full amount.
    const partly = (order.flex as { pay_partly?: unknown } | null)?.pay_partly === true;
    const problem = partly || input.percent === 50 ? downPaymentProblem({ deadline: state.deadline, today: dutchToday() }) : null;
    if (input.percent === 50 && problem) throw conflict(problem);
    percent = input.percent ?? (partly && !problem ? 50 : 100);
    amount = amountToPay(order.totalPrice, percent, 0);
  }
  if (amount <= 0) throw conflict(PAYMENT_MSG.fullyPaid);

  const { publicUrl } = ctx.config;
  const number = formatOrderNumber(orderId);
  const kind = paid > 0 ? 'restbetaling' : percent === 50 ? 'aanbetaling' : 'betaling';
  const started = await startProviderPayment(ctx, provider, active, {
    owner: { orderId },
    amount,
    percent,
    flex: { trans: input.trans, user_id: user.id, client_flex: input.flex ?? null },
    description: `${number} ${kind}`,
    reference: number,
    returnUrl: staffTrans ? `${publicUrl}/admin/process_payment/${orderId}` : `${publicUrl}/confirm/${orderId}`,
    exchangeUrl: (id) => `${publicUrl}/api/payment/exchange/${id}`,
    transactionId: state.transactionId,
    orderFingerprint: state.fingerprint,
  });
  return { paymentURL: started.paymentURL, id: started.id, amount: started.amount };
}

export interface ExchangeResult {
  known: boolean;
  state?: string;
  booked: boolean;
}

/**
 * The exchange (webhook): whatever the caller sends, the status is asked from the provider. A
 * payment row is written at most once per provider payment (provider_ref is unique and the insert
 * does nothing on conflict), so replayed, concurrent or out-of-order calls change nothing twice.
 */
export async function processExchange(ctx: Ctx, provider: PaymentProvider, transactionId: number): Promise<ExchangeResult> {
  const row = await exchangeableTransaction(ctx, provider, transactionId);
  if (!row || !row.orderId) return { known: false, booked: false };
  const status = await provider.status(row.providerRef);
  const orderId = row.orderId;
  const booked = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const review = order && status.state === 'paid' ? await reviewOf(tx, order, row) : null;
    const inserted = await recordProviderPayment(tx, row, status, order ? { orderId } : null, review);
    if (inserted.length === 0 || !order) return false;
    const paid = await paidTotal(tx, orderId);
    if (order.totalPrice > 0 && paid >= order.totalPrice) {
      await tx.update(payments).set({ paymentType: PaymentType.PROVIDER_PAID }).where(eq(payments.id, inserted[0]!.id));
    }
    if (review) {
      // Money received is booked, but this payment was not for the order as it is now (or the order
      // is gone): the status and the stock stay as they are; the office decides (docs/MONEY.md).
      await writeOrderLog(tx, {
        orderId,
        message:
          review === 'refund_due'
            ? `Betaling ontvangen via de betaalprovider voor een geannuleerde bestelling: ${formatEuro(status.amount)} (transactie #${row.id}). Geboekt en gemarkeerd om terug te betalen; status en voorraad ongewijzigd.`
            : `Betaling ontvangen via de betaalprovider voor de bestelling zoals die was bij het starten: ${formatEuro(status.amount)} (transactie #${row.id}). De bestelling is sindsdien gewijzigd: geboekt en gemarkeerd voor controle; status ongewijzigd.`,
        actor: providerActor(provider.name),
      });
      await queueMail(tx, {
        to: ctx.config.officeEmail,
        ...paymentReviewMail({ orderId, amount: status.amount, review, adminUrl: `${ctx.config.publicUrl}/admin` }),
      });
      return true;
    }
    await afterPaymentChange(
      ctx,
      tx,
      order,
      {
        actor: 'provider',
        by: providerActor(provider.name),
        message: `Betaling ontvangen via de betaalprovider: ${formatEuro(status.amount)} (transactie #${row.id}).`,
      },
      { amount: status.amount },
    );
    return true;
  });
  if (booked) void ctx.mail.kick();
  return { known: true, state: status.state, booked };
}

/** Statuses whose payments are money to give back: the order is gone. */
const REFUND_STATUSES: readonly number[] = [OrderStatus.CANCELLED, OrderStatus.DECLINED, OrderStatus.REFUNDED, OrderStatus.PARTIALLY_REFUNDED];

/**
 * Whether a paid provider payment needs the office instead of moving the order: the order is
 * cancelled (a refund is due), or it changed since the payment started (its fingerprint differs).
 * Rows from before fingerprints were kept have none and are booked as before.
 */
async function reviewOf(tx: Tx, order: OrderRow, row: TransactionRow): Promise<PaymentReview | null> {
  if (REFUND_STATUSES.includes(order.status)) return 'refund_due';
  if (row.orderFingerprint === null) return null;
  const [now] = await tx
    .select({ fingerprint: orderFingerprintSql(order.id) })
    .from(orders)
    .where(eq(orders.id, order.id));
  return now?.fingerprint === row.orderFingerprint ? null : 'order_changed';
}

/** The order's active payments, asked from the provider (the return page and a new payment use it). */
export const syncOrderTransactions = (ctx: Ctx, provider: PaymentProvider, orderId: number, rows?: readonly TransactionRow[]) =>
  syncActiveTransactions(ctx, provider, { orderId }, (id) => processExchange(ctx, provider, id), rows);

/** The payment state of one order for its owner or staff, after asking the provider about open payments. */
export async function checkOrderPayment(ctx: Ctx, provider: PaymentProvider, user: UserRow, orderId: number) {
  await orderFor(ctx, user, orderId);
  try {
    await syncOrderTransactions(ctx, provider, orderId);
  } catch (err) {
    // An unreachable provider must not hide the order's status; its exchange call will come.
    if (!(err instanceof AppError)) throw err;
  }
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  const paid = await paidTotal(ctx.db, orderId);
  return { order_id: orderId, status: order!.status, total_price: order!.totalPrice, total_payments: paid };
}

// ------------------------------------------------------------------------------------------------
// Manual payments (staff)

export const paymentDto = (p: PaymentRow, extra: { email?: string | null; name?: string | null; order_status?: number | null } = {}): PaymentDto => ({
  id: p.id,
  order_id: p.orderId,
  invoice_id: p.invoiceId,
  payment_type: p.paymentType,
  type_text: paymentTypeText(p.paymentType),
  amount: p.amount,
  provider_ref: p.providerRef,
  review: (p.review as PaymentReview | null) ?? null,
  created_at: p.createdAt.toISOString(),
  ...(extra.email !== undefined ? { email: extra.email } : {}),
  ...(extra.name !== undefined ? { name: extra.name } : {}),
  ...(extra.order_status !== undefined ? { order_status: extra.order_status } : {}),
});

const orderSummary = (order: OrderRow, s: { status: number; paid: number }) => ({
  id: order.id,
  status: s.status,
  total_price: order.totalPrice,
  total_payments: s.paid,
});

const paymentText = (amount: number, type: number) => `${formatEuro(amount)} (${paymentTypeText(type)})`;

/** `by`: the staff member's email, for the order log. */
export async function createManualPayment(ctx: Ctx, input: ManualPayment, by: string) {
  if (isOnlinePaymentType(input.payment_type)) throw badRequest(PAYMENT_MSG.onlineIsProvider);
  const result = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.order_id);
    if (!order) throw notFound(PAYMENT_MSG.orderNotFound);
    const [payment] = await tx
      .insert(payments)
      .values({ orderId: order.id, paymentType: input.payment_type, amount: input.amount, flex: { manual: true } })
      .returning();
    const s = await afterPaymentChange(
      ctx,
      tx,
      order,
      { actor: 'staff', by, message: `Betaling #${payment!.id} toegevoegd: ${paymentText(input.amount, input.payment_type)}.` },
      { amount: input.amount },
    );
    return { payment: paymentDto(payment!), order: orderSummary(order, s) };
  });
  void ctx.mail.kick();
  return result;
}

export async function updatePayment(ctx: Ctx, id: number, input: ManualPayment, by: string) {
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(payments).where(eq(payments.id, id));
    if (!existing || existing.orderId === null) throw notFound(PAYMENT_MSG.notFound);
    if (isProviderPayment(existing)) throw conflict(PROVIDER_PAYMENT_LOCKED);
    if (existing.orderId !== input.order_id) throw badRequest(PAYMENT_MSG.otherOrder);
    // An online payment stays online and a manual one manual: the provider's record is the proof.
    if (isOnlinePaymentType(existing.paymentType) !== isOnlinePaymentType(input.payment_type)) {
      throw badRequest(PAYMENT_MSG.onlineIsProvider);
    }
    const order = await lockOrder(tx, existing.orderId);
    if (!order) throw notFound(PAYMENT_MSG.orderNotFound);
    const [payment] = await tx.update(payments).set({ paymentType: input.payment_type, amount: input.amount }).where(eq(payments.id, id)).returning();
    const s = await afterPaymentChange(ctx, tx, order, {
      actor: 'staff',
      by,
      message: `Betaling #${id} gewijzigd: ${paymentText(existing.amount, existing.paymentType)} → ${paymentText(input.amount, input.payment_type)}.`,
    });
    return { payment: paymentDto(payment!), order: orderSummary(order, s) };
  });
}

export async function deletePayment(ctx: Ctx, id: number, by: string) {
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(payments).where(eq(payments.id, id));
    if (!existing) throw notFound(PAYMENT_MSG.notFound);
    if (isProviderPayment(existing)) throw conflict(PROVIDER_PAYMENT_LOCKED);
    if (!isDeletablePaymentType(existing.paymentType)) throw badRequest(PAYMENT_MSG.notDeletable);
    const order = existing.orderId !== null ? await lockOrder(tx, existing.orderId) : undefined;
    await tx.delete(payments).where(eq(payments.id, id));
    const s = order
      ? await afterPaymentChange(ctx, tx, order, {
          actor: 'staff',
          by,
          message: `Betaling #${id} verwijderd: ${paymentText(existing.amount, existing.paymentType)}.`,
        })
      : null;
    return { order: order && s ? orderSummary(order, s) : null };
  });
}

/** Who a payment is from, as the payments list and the payments export show it (join users first). */
export const payerColumns = { email: users.email, firstName: users.firstName, lastName: users.lastName };

export async function listPayments(ctx: Ctx, q: { order_id?: number; page: number; pageSize: number }) {
  const where = q.order_id !== undefined ? eq(payments.orderId, q.order_id) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ payment: payments, ...payerColumns, orderStatus: orders.status })
      .from(payments)
      .leftJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      // The page's ids first (from the primary key's index alone), then the joins for those 25 rows
      // only: a deep page (page 2000) no longer joins every payment it skips.
      .where(
        inArray(
          payments.id,
          ctx.db
            .select({ id: payments.id })
            .from(payments)
            .where(where)
            .orderBy(desc(payments.id))
            .limit(q.pageSize)
            .offset((q.page - 1) * q.pageSize),
        ),
      )
      .orderBy(desc(payments.id)),
    ctx.db.select({ total: count() }).from(payments).where(where),
  ]);
  return {
    payments: rows.map((r) =>
      paymentDto(r.payment, {
        email: r.email,
        name: r.firstName !== null ? `${r.firstName} ${r.lastName}` : null,
        order_status: r.orderStatus,
      }),
    ),
    total,
  };
}

/** Payments per order, for order lists. */
export async function paymentsOfOrders(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, PaymentRow[]>();
  const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(payments.id);
  const map = new Map<number, PaymentRow[]>();
  for (const r of rows) map.set(r.orderId!, [...(map.get(r.orderId!) ?? []), r]);
  return map;
}
