import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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

/** What an order asks of the bounds: its rooms, and its places per room product, as JSON text for unpaidHoldsBreach. */
export function wantedHolds(order: Pick<Order, 'rooms'>) {
  const places = new Map<number, number>();
  for (const r of order.rooms) places.set(r.product_id, (places.get(r.product_id) ?? 0) + r.guests.length);
  return { rooms: order.rooms.length, places: JSON.stringify([...places].map(([product_id, wanted]) => ({ product_id, wanted }))) };
}

type Value = SQL | Placeholder;

/**
 * The bound an order would break, as one SQL expression: 'rooms', 'places' or null. Used by
 * assertUnpaidHolds and inside a new order's write: in a statement after the customer's row lock, so
 * its snapshot sees the orders committed before it, or in one whose accountClauses say so. A trip is its package's
 * label, dates and region (the products of its room sizes). `editingOrderId`: the order being
 * changed, whose current rooms are left out (null for a new order).
 */
export function unpaidHoldsBreach(p: {
  customerId: Value;
  editingOrderId: Value;
  rooms: Value;
  places: Value;
  limits: { rooms: Value; places: Value };
}) {
  const statuses = sql.join(
    UNPAID_HOLDING.map((s) => sql.raw(String(s))),
    sql`, `,
  );
  const others = sql`o.user_id = ${p.customerId}::int and o.status in (${statuses}) and o.created_by_user_id is null
    and (${p.editingOrderId}::int is null or o.id <> ${p.editingOrderId}::int)`;
  const wanted = sql`json_to_recordset(${p.places}::text::json) as w(product_id int, wanted int)`;
  return sql`case when ${p.rooms}::int = 0 then null
    when (select count(*)::int from rooms r join orders o on o.id = r.order_id where ${others}) + ${p.rooms}::int > ${p.limits.rooms}::int then 'rooms'
    when exists (select 1 from ${wanted} join products t on t.id = w.product_id
      where w.wanted + (select count(*)::int from guests g join rooms r on r.id = g.room_id join orders o on o.id = r.order_id
        join products p on p.id = r.product_id
        where ${others} and p.label = t.label and p.start is not distinct from t.start
          and p."end" is not distinct from t."end" and p.region = t.region) > ${p.limits.places}::int) then 'places'
    end`;
}

/** The 409 of a broken bound. */
export function holdsRefused(breach: 'rooms' | 'places', limits: AppConfig['unpaidHolds']) {
  return conflict(breach === 'rooms' ? ORDER_MSG.unpaidRooms(limits.roomsPerAccount) : ORDER_MSG.unpaidPlaces(limits.placesPerTrip));
}

/**
 * Takes the customer's row lock for the rest of the transaction, and touches the row (a new version of
 * it, no value changed): an order of the account counted in one statement without a lock taken before
 * it (accountClauses) then sees that something changed since its snapshot.
 */
export async function lockCustomer(tx: Tx, customerId: number) {
  await tx.execute(sql`update users set role = role where id = ${customerId}`);
}

/**
 * For one statement that counts (unpaidHoldsBreach) and writes a customer's own order without a lock
 * taken before it: the customer's row is locked inside it, and `acct_fresh` says whether the row is
 * still the version the statement's snapshot saw. Every order of the account touches that row
 * (lockCustomer, accountTouchClause), so when it is fresh no order of the account was committed after
 * the snapshot and the count is current, exactly as if counted after the lock; when it is not, the
 * statement must write nothing (its caller counts again after the lock). `own`: a boolean, false for
 * orders that are not bounded (then it is fresh).
 */
export function accountClauses(customerId: Value, own: Value): SQL[] {
  const row = sql`from users u where ${own}::boolean and u.id = ${customerId}::int`;
  return [
    sql`acct_seen as (select u.xmin::text as v ${row})`,
    sql`acct_locked as materialized (select u.xmin::text as v ${row} for no key update)`,
    sql`acct_fresh as (select (select s.v from acct_seen s) is not distinct from (select l.v from acct_locked l) as fresh)`,
  ];
}

/** The customer's row touched by the statement of accountClauses when it writes (`go`), as lockCustomer does. */
export const accountTouchClause = (customerId: Value, own: Value, go: SQL) =>
  sql`acct_touch as (update users set role = role where ${own}::boolean and id = ${customerId}::int and ${go} returning id)`;

/**
 * Refuses (409, Dutch) an order of the customer that would hold more than allowed. Takes the
 * customer's row lock first (lockCustomer), then counts in a statement of its own.
 */
export async function assertUnpaidHolds(
  tx: Tx,
  limits: AppConfig['unpaidHolds'],
  customerId: number,
  order: Pick<Order, 'rooms'>,
  editingOrderId: number | null,
): Promise<void> {
  if (order.rooms.length === 0) return;
  await lockCustomer(tx, customerId);
  const wanted = wantedHolds(order);
  const breach = unpaidHoldsBreach({
    customerId: sql`${customerId}`,
    editingOrderId: sql`${editingOrderId}`,
    rooms: sql`${wanted.rooms}`,
    places: sql`${wanted.places}`,
    limits: { rooms: sql`${limits.roomsPerAccount}`, places: sql`${limits.placesPerTrip}` },
  });
  const res = (await tx.execute(sql`select ${breach} as breach`)) as unknown as { rows: { breach: 'rooms' | 'places' | null }[] };
  const found = res.rows[0]?.breach;
  if (found) throw holdsRefused(found, limits);
}
