// The discounts dialog's payload: the order as it is (packages/domain/src/order-input.ts) with other
// discounts, so an admin can change that one part and the server prices the rest again unchanged.
import { KID_WITHOUT_BED_VOUCHER } from '@umrah/domain/enums';
import { orderInputOf, type OrderInputSource } from '@umrah/domain/order-input';
import type { OrderInput } from '@umrah/domain/validation/order';
import type { AdminOrder } from './api';

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The voucher labels a person chose: 'kid-without-bed' is the server's own, per child without a bed. */
export const chosenDiscounts = (order: Pick<AdminOrder, 'flex'>): string[] =>
  (Array.isArray(order.flex.discounts) ? order.flex.discounts : []).filter(
    (d): d is string => typeof d === 'string' && d.trim() !== '' && !sameLabel(d, KID_WITHOUT_BED_VOUCHER),
  );

/** Typed labels, trimmed, without empty ones and without 'kid-without-bed'. */
export const cleanDiscounts = (labels: readonly string[]): string[] =>
  labels.map((l) => l.trim()).filter((l) => l !== '' && !sameLabel(l, KID_WITHOUT_BED_VOUCHER));

/** The order's payload with the typed discounts, cleaned. */
export const orderPayload = (order: OrderInputSource, discounts: readonly string[]): OrderInput => orderInputOf(order, cleanDiscounts(discounts));
