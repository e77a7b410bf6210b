import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Order, PricedLine, PricedOrder } from '@umrah/domain';
import type { DbOrTx, Tx } from '../../../db/index.ts';
import { guests, orderCrowdfunds, orderLines, rooms } from '../../../db/schema.ts';
import { itemAt, onlyRow } from '../../../lib/present.ts';

// The rows of an order's contents (rooms, guests, priced lines, donations), with the ids they get
// before they are written, so the rows naming each other can go in by one statement.

/** Ids of an order's new rows: the order's (unless it exists already), its rooms' and guests'. */
export interface ContentIds {
  orderId: number;
  roomIds: number[];
  /** guestIds[room][guest] */
  guestIds: number[][];
}

/**
 * Takes the ids of the new rows from their sequences in one round trip, so that the order, its rooms,
 * guests (which name their room) and lines (which name their guest) can then be written by one
 * statement instead of one insert per row.
 */
export async function newContentIds(tx: Tx, order: Order, existingOrderId: number | null): Promise<ContentIds> {
  const res = (await tx.execute(sql`select ${contentIdColumns(order.rooms.length, guestCount(order), existingOrderId)}`)) as unknown as {
    rows: ContentIdRow[];
  };
  return contentIdsOf(order, onlyRow(res.rows, 'new content ids'));
}

export type ContentIdRow = { order_id: number; room_ids: number[]; guest_ids: number[] };

export const guestCount = (order: Order) => order.rooms.reduce((n, r) => n + r.guests.length, 0);

/** The columns (order_id, room_ids, guest_ids) of newContentIds' statement, for so many rooms and guests. */
export function contentIdColumns(roomCount: number | SQLWrapper, guestCount: number | SQLWrapper, existingOrderId: number | null) {
  return sql`${existingOrderId === null ? sql`nextval(pg_get_serial_sequence('orders', 'id'))::int` : sql`${existingOrderId}::int`} as order_id,
      array(select nextval(pg_get_serial_sequence('rooms', 'id'))::int from generate_series(1, ${roomCount}::int)) as room_ids,
      array(select nextval(pg_get_serial_sequence('guests', 'id'))::int from generate_series(1, ${guestCount}::int)) as guest_ids`;
}

export function contentIdsOf(order: Order, row: ContentIdRow): ContentIds {
  // Ascending, as one insert per row gave them: rooms and guests keep the order they were sent in.
  const roomIds = row.room_ids.map(Number).sort((a, b) => a - b);
  const guestPool = row.guest_ids.map(Number).sort((a, b) => a - b);
  let next = 0;
  return { orderId: Number(row.order_id), roomIds, guestIds: order.rooms.map((r) => r.guests.map(() => itemAt(guestPool, next++, 'guest id'))) };
}

/** The rows of an order's rooms, guests, priced lines and donations (schema property names). */
export function contentValues(ids: ContentIds, order: Order, priced: PricedOrder) {
  const { orderId } = ids;
  return {
    rooms: order.rooms.map((room, r) => ({
      id: itemAt(ids.roomIds, r, 'room id'),
      orderId,
      productId: itemAt(priced.rooms, r, 'priced room').tripProductId,
      roomType: room.room_type,
      maxGuests: room.room_type,
      roomGender: room.room_gender,
      exclusive: room.exclusive,
      flex: { extras: room.extras },
    })),
    guests: order.rooms.flatMap((room, r) => guestValues(ids, r, room.guests, itemAt(priced.rooms, r, 'priced room').guestProductIds)),
    lines: orderLineValues(orderId, priced.lines, ids.guestIds),
    funds: order.crowdfunds.map((c) => ({ orderId, crowdfundId: c.funding_id, fundingAmount: c.funding_amount })),
  };
}

/** The guest rows of room `r`, each in its room and with the product its place is priced by. */
function guestValues(ids: ContentIds, r: number, roomGuests: Order['rooms'][number]['guests'], productIds: readonly number[]) {
  const guestIds = itemAt(ids.guestIds, r, 'guest ids of room');
  return roomGuests.map((guest, g) => ({
    id: itemAt(guestIds, g, 'guest id'),
    orderId: ids.orderId,
    roomId: itemAt(ids.roomIds, r, 'room id'),
    productId: itemAt(productIds, g, 'guest product'),
    firstName: guest.first_name,
    lastName: guest.last_name,
    ageCategory: guest.age_category,
    gender: guest.gender,
    europeanPassport: guest.european_passport,
    bedIncluded: guest.bed_included,
    flex: { disabled: guest.flex.disabled },
  }));
}
export type ContentValues = ReturnType<typeof contentValues>;

/** The content inserts as a list, for writeAll. */
export const contentInsertList = (inserts: ReturnType<typeof contentInserts>): SQLWrapper[] =>
  [inserts.rooms, inserts.guests, inserts.lines, inserts.funds].filter((i) => i !== undefined);

/** The inserts of an order's rooms, guests, priced lines and donations, unrun (those the order has). */
export function contentInserts(tx: DbOrTx, ids: ContentIds, order: Order, priced: PricedOrder) {
  const v = contentValues(ids, order, priced);
  return {
    rooms: v.rooms.length ? tx.insert(rooms).values(v.rooms) : undefined,
    guests: v.guests.length ? tx.insert(guests).values(v.guests) : undefined,
    lines: v.lines.length ? tx.insert(orderLines).values(v.lines) : undefined,
    funds: v.funds.length ? tx.insert(orderCrowdfunds).values(v.funds) : undefined,
  };
}

/** The rows of an order's priced lines, each tied to its guest row (guestIds[room][guest]) where it has one. */
function orderLineValues(orderId: number, lines: readonly PricedLine[], guestIds: readonly (readonly number[])[]) {
  return lines.map((l) => ({
    orderId,
    productId: l.productId,
    guestId: l.room !== undefined && l.guest !== undefined ? itemAt(itemAt(guestIds, l.room, 'guest ids of room'), l.guest, 'guest id') : null,
    label: l.label,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    flex: {
      kind: l.kind,
      ...(l.room !== undefined ? { room: l.room } : {}),
      ...(l.voucherId !== undefined ? { voucher_id: l.voucherId, voucher_label: l.voucherLabel } : {}),
      ...(l.crowdfundId !== undefined ? { crowdfund_id: l.crowdfundId } : {}),
    },
  }));
}

/** The priced lines of an order, each tied to its guest row (guestIds[room][guest]) where it has one. */
export async function insertOrderLines(tx: Tx, orderId: number, lines: readonly PricedLine[], guestIds: readonly (readonly number[])[]) {
  if (!lines.length) return;
  await tx.insert(orderLines).values(orderLineValues(orderId, lines, guestIds));
}

/**
 * Runs the inserts as one statement (data-modifying WITH clauses; foreign keys are checked at its
 * end, so an order and the rows naming it may go in together): one round trip instead of one each.
 */
export async function writeAll(tx: DbOrTx, inserts: readonly SQLWrapper[]) {
  if (inserts.length === 0) return;
  const clauses = sql.join(
    inserts.map((insert, i) => sql`${sql.raw(`w${i}`)} as ${insert}`),
    sql`, `,
  );
  await tx.execute(sql`with ${clauses} select 1`);
}
