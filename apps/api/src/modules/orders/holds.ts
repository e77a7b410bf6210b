import { sql } from 'drizzle-orm';
import { ORDER_MSG, OrderStatus, type Order } from '@umrah/domain';
import type { AppConfig } from '../../config.ts';
import type { Tx } from '../../db/index.ts';
import { conflict } from '../../lib/errors.ts';

// Places held fairly (docs/MONEY.md): an order takes its places at once and pays later, so without a
// bound one free account could hold a whole trip. A customer's own unpaid orders (LEAD, and PENDING:
// less than the down payment paid) may hold at most `roomsPerAccount` rooms over all trips and
// `placesPerTrip` places (guests) in one trip. Orders staff place for a customer (a group, a bank
// transfer agreed) neither count nor are bounded.

/** Statuses in which an order holds places without (enough) payment. */
const UNPAID_HOLDING = [OrderStatus.LEAD, OrderStatus.PENDING];

/**
 * Refuses (409, Dutch) an order of the customer that would hold more than allowed. Takes the
 * customer's row lock first, so two orders of one account placed together are counted one after
 * the other. `editingOrderId`: the order being changed, whose current rooms are left out.
 */
export async function assertUnpaidHolds(
  tx: Tx,
  limits: AppConfig['unpaidHolds'],
  customerId: number,
  order: Pick<Order, 'rooms'>,
  editingOrderId: number | null,
): Promise<void> {
  if (order.rooms.length === 0) return;
  await tx.execute(sql`select id from users where id = ${customerId} for update`);
  const others = sql`o.user_id = ${customerId} and o.status in (${sql.join(
    UNPAID_HOLDING.map((s) => sql`${s}`),
    sql`, `,
  )}) and o.created_by_user_id is null ${editingOrderId === null ? sql`` : sql`and o.id <> ${editingOrderId}`}`;

  const wanted = new Map<number, number>();
  for (const r of order.rooms) wanted.set(r.product_id, (wanted.get(r.product_id) ?? 0) + r.guests.length);
  // Counted in a statement after the lock: its snapshot then sees the orders committed before it.
  // A trip is its package's label, dates and region (the products of its room sizes).
  const res = (await tx.execute(sql`select
      (select count(*)::int from rooms r join orders o on o.id = r.order_id where ${others}) as rooms,
      (select coalesce(json_object_agg(t.id, (select count(*)::int
        from guests g join rooms r on r.id = g.room_id join orders o on o.id = r.order_id join products p on p.id = r.product_id
        where ${others} and p.label = t.label and p.start is not distinct from t.start
          and p."end" is not distinct from t."end" and p.region = t.region)), '{}'::json)
        from products t where t.id = any(${sql.param([...wanted.keys()])}::int[])) as places`)) as unknown as {
    rows: { rooms: number; places: Record<string, number> | string }[];
  };
  const row = res.rows[0]!;
  if (Number(row.rooms) + order.rooms.length > limits.roomsPerAccount) throw conflict(ORDER_MSG.unpaidRooms(limits.roomsPerAccount));
  const places = (typeof row.places === 'string' ? JSON.parse(row.places) : row.places) as Record<string, number>;
  for (const [productId, more] of wanted) {
    if (Number(places[productId] ?? 0) + more > limits.placesPerTrip) throw conflict(ORDER_MSG.unpaidPlaces(limits.placesPerTrip));
  }
}
