import { sql, type SQL } from 'drizzle-orm';
import type { Order } from '@umrah/domain';
import type { AppConfig } from '../../../config.ts';
import type { DbOrTx } from '../../../db/index.ts';
import { guests, mailOutbox, orderCrowdfunds, orderLines, orderLogs as orderLogsTable, orders, rooms, waitlistEntries } from '../../../db/schema.ts';
import { outboxRow, type OutgoingMail } from '../../../infra/mail/outbox.ts';
import { jsonRows, jsonRowsInsert, rowFromJson, rowsFromJson } from '../../../lib/json-rows.ts';
import { preparedStatement } from '../../../lib/prepared.ts';
import { onlyRow } from '../../../lib/present.ts';
import { orderLogValues, type OrderLogEntry } from '../../../lib/order-log.ts';
import { accountClauses, accountTouchClause, unpaidHoldsBreach, wantedHolds } from '../holds.ts';
import { stockChangesJson, stockMoveClauses, stockRelation, type StockChanges } from '../stock.ts';
import type { ContentValues } from './order-rows.ts';

export type OrderRow = typeof orders.$inferSelect;

/** A new order's rows as the database stored them: the answer is built from these, not read again. */
export interface WrittenOrder {
  order: OrderRow;
  rooms: (typeof rooms.$inferSelect)[];
  guests: (typeof guests.$inferSelect)[];
  lines: (typeof orderLines.$inferSelect)[];
  funds: (typeof orderCrowdfunds.$inferSelect)[];
}

// Columns of the new order's rows (schema property names), in the statement below.
const ORDER_KEYS = ['id', 'userId', 'status', 'totalPrice', 'flex', 'createdByUserId', 'idempotencyKey'] as const;
const ROOM_KEYS = ['id', 'orderId', 'productId', 'roomType', 'maxGuests', 'roomGender', 'exclusive', 'flex'] as const;
const GUEST_KEYS = [
  'id',
  'orderId',
  'roomId',
  'productId',
  'firstName',
  'lastName',
  'ageCategory',
  'gender',
  'europeanPassport',
  'bedIncluded',
  'flex',
] as const;
const LINE_KEYS = ['orderId', 'productId', 'guestId', 'label', 'quantity', 'unitPrice', 'flex'] as const;
const FUND_KEYS = ['orderId', 'crowdfundId', 'fundingAmount'] as const;
const LOG_KEYS = ['orderId', 'type', 'message', 'userExecutedMail'] as const;
const MAIL_KEYS = ['to', 'subject', 'text', 'html', 'replyTo', 'attachments'] as const;

/** What the statement is told besides the rows: the stock to take and the rules of a customer's own order. */
export interface WriteRules {
  /** Product id → places taken (priced.stock). */
  stock: StockChanges;
  customerId: number;
  /**
   * A customer's own order with rooms: its places held on the waiting list are used (docs/WAITLIST.md)
   * and it is counted against the unpaid bounds (holds.ts), after the customer's row lock.
   */
  own: { limits: AppConfig['unpaidHolds']; order: Pick<Order, 'rooms'> } | null;
}

/**
 * Why nothing was written: the unpaid bound broken, the first product with too few places, or (only
 * without a transaction that took the customer's row lock first) another order of the account
 * committed since the statement's snapshot, so its count may be old: then count again after the lock.
 */
export type WriteRefusal = { breach: 'rooms' | 'places' } | { short: number } | { stale: true };

/**
 * The new order's statement (see writeNewOrder), the same text for every order: each table's rows go
 * in as one JSON parameter, so neither the number of rooms, guests or lines nor the query builder
 * changes it, and PostgreSQL parses and plans it once per connection.
 */
const writeOrderStatement = preparedStatement<{
  fresh: boolean;
  breach: 'rooms' | 'places' | null;
  short: number | null;
  order: Record<string, unknown> | null;
  rooms: unknown;
  guests: unknown;
  lines: unknown;
  funds: unknown;
}>('order_write', () => {
  const p = sql.placeholder;
  const ok = sql`(select go.ok from go)`;
  const rowsOf = (name: string) => sql.raw(`(select json_agg(${name} order by ${name}.id) from ${name})`);
  const clauses = [
    ...rulesClauses(),
    sql`w_order as (${jsonRowsInsert(orders, ORDER_KEYS, p('order'), ok)})`,
    sql`w_rooms as (${jsonRowsInsert(rooms, ROOM_KEYS, p('rooms'), ok)})`,
    sql`w_guests as (${jsonRowsInsert(guests, GUEST_KEYS, p('guests'), ok)})`,
    sql`w_lines as (${jsonRowsInsert(orderLines, LINE_KEYS, p('lines'), ok)})`,
    sql`w_funds as (${jsonRowsInsert(orderCrowdfunds, FUND_KEYS, p('funds'), ok)})`,
    sql`w_log as (${jsonRowsInsert(orderLogsTable, LOG_KEYS, p('log'), ok)})`,
    sql`w_mail as (${jsonRowsInsert(mailOutbox, MAIL_KEYS, p('mail'), ok)})`,
  ];
  return sql`with ${sql.join(clauses, sql`, `)} select (select a.fresh from acct_fresh a) as fresh, (select h.breach from hold_breach h) as breach,
    (select s.id from stock_short s) as short, (select row_to_json(w_order) from w_order) as "order",
    ${rowsOf('w_rooms')} as rooms, ${rowsOf('w_guests')} as guests, ${rowsOf('w_lines')} as lines, ${rowsOf('w_funds')} as funds`;
});

/**
 * The write's checks, before its inserts: for a customer's own order the account's row (accountClauses)
 * and the unpaid bounds, and the places the customer holds on the waiting list (used instead of stock,
 * their hold booked with the order); then the stock taken (stockMoveClauses). Locks in the order every
 * order path takes them: the customer's row, the waiting-list holds, the products. `go` holds when
 * nothing is refused; every write waits for it.
 */
function rulesClauses(): SQL[] {
  const p = sql.placeholder;
  const breach = unpaidHoldsBreach({
    customerId: p('customer'),
    editingOrderId: sql`null`,
    rooms: p('rooms_wanted'),
    places: p('places_wanted'),
    limits: { rooms: p('rooms_limit'), places: p('places_limit') },
  });
  const checked = sql`(select c.ok from checked c)`;
  const waitlistHeld = sql`select w.id, w.product_id, w.persons from ${waitlistEntries} w
    where ${checked} and ${p('own')}::boolean and w.user_id = ${p('customer')}::int and w.status = 'held' and w.held_until > now()
      and w.product_id in (select s.product_id from stock_wanted s where s.quantity > 0)
    order by w.id for update`;
  return [
    ...accountClauses(p('customer'), p('own')),
    sql`hold_breach as (select case when ${p('own')}::boolean then ${breach} end as breach)`,
    sql`checked as (select (select a.fresh from acct_fresh a) and (select h.breach from hold_breach h) is null as ok)`,
    sql`stock_wanted as ${stockRelation(p('stock'))}`,
    sql`wl_held as materialized (${waitlistHeld})`,
    sql`stock_net as (select w.product_id, w.quantity - coalesce((select sum(h.persons) from wl_held h where h.product_id = w.product_id), 0)::int as quantity
      from stock_wanted w)`,
    ...stockMoveClauses(sql`stock_net`, checked),
    sql`go as (select ${checked} and (select s.id from stock_short s) is null as ok)`,
    sql`wl_booked as (update ${waitlistEntries} set status = 'booked', order_id = ${p('order_id')}::int
      where id in (select h.id from wl_held h) and (select go.ok from go) returning id)`,
    accountTouchClause(p('customer'), p('own'), sql`(select go.ok from go)`),
  ];
}

/**
 * Writes a new order in one statement (data-modifying WITH clauses; foreign keys are checked at its
 * end, so an order and the rows naming it go in together): the order, its rooms, guests, lines and
 * donations, its log line and its mail, and returns those rows as stored (in id order). The same
 * statement checks the unpaid bounds, uses the customer's waiting-list holds and takes the stock
 * (stock.ts), and writes nothing when a rule refuses: then the refusal is returned. So it needs no
 * transaction of its own; inside one (donations, an order of 0) the caller rolls back on a refusal.
 */
export async function writeNewOrder(
  db: DbOrTx,
  [newOrder, content, log, mail]: readonly [typeof orders.$inferInsert, ContentValues, OrderLogEntry, OutgoingMail],
  rules: WriteRules,
): Promise<WrittenOrder | WriteRefusal> {
  const wanted = rules.own ? wantedHolds(rules.own.order) : { rooms: 0, places: '[]' };
  const rows = await writeOrderStatement(db, {
    order: jsonRows(orders, ORDER_KEYS, [newOrder]),
    rooms: jsonRows(rooms, ROOM_KEYS, content.rooms),
    guests: jsonRows(guests, GUEST_KEYS, content.guests),
    lines: jsonRows(orderLines, LINE_KEYS, content.lines),
    funds: jsonRows(orderCrowdfunds, FUND_KEYS, content.funds),
    log: jsonRows(orderLogsTable, LOG_KEYS, [orderLogValues(log)]),
    mail: jsonRows(mailOutbox, MAIL_KEYS, [outboxRow(mail)]),
    stock: stockChangesJson(rules.stock),
    order_id: newOrder.id,
    customer: rules.customerId,
    own: rules.own !== null,
    rooms_wanted: wanted.rooms,
    places_wanted: wanted.places,
    rooms_limit: rules.own?.limits.roomsPerAccount ?? 0,
    places_limit: rules.own?.limits.placesPerTrip ?? 0,
  });
  const written = onlyRow(rows, 'written order');
  if (!written.fresh) return { stale: true };
  if (written.breach) return { breach: written.breach };
  if (written.short !== null) return { short: Number(written.short) };
  if (!written.order) throw new Error('a new order was neither written nor refused');
  return {
    order: rowFromJson(orders, written.order),
    rooms: rowsFromJson(rooms, written.rooms),
    guests: rowsFromJson(guests, written.guests),
    lines: rowsFromJson(orderLines, written.lines),
    funds: rowsFromJson(orderCrowdfunds, written.funds),
  };
}
