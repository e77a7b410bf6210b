import { MSG, PAYMENT_MSG, Role, amountToPay, downPaymentProblem, formatOrderNumber, mayPay } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import type { PaymentProvider } from '../../infra/payments/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../../lib/auth.ts';
import { dutchToday } from '../../lib/dutch-time.ts';
import { syncOrderTransactions } from './exchange.ts';
import { isAdmin, isStaff, orderPaymentState, type OrderRow } from './order-state.ts';
import { startProviderPayment } from './provider-payment.ts';

// Starting a provider payment for an order (the provider side is the shared use case in
// provider-payment.ts): who may, and how much.

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail'>;

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
  if (!state || (!isStaff(user) && state.order.userId !== user.id)) throw notFound(PAYMENT_MSG.orderNotFound);
  if (user.role === Role.BOOKKEEPER && state.order.userId !== user.id) throw forbidden(MSG.forbidden);
  if (!mayPay(state.order.status)) throw conflict(PAYMENT_MSG.notPayable);

  // A payment finished at the provider but not yet reported is booked first, so nobody pays twice;
  // when the sync found an open payment (and may have booked it), the order is read again.
  const active = await syncOrderTransactions(ctx, provider, orderId, state.active);
  if (active.length > 0) state = await orderPaymentState(ctx.db, orderId, provider);
  if (!state || !mayPay(state.order.status)) throw conflict(PAYMENT_MSG.notPayable);

  const { order, paid } = state;
  const { amount, percent } = amountOf(order, paid, staffTrans ? input.amount : undefined, input.percent, state.deadline);
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

/**
 * What this payment asks: the amount staff chose (pin or other, at most the open rest), the open
 * rest once something is paid, or 50 % / 100 % of the total.
 */
function amountOf(order: OrderRow, paid: number, staffAmount: number | undefined, askedPercent: 50 | 100 | undefined, deadline: string | null) {
  const rest = order.totalPrice - paid;
  if (rest <= 0) throw conflict(PAYMENT_MSG.fullyPaid);
  let amount: number;
  let percent: 50 | 100;
  if (staffAmount && staffAmount > 0) {
    if (staffAmount > rest) throw badRequest(PAYMENT_MSG.tooMuch);
    amount = staffAmount;
    percent = 100;
  } else if (paid > 0) {
    amount = rest;
    percent = 100;
  } else {
    // Nothing paid yet: 50 % up to the trips' payment deadline (domain `downPaymentProblem`), asked
    // for explicitly ('Aanbetaling 50%') or as the order's own choice (checkout); after the
    // deadline an explicit 50 % is refused and the order's own choice becomes the full amount.
    const partly = order.flex?.pay_partly === true;
    const problem = partly || askedPercent === 50 ? downPaymentProblem({ deadline, today: dutchToday() }) : null;
    if (askedPercent === 50 && problem) throw conflict(problem);
    percent = askedPercent ?? (partly && !problem ? 50 : 100);
    amount = amountToPay(order.totalPrice, percent, 0);
  }
  if (amount <= 0) throw conflict(PAYMENT_MSG.fullyPaid);
  return { amount, percent };
}
