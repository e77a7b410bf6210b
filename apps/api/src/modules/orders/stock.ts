import { asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ORDER_MSG, STOCK_KINDS, isUmrahType } from '@umrah/domain';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { orderLines, products } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { offerReturnedPlaces } from '../waitlist/service.ts';
import type { AppConfig } from '../../config.ts';

// Stock moves of orders, shared by placing, changing, cancelling and expiring an order: one checked
// statement shape (stockMoveClauses) that locks product rows in id order, so concurrent transactions
// take them in the same order.

/** Product id → quantity. Positive: take from stock; negative: give back. */
export type StockChanges = Map<number, number>;

/** What an order's stored lines took from stock (places in rooms, visa fees, exclusive rooms, lessons, products). */
export function stockOfLines(lines: readonly Pick<typeof orderLines.$inferSelect, 'productId' | 'quantity' | 'flex'>[]): StockChanges {
  const taken: StockChanges = new Map();
  for (const l of lines) {
    const kind = l.flex.kind;
    if (l.productId === null || !kind || !STOCK_KINDS.includes(kind)) continue;
    taken.set(l.productId, (taken.get(l.productId) ?? 0) + l.quantity);
  }
  return taken;
}

/** The stored lines of an order, in id order. */
export const linesOfOrder = (db: DbOrTx, orderId: number) =>
  db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

/**
 * The clauses of the one statement shape that moves stock; moveStock and a new order's write
 * (workflows/order-writer.ts) both use it, so stock is taken in one way only. `net` names a relation
 * (product_id, quantity): positive takes, negative gives back. The products it changes are locked
 * first, in id order, so two statements never wait on each other crosswise (with the lock an UPDATE
 * takes, FOR NO KEY UPDATE: inserts naming the product are not held up), and read as they are once
 * locked, committed changes of others included;
 * `stock_short` names the first that has fewer places than taken. Only when none is short does
 * `stock_moved` change any: all or nothing, so stock cannot go below 0 however many orders race for
 * the last places. Without `go` (the statement's other checks) nothing is locked or moved; it is
 * evaluated before the products are locked, so the locks the statement took for it come first.
 */
export function stockMoveClauses(net: SQL, go: SQL = sql`true`): SQL[] {
  return [
    sql`stock_locked as materialized (select p.id, p.stock from ${products} p
      where ${go} and p.id in (select n.product_id from ${net} n where n.quantity <> 0) order by p.id for no key update)`,
    sql`stock_short as (select min(l.id) as id from stock_locked l join ${net} n on n.product_id = l.id where n.quantity > 0 and l.stock < n.quantity)`,
    sql`stock_moved as (update ${products} p set stock = p.stock - n.quantity from ${net} n
      where p.id = n.product_id and n.quantity <> 0 and (select s.id from stock_short s) is null and ${go} returning p.id)`,
  ];
}

/** Stock changes as JSON text for a statement's `(product_id, quantity)` relation (stockRelation). */
export const stockChangesJson = (changes: StockChanges) =>
  JSON.stringify([...changes].filter(([, quantity]) => quantity !== 0).map(([product_id, quantity]) => ({ product_id, quantity })));

/** The `(product_id, quantity)` relation of stockChangesJson's text. */
export const stockRelation = (json: SQL | Placeholder) =>
  sql`(select x.product_id, x.quantity from json_to_recordset(${json}::text::json) as x(product_id int, quantity int))`;

/**
 * Takes (positive) or gives back (negative) stock per product in one statement (stockMoveClauses);
 * a shortfall is a 409 naming the product, and then nothing moved.
 */
export async function moveStock(tx: Tx, changes: StockChanges, labels: Map<number, { label: string; type: number }> = new Map()) {
  if (![...changes.values()].some((quantity) => quantity !== 0)) return;
  const clauses = [sql`stock_net as ${stockRelation(sql`${stockChangesJson(changes)}`)}`, ...stockMoveClauses(sql`stock_net`)];
  const res = (await tx.execute(sql`with ${sql.join(clauses, sql`, `)} select (select s.id from stock_short s) as short`)) as unknown as {
    rows: { short: number | null }[];
  };
  const short = res.rows[0]?.short;
  if (short !== null && short !== undefined) throw soldOut(Number(short), labels);
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
