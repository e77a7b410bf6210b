import { paymentTypeText } from '@umrah/domain';
import type { PaymentDto } from '@umrah/domain/contracts';
import type { payments } from '../../db/schema.ts';
import type { PaymentReview } from './provider-payment.ts';

type PaymentRow = typeof payments.$inferSelect;

/** A payment as the API answers it; the list adds who paid and the order's status. */
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
