// What the admin orders list shows per order (SPEC 4): cancel and change actions only while the
// order is not cancelled; the documents follow availableOrderDocuments (OrderDocuments withCredit).
import { OrderStatus, orderStatusLabels } from '@umrah/domain/enums';

/** In the admin a LEAD is a 'Lead' (customers see 'Niet betaald'). */
export const adminStatusLabel = (status: number) =>
  status === OrderStatus.LEAD ? 'Lead' : (orderStatusLabels[status as OrderStatus] ?? String(status));

export const statusColor = (status: number): string =>
  ({
    [OrderStatus.PENDING]: 'yellow',
    [OrderStatus.LEAD]: 'orange',
    [OrderStatus.COMPLETED]: 'green',
    [OrderStatus.CANCELLED]: 'gray',
    [OrderStatus.DECLINED]: 'red',
    [OrderStatus.REFUNDED]: 'grape',
    [OrderStatus.PARTIALLY_REFUNDED]: 'grape',
    [OrderStatus.MANUAL_VERIFICATION_REQUIRED]: 'red',
    [OrderStatus.DOWN_PAYMENT]: 'blue',
  })[status] ?? 'gray';

export interface OrderActions {
  cancel: boolean;
  editDiscounts: boolean;
  addPayment: boolean;
}

/** SPEC 4: cancel and change actions show for non-cancelled orders. */
export function orderActions(o: { status: number }): OrderActions {
  const live = o.status !== OrderStatus.CANCELLED;
  return { cancel: live, editDiscounts: live, addPayment: live };
}

/** 'Ahmed Yilmaz', or the email when the account has no name. */
export const customerName = (u: { first_name: string; last_name: string; email: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.email;
