import { eq } from 'drizzle-orm';
import { formatEuro, statusAfterPayments, type OrderActor } from '@umrah/domain';
import type { Tx } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { SYSTEM_ACTOR } from '../../lib/order-log.ts';
import { transitionOrder, type AfterCommit } from '../orders/index.ts';
import { paymentReceivedMail } from './mails.ts';
import { paidTotal, type OrderRow } from './order-state.ts';

// What a change of an order's payments does to the order: the status its payments give it, through
// the state machine (packages/domain/src/order-state.ts) and transitionOrder, with the log line, and
// the customer's receipt of a new payment.

/** Who changed the payments, for the state machine and the order log. */
export interface PaymentChangeBy {
  actor: OrderActor;
  /** user_executed_mail of the log row */
  by: string;
  /** What happened, e.g. 'Betaling toegevoegd: € 500,- (Contant).'; the status change is appended. */
  message: string;
}

/**
 * Moves the (locked) order to the status its payments give it (a refused change rolls the payment
 * change back with a 409), logs the change, and mails the customer about a new payment.
 */
export async function afterPaymentChange(
  tx: Tx,
  after: AfterCommit,
  order: OrderRow,
  change: PaymentChangeBy,
  received?: { amount: number },
): Promise<{ status: number; paid: number }> {
  const paid = await paidTotal(tx, order.id);
  const status = statusAfterPayments(order.status, paid, order.totalPrice);
  await transitionOrder(tx, after, {
    order,
    to: status,
    actor: change.actor,
    facts: { paid, total: order.totalPrice },
    log: { message: change.message, by: change.by },
  });
  if (received) {
    const [customer] = await tx.select().from(users).where(eq(users.id, order.userId));
    if (customer) {
      const mail = paymentReceivedMail({
        firstName: customer.firstName,
        orderId: order.id,
        amount: received.amount,
        paid,
        total: order.totalPrice,
        ordersUrl: `${after.ctx.config.publicUrl}/account/bestellingen/${order.id}`,
      });
      await queueMail(tx, { to: customer.email, ...mail });
      after.mailQueued();
    }
  }
  return { status, paid };
}

/**
 * An order of 0 (a voucher covers it) is complete without a payment (docs/MONEY.md): the same path a
 * full payment takes (statusAfterPayments, transitionOrder to COMPLETED, the log), by the system.
 * Returns the status it has now.
 */
export async function completeWithoutPayment(tx: Tx, after: AfterCommit, order: OrderRow): Promise<number> {
  if (order.totalPrice > 0) return order.status;
  const s = await afterPaymentChange(tx, after, order, {
    actor: 'system',
    by: SYSTEM_ACTOR,
    message: `Bestelling van ${formatEuro(0)}: er hoeft niets betaald te worden.`,
  });
  return s.status;
}
