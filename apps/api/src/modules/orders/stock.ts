import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { ORDER_MSG, STOCK_KINDS, isUmrahType, type LineKind } from '@umrah/domain';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { orderLines, products } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { offerReturnedPlaces } from '../waitlist/service.ts';
import type { AppConfig } from '../../config.ts';

// Stock moves of orders, shared by placing, changing, cancelling and expiring an order: always in
// product id order, so concurrent transactions lock product rows in the same order.

/** Product id → quantity. Positive: take from stock; negative: give back. */
export type StockChanges = Map<number, number>;

/** What an order's stored lines took from stock (places in rooms, visa fees, exclusive rooms, lessons, products). */
export function stockOfLines(lines: readonly Pick<typeof orderLines.$inferSelect, 'productId' | 'quantity' | 'flex'>[]): StockChanges {
  const taken: StockChanges = new Map();
  for (const l of lines) {
    const kind = (l.flex as { kind?: LineKind }).kind;
    if (l.productId === null || !kind || !STOCK_KINDS.includes(kind)) continue;
    taken.set(l.productId, (taken.get(l.productId) ?? 0) + l.quantity);
  }
  return taken;
}

/** The stored lines of an order, in id order. */
export const linesOfOrder = (db: DbOrTx, orderId: number) =>
  db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

/**
 * Takes (positive) or gives back (negative) stock per product. A take is one conditional UPDATE:
 * it changes the row only while enough is left, so stock cannot go below 0 however many orders
 * race for the last places; a shortfall is a 409 naming the product.
 */
export async function moveStock(tx: Tx, changes: StockChanges, labels: Map<number, { label: string; type: number }> = new Map()) {
  for (const [productId, quantity] of [...changes.entries()].sort((a, b) => a[0] - b[0])) {
    if (quantity === 0) continue;
    if (quantity < 0) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${-quantity}` })
        .where(eq(products.id, productId));
      continue;
    }
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}` })
      .where(and(eq(products.id, productId), gte(products.stock, quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) throw soldOut(productId, labels);
  }
}

/** The 409 of a product that has too few places left: a room of a trip, or the product by name. */
export function soldOut(productId: number, labels: Map<number, { label: string; type: number }>) {
  const p = labels.get(productId);
  return conflict(!p || isUmrahType(p.type) ? ORDER_MSG.soldOutRoom : ORDER_MSG.soldOut(p.label));
}

/**
 * Gives back everything the order's lines took (cancel, expiry), and offers those places to the
 * waiting list in the same transaction (docs/WAITLIST.md).
 */
export async function giveBackStock(tx: Tx, orderId: number, config: Pick<AppConfig, 'waitlistHoldHours' | 'publicUrl'>): Promise<void> {
  const back = stockOfLines(await linesOfOrder(tx, orderId));
  await moveStock(tx, new Map([...back].map(([id, q]) => [id, -q])));
  await offerReturnedPlaces(tx, config, back.keys());
}
