// The order and payment calls of docs/RULES.md, 'Calls': placing the order and starting its payment (checkout),
// prepare ('Mijn bestellingen'), the status check after the return from the provider, and the
// staff's manual payments.
import { useMutation, useQuery } from '@tanstack/react-query';
import { OrderStatus, PaymentType, isPaymentType } from '@umrah/domain/enums';
import type { Transaction } from '@umrah/domain/contracts/payments';
import type { BodyOf, QueryOf } from '@umrah/domain/contracts/routes';
import type { OrderInput } from '@umrah/domain/validation/order';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { checkedAnswer } from '../../lib/answer';

export type { PaymentDto, Transaction } from '@umrah/domain/contracts/payments';

export const paymentKeys = {
  check: (orderId: number) => ['payment-check', orderId] as const,
  admin: ['admin-payments'] as const,
};

/** POST /api/payment/{orderId}: checkout sends trans none with amount 0; the server decides the amount. */
export const startPayment = (orderId: number, opts: { trans?: 'none' | 'pin' | 'other'; paymentType?: number; amount?: number } = {}) =>
  apiPost('/api/payment/:orderId', {
    params: { orderId },
    body: {
      trans: opts.trans ?? 'none',
      order_id: orderId,
      payment_type: opts.paymentType ?? PaymentType.PROVIDER_PAID,
      amount: opts.amount ?? 0,
    },
  }).then((r) => r.transaction);

/** The prepare-payment call: id, percent_to_pay (50 or 100), flex. */
export const preparePayment = (id: number, percent: 50 | 100) =>
  apiPost('/api/payment/prepare', { body: { id, percent_to_pay: percent, flex: null } }).then((r) => r.transaction);

/** Pays an order from 'Mijn bestellingen' (50 or 100 %): on to the provider's page. */
export const usePreparePayment = (orderId: number) =>
  useMutation({ mutationFn: async (percent: 50 | 100) => goToPayment(await preparePayment(orderId, percent)) });

/** POST /api/order; an empty or { status: 'error' } answer fails (docs/RULES.md, 'Messages': 'An unknown error occured.'). */
export const useCreateOrder = () => useMutation({ mutationFn: (body: OrderInput) => checkedAnswer(apiPost('/api/order', { body })) });

/** Asks the server to check open payments at the provider, then gives the order's status. */
export const checkPayment = (orderId: number) => apiPost('/api/payment/check/:orderId', { params: { orderId } });

/** The order's status once the server asked the provider (only with a session: the order is the customer's). */
export const usePaymentCheck = (orderId: number, loggedIn: boolean) =>
  useQuery({
    queryKey: [...paymentKeys.check(orderId), loggedIn],
    queryFn: () => checkPayment(orderId),
    enabled: loggedIn,
    retry: false,
    staleTime: 0,
  });

/**
 * Whether a newly placed order still needs the provider: not one the server completed at once
 * because nothing is to be paid (€ 0, docs/MONEY.md), where starting a payment is refused.
 */
export const needsPayment = (order: { status: number; amount_open: number }) => order.status !== OrderStatus.COMPLETED && order.amount_open > 0;

/** Sends the browser to the provider's hosted payment page. */
export function goToPayment(t: Transaction) {
  window.location.assign(t.paymentURL);
}

export const fetchPayments = (query: QueryOf<'GET', '/api/payments'>, signal?: AbortSignal) => apiGet('/api/payments', { query, signal });

/** order_id, payment_type (checked below) and the amount in cents. */
export type ManualPaymentBody = Omit<BodyOf<'POST', '/api/payment'>, 'payment_type'> & { payment_type: number };

const manualPayment = ({ payment_type, ...rest }: ManualPaymentBody): BodyOf<'POST', '/api/payment'> => {
  if (!isPaymentType(payment_type)) throw new Error(`No payment type ${payment_type}`);
  return { ...rest, payment_type };
};

export const createPayment = (body: ManualPaymentBody) => apiPost('/api/payment', { body: manualPayment(body) });
export const updatePayment = (id: number, body: ManualPaymentBody) => apiPut('/api/payment/:id', { params: { id }, body: manualPayment(body) });
export const deletePayment = (id: number) => apiDelete('/api/payment/:id', { params: { id } });
