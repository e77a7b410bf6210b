import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/index.ts';
import { guests, mailOutbox, orderCrowdfunds, orderLines, orderLogs as orderLogsTable, orders, products, rooms } from '../../../db/schema.ts';
import { outboxRow, type OutgoingMail } from '../../../infra/mail/outbox.ts';
import { sqlState } from '../../../lib/errors.ts';
import { jsonRows, jsonRowsInsert, rowFromJson, rowsFromJson } from '../../../lib/json-rows.ts';
import { preparedStatement } from '../../../lib/prepared.ts';
import { onlyRow } from '../../../lib/present.ts';
import { orderLogValues, type OrderLogEntry } from '../log.ts';
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

/**
 * The new order's statement (see writeNewOrder), the same text for every order: each table's rows go
 * in as one JSON parameter, so neither the number of rooms, guests or lines nor the query builder
 * changes it, and PostgreSQL parses and plans it once per connection. With `withStock` it also takes
 * one product's stock.
 */
const newOrderStatement = (withStock: boolean) =>
  preparedStatement<{ order: Record<string, unknown>; rooms: unknown; guests: unknown; lines: unknown; funds: unknown }>(
    withStock ? 'order_write_with_stock' : 'order_write',
    (db) => {
      const clauses = [
        sql`w_order as (${jsonRowsInsert(orders, ORDER_KEYS, sql.placeholder('order'))})`,
        sql`w_rooms as (${jsonRowsInsert(rooms, ROOM_KEYS, sql.placeholder('rooms'))})`,
        sql`w_guests as (${jsonRowsInsert(guests, GUEST_KEYS, sql.placeholder('guests'))})`,
        sql`w_lines as (${jsonRowsInsert(orderLines, LINE_KEYS, sql.placeholder('lines'))})`,
        sql`w_funds as (${jsonRowsInsert(orderCrowdfunds, FUND_KEYS, sql.placeholder('funds'))})`,
        sql`w_log as (${jsonRowsInsert(orderLogsTable, LOG_KEYS, sql.placeholder('log'))})`,
        sql`w_mail as (${jsonRowsInsert(mailOutbox, MAIL_KEYS, sql.placeholder('mail'))})`,
      ];
      if (withStock) {
        clauses.push(
          sql`w_stock as ${db
            .update(products)
            .set({ stock: sql`${products.stock} - ${sql.placeholder('quantity')}::int` })
            .where(and(eq(products.id, sql.placeholder('productId')), gte(products.stock, sql`${sql.placeholder('quantity')}::int`)))
            .returning({ id: products.id })}`,
        );
      }
      const rowsOf = (name: string) => sql.raw(`(select json_agg(${name} order by ${name}.id) from ${name})`);
      return sql`with ${sql.join(clauses, sql`, `)} select (select row_to_json(w_order) from w_order) as "order",
        ${rowsOf('w_rooms')} as rooms, ${rowsOf('w_guests')} as guests, ${rowsOf('w_lines')} as lines, ${rowsOf('w_funds')} as funds
        ${withStock ? sql`, 1 / (select count(*)::int from w_stock) as stock_taken` : sql``}`;
    },
  );
const writeOrder = newOrderStatement(false);
const writeOrderTakingStock = newOrderStatement(true);

/**
 * Writes a new order in one statement (data-modifying WITH clauses; foreign keys are checked at its
 * end, so an order and the rows naming it go in together): the order, its rooms, guests, lines and
 * donations, its log line and its mail, and returns those rows as stored (in id order).
 *
 * With `take` the same statement also takes that product's stock by the conditional UPDATE of
 * moveStock (only while enough is left). When it could not, the statement divides by zero on purpose,
 * so that it fails as a whole and nothing of it stays: then null is returned. Only outside a
 * transaction (a failed statement would end the caller's transaction); one product only, because the
 * order in which one statement's clauses lock rows is not defined (moveStock takes several in id order).
 */
export async function writeNewOrder(
  db: DbOrTx,
  newOrder: typeof orders.$inferInsert,
  content: ContentValues,
  log: OrderLogEntry,
  mail: OutgoingMail,
  take?: { productId: number; quantity: number },
): Promise<WrittenOrder | null> {
  const values = {
    order: jsonRows(orders, ORDER_KEYS, [newOrder]),
    rooms: jsonRows(rooms, ROOM_KEYS, content.rooms),
    guests: jsonRows(guests, GUEST_KEYS, content.guests),
    lines: jsonRows(orderLines, LINE_KEYS, content.lines),
    funds: jsonRows(orderCrowdfunds, FUND_KEYS, content.funds),
    log: jsonRows(orderLogsTable, LOG_KEYS, [orderLogValues(log)]),
    mail: jsonRows(mailOutbox, MAIL_KEYS, [outboxRow(mail)]),
  };
  let rows;
  try {
    rows = take ? await writeOrderTakingStock(db, { ...values, ...take }) : await writeOrder(db, values);
  } catch (err) {
    if (take && sqlState(err) === '22012') return null;
    throw err;
  }
  const written = onlyRow(rows, 'written order');
  return {
    order: rowFromJson(orders, written.order),
    rooms: rowsFromJson(rooms, written.rooms),
    guests: rowsFromJson(guests, written.guests),
    lines: rowsFromJson(orderLines, written.lines),
    funds: rowsFromJson(orderCrowdfunds, written.funds),
  };
}
