import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  AgeCategory,
  ORDER_MSG,
  WAITLIST_MSG,
  isUmrahType,
  packageProduct,
  roomCapacityOfType,
  toPricingProduct,
  type WaitlistAdminEntryDto,
  type WaitlistEntryDto,
  type WaitlistJoin,
  type WaitlistStatus,
} from '@umrah/domain';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { products, users, waitlistEntries } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { layout } from '../../infra/mail/templates.ts';
import { cutText } from '../../infra/pdf/index.ts';
import type { UserRow } from '../../lib/auth.ts';
import { badRequest, conflict, notFound, refusingDuplicates } from '../../lib/errors.ts';
import { must } from '@umrah/domain/must';

// The waiting list of a sold-out room type (docs/WAITLIST.md). Places that come back (an order cancelled or
// expired, staff raising a product's stock, a hold that lapsed) go through offerReturnedPlaces: in
// the same transaction as the return, the first waiting entry that fits takes them from stock with
// the same conditional UPDATE an order uses, so a place is never both held and sold. The customer's
// next order uses the hold instead of taking stock again (its write, orders/workflows/order-writer.ts).
//
// Lock order, to avoid deadlocks: a held entry, then the product row, then waiting entries.

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail'>;
type Entry = typeof waitlistEntries.$inferSelect;
type OfferConfig = Pick<AppConfig, 'waitlistHoldHours' | 'publicUrl'>;

function holdMail(p: { firstName: string; trip: string; persons: number; until: Date; link: string }) {
  const until = p.until.toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'long', timeStyle: 'short' });
  return {
    subject: 'Er is plaats voor je vrijgekomen',
    ...layout(
      'Er is plaats voor je vrijgekomen',
      [
        `Beste ${cutText(p.firstName, 100)},`,
        `Je stond op de wachtlijst voor ${cutText(p.trip, 200)}. Er ${p.persons === 1 ? 'is 1 plaats' : `zijn ${p.persons} plaatsen`} voor je vrijgekomen.`,
        `We houden ze voor je vast tot ${until}. Boek je daarvoor, dan zijn ze van jou; daarna gaan ze naar de volgende op de wachtlijst.`,
      ],
      { href: p.link, label: 'Nu boeken' },
    ),
  };
}

/**
 * Gives places that came back to the waiting list: per product (in id order, as stock is locked),
 * each waiting entry in queue order that fits in what is left gets its places taken from stock and
 * held for WAITLIST_HOLD_HOURS, with a mail. Call in the transaction that returned the stock.
 */
export async function offerReturnedPlaces(tx: Tx, config: OfferConfig, productIds: Iterable<number>): Promise<number> {
  let held = 0;
  for (const productId of [...new Set(productIds)].sort((a, b) => a - b)) {
    const waiting = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.id))
      .for('update');
    for (const entry of waiting) {
      // The same conditional take as an order's (orders/stock.ts moveStock): never below 0.
      const [product] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${entry.persons}` })
        .where(and(eq(products.id, productId), gte(products.stock, entry.persons)))
        .returning({ label: products.label, start: products.start });
      if (!product) continue; // too many persons for what came back: the next may fit
      const [entryHeld] = await tx
        .update(waitlistEntries)
        .set({ status: 'held', heldUntil: sql`now() + make_interval(hours => ${config.waitlistHoldHours})` })
        .where(eq(waitlistEntries.id, entry.id))
        .returning({ heldUntil: waitlistEntries.heldUntil });
      const [customer] = await tx.select().from(users).where(eq(users.id, entry.userId));
      if (customer) {
        await queueMail(tx, {
          to: customer.email,
          ...holdMail({
            firstName: customer.firstName,
            trip: product.start ? `${product.label} (${product.start})` : product.label,
            persons: entry.persons,
            until: entryHeld!.heldUntil!,
            link: `${config.publicUrl}/account/bestellingen`,
          }),
        });
      }
      held++;
    }
  }
  return held;
}

/** Whether the customer has places held for them now (a sold-out trip may still be booked with them). */
export async function hasWaitlistHold(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, userId), eq(waitlistEntries.status, 'held'), gt(waitlistEntries.heldUntil, sql`now()`)))
    .limit(1);
  return Boolean(row);
}

/** Ends a held entry: its places back into stock and on to the next who fits. */
async function releaseHold(tx: Tx, config: OfferConfig, entry: Entry, status: 'lapsed' | null) {
  if (status) await tx.update(waitlistEntries).set({ status }).where(eq(waitlistEntries.id, entry.id));
  else await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${entry.persons}` })
    .where(eq(products.id, entry.productId));
  await offerReturnedPlaces(tx, config, [entry.productId]);
}

/** Scheduler: holds past their time lapse; their places go to the next on the list. */
export async function expireWaitlistHolds(ctx: Ctx, now = new Date()): Promise<number> {
  const lapsed = await ctx.db.transaction(async (tx) => {
    // SKIP LOCKED: a hold being booked right now (or expired by another process) is left to that one.
    const due = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.status, 'held'), lte(waitlistEntries.heldUntil, now)))
      .orderBy(asc(waitlistEntries.id))
      .limit(100)
      .for('update', { skipLocked: true });
    for (const entry of due) await releaseHold(tx, ctx.config, entry, 'lapsed');
    return due.length;
  });
  // The caller drops the cached catalog (products/service.ts imports this module, not the reverse).
  if (lapsed > 0) void ctx.mail.kick();
  return lapsed;
}

// ---------------------------------------------------------------------------------------------
// The customer's side

/** POST /api/waitlist: on the list of a trip's room size, only while it has too few places. */
export async function joinWaitlist(ctx: Ctx, user: UserRow, input: WaitlistJoin): Promise<WaitlistEntryDto> {
  const [given] = await ctx.db.select().from(products).where(eq(products.id, input.product_id));
  if (!given || !given.isActive) throw notFound(ORDER_MSG.productNotFound);
  if (!isUmrahType(given.type)) throw badRequest(WAITLIST_MSG.notATrip);
  // The trip's adult product of the chosen room size: the room type whose places the list waits for.
  const candidates = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.region, given.region), given.start ? eq(products.start, given.start) : sql`${products.start} is null`));
  const target = packageProduct(candidates.map(toPricingProduct), toPricingProduct(given), input.room_type, AgeCategory.ADULT);
  const row = target && candidates.find((p) => p.id === target.id);
  if (!row) throw badRequest(WAITLIST_MSG.noRoom);
  const [already] = await ctx.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, user.id), eq(waitlistEntries.productId, row.id), inArray(waitlistEntries.status, ['waiting', 'held'])));
  if (already) throw conflict(WAITLIST_MSG.already);
  if (row.stock >= input.persons) throw conflict(WAITLIST_MSG.notSoldOut);
  const position = sql`(select coalesce(max(${waitlistEntries.position}), 0) + 1 from ${waitlistEntries} where ${waitlistEntries.productId} = ${row.id})`;
  const inserted = await refusingDuplicates(
    () => conflict(WAITLIST_MSG.already),
    () =>
      ctx.db
        .insert(waitlistEntries)
        .values({ userId: user.id, productId: row.id, persons: input.persons, position })
        .returning({ id: waitlistEntries.id }),
  );
  const [entry] = await entryDtos(ctx.db, [must(inserted[0], 'the new waiting-list entry').id]);
  return ownView(must(entry, 'the new waiting-list entry'));
}

/** GET /api/waitlist: the customer's own entries, newest first. */
export async function myWaitlist(db: DbOrTx, userId: number): Promise<WaitlistEntryDto[]> {
  const rows = await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.userId, userId));
  return (
    await entryDtos(
      db,
      rows.map((r) => r.id),
    )
  ).map(ownView);
}

/** DELETE /api/waitlist/{id}: the customer leaves the list (a held place goes on to the next). */
export async function leaveWaitlist(ctx: Ctx, user: UserRow, id: number): Promise<boolean> {
  return removeEntry(ctx, id, user.id);
}

// ---------------------------------------------------------------------------------------------
// Staff

/** GET /api/admin/trips/{start_date}/waitlist: every entry of the trip's room types. */
export async function tripWaitlist(db: DbOrTx, startDate: string): Promise<WaitlistAdminEntryDto[]> {
  const rows = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .innerJoin(products, eq(products.id, waitlistEntries.productId))
    .where(eq(products.start, startDate));
  return entryDtos(
    db,
    rows.map((r) => r.id),
  );
}

/**
 * Removes an entry (staff: any; a customer: their own). A held entry's places go on to the next;
 * true then (stock changed: the caller drops the cached catalog).
 */
export async function removeEntry(ctx: Ctx, id: number, ownerId?: number): Promise<boolean> {
  const released = await ctx.db.transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
    if (!entry || (ownerId !== undefined && entry.userId !== ownerId)) throw notFound(WAITLIST_MSG.notFound);
    if (entry.status === 'held') {
      await releaseHold(tx, ctx.config, entry, null);
      return true;
    }
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, id));
    return false;
  });
  if (released) void ctx.mail.kick();
  return released;
}

/** Staff move a waiting entry one place up or down its room type's list (it swaps with its neighbour). */
export async function moveEntry(db: DbOrTx, id: number, direction: 'up' | 'down') {
  await db.transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
    if (!entry) throw notFound(WAITLIST_MSG.notFound);
    if (entry.status !== 'waiting') throw conflict(WAITLIST_MSG.cannotMove);
    // The product's waiting list locked as a whole, so two moves at once do not interleave.
    const list = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.productId, entry.productId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.id))
      .for('update');
    const at = list.findIndex((e) => e.id === id);
    const other = at < 0 ? -1 : direction === 'up' ? at - 1 : at + 1;
    if (at < 0 || other < 0 || other >= list.length) return;
    const order = [...list];
    [order[at], order[other]] = [order[other]!, order[at]!];
    // Positions renumbered 1..n: ties (two joins at once) no longer matter after a move.
    for (const [i, e] of order.entries()) {
      if (e.position !== i + 1)
        await tx
          .update(waitlistEntries)
          .set({ position: i + 1 })
          .where(eq(waitlistEntries.id, e.id));
    }
  });
}

// ---------------------------------------------------------------------------------------------

async function entryDtos(db: DbOrTx, ids: number[]): Promise<WaitlistAdminEntryDto[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ entry: waitlistEntries, product: products, user: { email: users.email, firstName: users.firstName, lastName: users.lastName } })
    .from(waitlistEntries)
    .innerJoin(products, eq(products.id, waitlistEntries.productId))
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(inArray(waitlistEntries.id, ids))
    .orderBy(asc(products.id), asc(waitlistEntries.position), asc(waitlistEntries.id));
  // The place in the queue: among the waiting entries of the same product, in queue order.
  const waiting = await db
    .select({ id: waitlistEntries.id, productId: waitlistEntries.productId })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.productId, [...new Set(rows.map((r) => r.entry.productId))]), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.id));
  const places = new Map<number, number>();
  const count = new Map<number, number>();
  for (const { id, productId } of waiting) {
    const n = (count.get(productId) ?? 0) + 1;
    count.set(productId, n);
    places.set(id, n);
  }
  return rows.map(({ entry, product, user }) => ({
    id: entry.id,
    product_id: entry.productId,
    trip_label: product.label,
    start: product.start,
    end: product.end,
    room_type: roomCapacityOfType(product.type) ?? 0,
    type_class: product.flex.type_class === 1 ? 1 : 0,
    persons: entry.persons,
    status: entry.status as WaitlistStatus,
    place: places.get(entry.id) ?? null,
    held_until: entry.heldUntil?.toISOString() ?? null,
    order_id: entry.orderId,
    created_at: entry.createdAt.toISOString(),
    user_id: entry.userId,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
  }));
}

/** The customer's view leaves out who they are (they know). */
export const ownView = ({ user_id: _u, email: _e, name: _n, ...dto }: WaitlistAdminEntryDto): WaitlistEntryDto => dto;
