import { eq, inArray, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/index.ts';
import { guests, products, rooms } from '../db/schema.ts';
import { writeCountNotes } from './order-log.ts';

/**
 * The ids of the guests whose trip ended before `cutoff` ('YYYY-MM-DD'), as a subquery: the end of
 * the guest's own product, else of their room's. The retention of visa data and visa PDFs counts
 * its days from there.
 */
export function guestsWhoseTripEndedBefore(db: DbOrTx, cutoff: string) {
  const guestProduct = alias(products, 'guest_product');
  const roomProduct = alias(products, 'room_product');
  return db
    .select({ id: guests.id })
    .from(guests)
    .innerJoin(rooms, eq(rooms.id, guests.roomId))
    .leftJoin(guestProduct, eq(guestProduct.id, guests.productId))
    .leftJoin(roomProduct, eq(roomProduct.id, rooms.productId))
    .where(sql`coalesce(${guestProduct.end}, ${roomProduct.end}) < ${cutoff}`);
}

/**
 * Deletes the due rows (`key` among their keys) and writes on each of their orders how many guests'
 * data went (`note(n)`), in the caller's transaction: the retention of visa data and of visa PDFs.
 */
export async function eraseWithNotes(
  tx: DbOrTx,
  [table, key]: readonly [PgTable, PgColumn],
  due: readonly { key: number; orderId: number }[],
  note: (n: number) => string,
): Promise<void> {
  await tx.delete(table).where(
    inArray(
      key,
      due.map((d) => d.key),
    ),
  );
  await writeCountNotes(
    tx,
    due.map((d) => d.orderId),
    note,
  );
}
