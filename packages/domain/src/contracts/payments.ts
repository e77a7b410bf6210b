import { z } from 'zod';
import { messageAnswer, pagedAnswer } from './common.ts';
import { invoicePaymentContract } from './invoices.ts';

/** A payment started at the provider: the browser is sent to `paymentURL`. */
export const transactionContract = z.object({
  paymentURL: z.string(),
  id: z.number(),
  /** cents, as the server computed it */
  amount: z.number(),
});
export type Transaction = z.infer<typeof transactionContract>;

/** POST /api/payment/{orderId}, POST /api/payment/prepare, POST /api/invoicePayment. */
export const transactionAnswer = z.object({ transaction: transactionContract });
export type TransactionAnswer = z.infer<typeof transactionAnswer>;

/** POST /api/payment/check/{orderId}: the order's status after asking the provider. */
/** An order's status with its total and what was paid (cents). */
const orderPaidContract = z.object({ status: z.number(), total_price: z.number(), total_payments: z.number() });

export const paymentCheckContract = orderPaidContract.extend({ order_id: z.number() });
export type PaymentCheck = z.infer<typeof paymentCheckContract>;

/** A booked payment (the staff's payments list adds the customer and the order's status). */
export const paymentContract = invoicePaymentContract.extend({
  order_id: z.number().nullable(),
  invoice_id: z.number().nullable(),
  provider_ref: z.string().nullable(),
  /**
   * For the office (docs/MONEY.md): 'order_changed' (the order changed after the payment started: booked,
   * the status not moved) or 'refund_due' (paid for a cancelled order); null when nothing is to check.
   */
  review: z.enum(['order_changed', 'refund_due']).nullable().optional(),
  email: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  order_status: z.number().nullable().optional(),
});
export type PaymentDto = z.infer<typeof paymentContract>;

/** GET /api/payments (staff). */
export const paymentsPageContract = pagedAnswer('payments', paymentContract);
export type PaymentsPage = z.infer<typeof paymentsPageContract>;

/** The order's totals after a manual payment changed. */
export const paymentOrderSummaryContract = orderPaidContract.extend({ id: z.number() });

/** POST /api/payment (201), PUT /api/payment/{id}. */
export const paymentSavedContract = z.object({
  message: z.string(),
  payment: paymentContract,
  order: paymentOrderSummaryContract,
});
export type PaymentSaved = z.infer<typeof paymentSavedContract>;

/** DELETE /api/payment/{id}. */
export const paymentDeletedContract = messageAnswer.extend({ order: paymentOrderSummaryContract.nullable() });
export type PaymentDeleted = z.infer<typeof paymentDeletedContract>;
