// An existing order as the order payload of POST /api/order/{id} (docs/RULES.md, 'Entities: Order create payload'),
// so an admin can change one part (the discounts) and the server prices the rest again unchanged.
import { KID_WITHOUT_BED_VOUCHER } from '@umrah/domain/enums';
import type { ArabiaAvailability, OrderInput } from '@umrah/domain/validation/order';
import type { AdminOrder } from './api';

/** Lines that were bought as products (lessons, plain products); rooms, extras, fees follow from the rooms. */
const PRODUCT_KINDS = ['lesson', 'product'];

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The voucher labels a person chose: 'kid-without-bed' is the server's own, per child without a bed. */
export const chosenDiscounts = (order: Pick<AdminOrder, 'flex'>): string[] =>
  (Array.isArray(order.flex.discounts) ? order.flex.discounts : []).filter(
    (d): d is string => typeof d === 'string' && d.trim() !== '' && !sameLabel(d, KID_WITHOUT_BED_VOUCHER),
  );

/** Typed labels, trimmed, without empty ones and without 'kid-without-bed'. */
export const cleanDiscounts = (labels: readonly string[]): string[] =>
  labels.map((l) => l.trim()).filter((l) => l !== '' && !sameLabel(l, KID_WITHOUT_BED_VOUCHER));

export function orderPayload(order: Pick<AdminOrder, 'lines' | 'rooms' | 'crowdfunds' | 'flex'>, discounts: readonly string[]): OrderInput {
  const products: number[] = [];
  for (const line of order.lines) {
    if (!PRODUCT_KINDS.includes(line.kind) || line.product_id === null) continue;
    for (let i = 0; i < line.quantity; i++) products.push(line.product_id);
  }
  return {
    products,
    rooms: order.rooms.map((room) => ({
      product_id: room.product_id ?? 0,
      room_type: room.room_type as 2 | 3 | 4,
      room_gender: room.room_gender as 0 | 1 | 2,
      exclusive: room.exclusive,
      extras: Array.isArray(room.flex.extras) ? room.flex.extras : [],
      guests: room.guests.map((g) => ({
        first_name: g.first_name,
        last_name: g.last_name,
        age_category: g.age_category as 0 | 1 | 2,
        gender: g.gender as 0 | 1 | 2 | null,
        european_passport: g.european_passport,
        bed_included: g.bed_included,
        flex: { disabled: g.flex.disabled === true },
      })),
    })),
    crowdfunds: order.crowdfunds.map((c) => ({ funding_id: c.funding_id, funding_amount: c.funding_amount })),
    flex: {
      pay_partly: order.flex.pay_partly === true,
      discounts: cleanDiscounts(discounts),
      // Stored through arabiaAvailabilitySchema, so the days and times are the schema's own values.
      arabia_availibilities: Array.isArray(order.flex.arabia_availibilities) ? (order.flex.arabia_availibilities as ArabiaAvailability[]) : [],
    },
  };
}
