import { OrderRuleError, priceOrder, type Order, type PricedOrder, type PricingCatalog } from '@umrah/domain';
import { AppError } from '../../../lib/errors.ts';
import { dutchToday } from '../../../lib/dutch-time.ts';
import { isAdmin, type Actor } from './order-actor.ts';

// The domain's pricing as the API applies it: the same rules for create, update and preview.

/** The domain rules; a broken rule becomes an AppError with its Dutch message and status. */
export function price(order: Order, catalog: PricingCatalog, actor: Actor | null, keepVouchers: string[] = []): PricedOrder {
  const now = new Date();
  try {
    // Admins may book a trip that has already departed (corrections afterwards); customers may not.
    const allowDeparted = actor !== null && isAdmin(actor.user);
    return priceOrder(order, catalog, { now, today: dutchToday(now), allowDeparted, keepVouchers });
  } catch (err) {
    if (err instanceof OrderRuleError) {
      throw new AppError(err.status, err.message, undefined, err.path ? [{ path: err.path, message: err.message }] : undefined);
    }
    throw err;
  }
}

export const stockOf = (priced: PricedOrder) => new Map(priced.stock.map((s) => [s.productId, s.quantity]));

/** What the order keeps in `flex`: the client's choices as the server understood them. */
export function orderFlex(order: Order, priced: PricedOrder) {
  return {
    pay_partly: order.flex.pay_partly,
    discounts: priced.discounts,
    arabia_availibilities: order.flex.arabia_availibilities,
    extras: order.rooms.map((r, i) => ({ room: i, extras: r.extras })).filter((e) => e.extras.length > 0),
  };
}

/** Product id → label and type, for the sold-out message (stock.ts soldOut). */
export const productLabels = (catalog: PricingCatalog) => new Map(catalog.products.map((p) => [p.id, { label: p.label, type: p.type }]));
