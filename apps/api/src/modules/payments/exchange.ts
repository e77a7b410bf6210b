import { eq } from 'drizzle-orm';
import { OrderStatus, PAYMENT_MSG, PaymentType, formatEuro } from '@umrah/domain';
import type { Tx } from '../../db/index.ts';
import { orders, payments } from '../../db/schema.ts';
import type { PaymentProvider } from '../../infra/payments/index.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../../lib/auth.ts';
import { AfterCommit, type AfterCommitCtx } from '../orders/index.ts';
import { providerActor, writeOrderLog } from '../../lib/order-log.ts';
import { afterPaymentChange } from './booking.ts';
import { paymentReviewMail } from './mails.ts';
import { lockOrder, orderFingerprintSql, orderFor, paidTotal, type OrderRow } from './order-state.ts';
import {
  exchangeableTransaction,
  recordProviderPayment,
  syncActiveTransactions,
  type PaymentReview,
  type TransactionRow,
} from './provider-payment.ts';

// What the provider reports about an order's payment: the exchange (webhook), the catch-up sync that
// asks it about active payments, and the return page's check.

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
export async function processExchange(ctx: AfterCommitCtx, provider: PaymentProvider, transactionId: number): Promise<ExchangeResult> {
  const row = await exchangeableTransaction(ctx, provider, transactionId);
  if (!row || !row.orderId) return { known: false, booked: false };
  const status = await provider.status(row.providerRef);
  const orderId = row.orderId;
  const after = new AfterCommit(ctx);
  const booked = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const review = order && status.state === 'paid' ? await reviewOf(tx, order, row) : null;
    const [inserted] = await recordProviderPayment(tx, row, status, order ? { orderId } : null, review);
    if (!inserted || !order) return false;
    const paid = await paidTotal(tx, orderId);
    if (order.totalPrice > 0 && paid >= order.totalPrice) {
      await tx.update(payments).set({ paymentType: PaymentType.PROVIDER_PAID }).where(eq(payments.id, inserted.id));
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
      after.mailQueued();
      return true;
    }
    const message = `Betaling ontvangen via de betaalprovider: ${formatEuro(status.amount)} (transactie #${row.id}).`;
    await afterPaymentChange(tx, after, order, { actor: 'provider', by: providerActor(provider.name), message }, { amount: status.amount });
    return true;
  });
  await after.run();
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
export const syncOrderTransactions = (ctx: AfterCommitCtx, provider: PaymentProvider, orderId: number, rows?: readonly TransactionRow[]) =>
  syncActiveTransactions(ctx, provider, { orderId }, (id) => processExchange(ctx, provider, id), rows);

/** The payment state of one order for its owner or staff, after asking the provider about open payments. */
export async function checkOrderPayment(ctx: AfterCommitCtx, provider: PaymentProvider, user: UserRow, orderId: number) {
  await orderFor(ctx, user, orderId);
  try {
    await syncOrderTransactions(ctx, provider, orderId);
  } catch (err) {
    // An unreachable provider must not hide the order's status; its exchange call will come.
    if (!(err instanceof AppError)) throw err;
  }
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(PAYMENT_MSG.orderNotFound);
  const paid = await paidTotal(ctx.db, orderId);
  return { order_id: orderId, status: order.status, total_price: order.totalPrice, total_payments: paid };
}
