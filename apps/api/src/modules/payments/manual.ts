import { eq } from 'drizzle-orm';
import { PAYMENT_MSG, formatEuro, isDeletablePaymentType, isOnlinePaymentType, paymentTypeText, type ManualPayment } from '@umrah/domain';
import { payments } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { inTransaction, type AfterCommitCtx } from '../orders/index.ts';
import { afterPaymentChange } from './booking.ts';
import { paymentDto } from './dto.ts';
import { lockOrder, type OrderRow } from './order-state.ts';

// Manual payments (staff): cash, bank transfer, pin registered by hand, changed or removed; the
// order's status follows (booking.ts). What the provider booked is never changed here.

type PaymentRow = typeof payments.$inferSelect;

/** What the provider booked is the provider's record: nobody rewrites or removes it through the API. */
export const PROVIDER_PAYMENT_LOCKED = 'Een betaling van de betaalprovider kan niet worden gewijzigd of verwijderd.';

/** Booked by the provider: an online payment type, or a row carrying the provider's reference. */
export const isProviderPayment = (p: Pick<PaymentRow, 'paymentType' | 'providerRef'>) =>
  isOnlinePaymentType(p.paymentType) || (p.providerRef !== null && p.providerRef !== '');

const orderSummary = (order: OrderRow, s: { status: number; paid: number }) => ({
  id: order.id,
  status: s.status,
  total_price: order.totalPrice,
  total_payments: s.paid,
});

const paymentText = (amount: number, type: number) => `${formatEuro(amount)} (${paymentTypeText(type)})`;

/** `by`: the staff member's email, for the order log. */
export async function createManualPayment(ctx: AfterCommitCtx, input: ManualPayment, by: string) {
  if (isOnlinePaymentType(input.payment_type)) throw badRequest(PAYMENT_MSG.onlineIsProvider);
  return inTransaction(ctx, async (tx, after) => {
    const order = await lockOrder(tx, input.order_id);
    if (!order) throw notFound(PAYMENT_MSG.orderNotFound);
    const [payment] = await tx
      .insert(payments)
      .values({ orderId: order.id, paymentType: input.payment_type, amount: input.amount, flex: { manual: true } })
      .returning();
    if (!payment) throw new Error('payment insert returned no row');
    const message = `Betaling #${payment.id} toegevoegd: ${paymentText(input.amount, input.payment_type)}.`;
    const s = await afterPaymentChange(tx, after, order, { actor: 'staff', by, message }, { amount: input.amount });
    return { payment: paymentDto(payment), order: orderSummary(order, s) };
  });
}

export async function updatePayment(ctx: AfterCommitCtx, id: number, input: ManualPayment, by: string) {
  return inTransaction(ctx, async (tx, after) => {
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
    if (!payment) throw notFound(PAYMENT_MSG.notFound);
    const s = await afterPaymentChange(tx, after, order, {
      actor: 'staff',
      by,
      message: `Betaling #${id} gewijzigd: ${paymentText(existing.amount, existing.paymentType)} → ${paymentText(input.amount, input.payment_type)}.`,
    });
    return { payment: paymentDto(payment), order: orderSummary(order, s) };
  });
}

export async function deletePayment(ctx: AfterCommitCtx, id: number, by: string) {
  return inTransaction(ctx, async (tx, after) => {
    const [existing] = await tx.select().from(payments).where(eq(payments.id, id));
    if (!existing) throw notFound(PAYMENT_MSG.notFound);
    if (isProviderPayment(existing)) throw conflict(PROVIDER_PAYMENT_LOCKED);
    if (!isDeletablePaymentType(existing.paymentType)) throw badRequest(PAYMENT_MSG.notDeletable);
    const order = existing.orderId !== null ? await lockOrder(tx, existing.orderId) : undefined;
    await tx.delete(payments).where(eq(payments.id, id));
    if (!order) return { order: null };
    const s = await afterPaymentChange(tx, after, order, {
      actor: 'staff',
      by,
      message: `Betaling #${id} verwijderd: ${paymentText(existing.amount, existing.paymentType)}.`,
    });
    return { order: orderSummary(order, s) };
  });
}
