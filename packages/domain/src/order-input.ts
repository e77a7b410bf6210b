// An existing order as the order payload of POST /api/order/{id} (docs/RULES.md, 'Entities: Order create
// payload'): what the admin's discounts dialog sends, and what the API's quick edit checks and prices
// again after applying its edits. Rooms and guests keep their order (by id), lines bought as products
// come back as product ids; rooms, extras and fees follow from the rooms when the order is priced.
import type { AdminOrder } from './contracts/orders.ts';
import type { ArabiaAvailability, OrderInput } from './validation/order.ts';

/** Lines that were bought as products (lessons, plain products); rooms, extras, fees follow from the rooms. */
const PRODUCT_KINDS = ['lesson', 'product'];

export type OrderInputSource = Pick<AdminOrder, 'lines' | 'rooms' | 'crowdfunds' | 'flex'>;

/** The order's payload with these discount labels (taken as given). */
export function orderInputOf(order: OrderInputSource, discounts: string[]): OrderInput {
  const products: number[] = [];
  for (const line of order.lines) {
    if (!PRODUCT_KINDS.includes(line.kind) || line.product_id === null) continue;
    for (let i = 0; i < line.quantity; i++) products.push(line.product_id);
  }
  return {
    products,
    rooms: order.rooms.map((room) => ({
      // A room without a trip fails the schema (a product id is positive).
      product_id: room.product_id ?? 0,
      room_type: room.room_type as 2 | 3 | 4,
      room_gender: room.room_gender as 0 | 1 | 2,
      exclusive: room.exclusive,
      extras: room.flex.extras ?? [],
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
      discounts,
      // Stored through arabiaAvailabilitySchema, so the days and times are the schema's own values.
      arabia_availibilities: Array.isArray(order.flex.arabia_availibilities) ? (order.flex.arabia_availibilities as ArabiaAvailability[]) : [],
    },
  };
}
