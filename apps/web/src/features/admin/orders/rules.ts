// What the admin orders list shows per order (docs/RULES.md, 'States'): the actions follow the domain's state machine
// (packages/domain/src/order-state.ts), the same rules the API enforces; the documents follow
// availableOrderDocuments (OrderDocuments withCredit).
import { OrderStatus, orderStatusLabels } from '@umrah/domain/enums';
import { mayCancel, mayEdit } from '@umrah/domain/order-state';

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

/**
 * docs/RULES.md, 'States': cancel and change actions show for orders that are still live: cancel where staff may
 * move the order to CANCELLED, changes (discounts, payments) where staff may edit it — not for a
 * cancelled, declined or (partly) refunded order.
 */
export function orderActions(o: { status: number }): OrderActions {
  const editable = mayEdit(o.status, 'staff');
  return { cancel: mayCancel(o.status), editDiscounts: editable, addPayment: editable };
}

/** 'Ahmed Yilmaz', or the email when the account has no name. */
export const customerName = (u: { first_name: string; last_name: string; email: string }) => `${u.first_name} ${u.last_name}`.trim() || u.email;
