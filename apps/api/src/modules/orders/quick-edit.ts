import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  ORDER_MSG,
  QUICK_EDIT_MSG,
  quickEditSchema,
  type QuickEdit,
  VISA_MSG,
  formatEuro,
  mayEdit,
  orderSchema,
  statusAfterPayments,
} from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { orderInputOf, type OrderInputSource } from '@umrah/domain/order-input';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { guests, orderCrowdfunds, orderLines, orders, rooms, visaDocuments } from '../../db/schema.ts';
import type { RoomStoredFlex } from '@umrah/domain/stored-flex';
import { quickEditAnswerContract } from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { idParamsSchema, requireAdmin, security } from '../../lib/routes.ts';
import { paidTotal } from '../payments/service.ts';
import { inTransaction } from './after-commit.ts';
import { loadOrderDtos } from '../../lib/order-dto.ts';
import { userActor } from '../../lib/order-log.ts';
import { insertOrderLines, loadCatalog, price, type Actor } from './service.ts';
import { linesOfOrder, moveStock, stockOfLines } from './stock.ts';
import { transitionOrder } from './transition.ts';

// POST /api/order/update_flex/{id} (docs/RULES.md, 'Calls'), the admin's 'Snel bewerken': guests' names, a room's
// size and its extras, without rebuilding the order. Rooms and guests keep their ids (visa documents
// hang on the guests); the order is priced again by the domain rules on the rows of the moment, and
// stock moves by the difference, all in one transaction with the log row.

export { QUICK_EDIT_MSG, quickEditSchema, type QuickEdit };

const fullName = (g: { firstName: string; lastName: string }) => `${g.firstName} ${g.lastName}`.trim();
const extrasOf = (flex: RoomStoredFlex | null): string[] => {
  const e = flex?.extras;
  return Array.isArray(e) ? e.filter((x): x is string => typeof x === 'string') : [];
};
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
/** The i-th of rows that line up by construction (the rooms and guests as read, the edit, the priced order). */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`quick edit: no row ${i}`);
  return item;
}

/** The order as it is, locked: its rooms, guests, lines and donations, and which guests' documents are in. */
async function readOrder(tx: Tx, orderId: number) {
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!current) throw notFound(ORDER_MSG.notFound);
  if (!mayEdit(current.status, 'staff')) throw conflict(ORDER_MSG.notEditable);
  const roomRows = await tx.select().from(rooms).where(eq(rooms.orderId, orderId)).orderBy(asc(rooms.id));
  const guestRows = await tx.select().from(guests).where(eq(guests.orderId, orderId)).orderBy(asc(guests.id));
  const lineRows = await linesOfOrder(tx, orderId);
  const funds = await tx.select().from(orderCrowdfunds).where(eq(orderCrowdfunds.orderId, orderId)).orderBy(asc(orderCrowdfunds.id));
  const docs = guestRows.length
    ? await tx
        .select({ guestId: visaDocuments.guestId })
        .from(visaDocuments)
        .where(
          inArray(
            visaDocuments.guestId,
            guestRows.map((g) => g.id),
          ),
        )
    : [];
  const withDocuments = new Set(docs.map((d) => d.guestId));
  const roomGuests = roomRows.map((r) => guestRows.filter((g) => g.roomId === r.id));
  return { current, roomRows, guestRows, roomGuests, lineRows, funds, withDocuments };
}
type Rows = Awaited<ReturnType<typeof readOrder>>;

/** Every room and guest named must be this order's (someone else's looks like a missing one). */
function checkOwnership(input: QuickEdit, rows: Rows) {
  for (const edit of input.rooms) {
    const room = rows.roomRows.find((r) => r.id === edit.id);
    if (!room) throw notFound(QUICK_EDIT_MSG.roomNotInOrder);
    if (room.productId === null) throw conflict(QUICK_EDIT_MSG.noTrip);
    for (const g of edit.guests ?? []) {
      if (!rows.guestRows.some((row) => row.id === g.id && row.roomId === room.id)) throw notFound(VISA_MSG.guestNotInOrder);
    }
  }
}

/** The order as the admin screens show it, with the quick edit applied to its rooms and guests. */
function withEdits(view: OrderInputSource, input: QuickEdit): OrderInputSource {
  const rooms = view.rooms.map((room) => {
    const edit = input.rooms.find((e) => e.id === room.id);
    if (!edit) return room;
    const guests = room.guests.map((g) => {
      const named = edit.guests?.find((x) => x.id === g.id);
      return named ? { ...g, first_name: named.first_name, last_name: named.last_name } : g;
    });
    return { ...room, room_type: edit.room_type ?? room.room_type, flex: { ...room.flex, extras: edit.extras ?? room.flex.extras ?? [] }, guests };
  });
  return { ...view, rooms };
}

/**
 * The order as POST /api/order would describe it (orderInputOf), with the edits applied, checked by
 * the same schema (room rules: beds, adults-only 4-person rooms, exclusive use) before it is priced.
 */
function editedOrder(input: QuickEdit, view: OrderInputSource, keep: string[]) {
  const payload = orderInputOf(withEdits(view, input), keep);
  const parsed = orderSchema.safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError(400, issues[0]?.message ?? MSG.invalidInput, undefined, issues);
  }
  return parsed.data;
}
type EditedOrder = ReturnType<typeof editedOrder>;

/** What changed, for the log (nothing: nothing to do). */
function describeChanges(order: EditedOrder, rows: Rows): string[] {
  const changes: string[] = [];
  order.rooms.forEach((room, i) => {
    const before = nth(rows.roomRows, i);
    if (room.room_type !== before.roomType) changes.push(`Kamer ${i + 1}: ${before.roomType}- → ${room.room_type}-persoonskamer`);
    const oldExtras = extrasOf(before.flex);
    if (!sameList(oldExtras, room.extras)) {
      changes.push(`Kamer ${i + 1}: extra's ${oldExtras.join(', ') || 'geen'} → ${room.extras.join(', ') || 'geen'}`);
    }
    room.guests.forEach((g, j) => {
      const old = nth(nth(rows.roomGuests, i), j);
      const name = fullName({ firstName: g.first_name, lastName: g.last_name });
      if (g.first_name !== old.firstName || g.last_name !== old.lastName) {
        changes.push(`Reiziger #${old.id}: ${fullName(old)} → ${name}${rows.withDocuments.has(old.id) ? ' (ook in de visumgegevens)' : ''}`);
      }
    });
  });
  return changes;
}

/** Rooms and guests updated in place (their ids stay); the ids of each room's guests, in order. */
async function writeRoomsAndGuests(tx: Tx, order: EditedOrder, rows: Rows, priced: ReturnType<typeof price>): Promise<number[][]> {
  const guestIds: number[][] = [];
  for (const [i, room] of order.rooms.entries()) {
    const row = nth(rows.roomRows, i);
    const pricedRoom = nth(priced.rooms, i);
    await tx
      .update(rooms)
      .set({
        roomType: room.room_type,
        maxGuests: room.room_type,
        productId: pricedRoom.tripProductId,
        flex: { ...row.flex, extras: room.extras },
      })
      .where(eq(rooms.id, row.id));
    const ids: number[] = [];
    for (const [j, g] of room.guests.entries()) {
      const old = nth(nth(rows.roomGuests, i), j);
      await tx
        .update(guests)
        .set({ firstName: g.first_name, lastName: g.last_name, productId: nth(pricedRoom.guestProductIds, j) })
        .where(eq(guests.id, old.id));
      // The visa rule for an admin: a corrected name is corrected in the delivered visa data too.
      if (rows.withDocuments.has(old.id) && (g.first_name !== old.firstName || g.last_name !== old.lastName)) {
        await tx
          .update(visaDocuments)
          .set({ firstName: g.first_name, lastName: g.last_name, updatedAt: new Date() })
          .where(eq(visaDocuments.guestId, old.id));
      }
      ids.push(old.id);
    }
    guestIds.push(ids);
  }
  return guestIds;
}

export async function quickEditOrder(ctx: AppContext, actor: Actor, orderId: number, input: QuickEdit) {
  if (input.id !== orderId) throw badRequest(QUICK_EDIT_MSG.idMismatch);
  const changed = await inTransaction(ctx, async (tx, after) => {
    const rows = await readOrder(tx, orderId);
    const { current } = rows;
    checkOwnership(input, rows);
    const oldFlex = current.flex ?? {};
    const keep = Array.isArray(oldFlex.discounts) ? oldFlex.discounts.filter((d): d is string => typeof d === 'string') : [];
    const [view] = await loadOrderDtos(tx, [orderId]);
    const order = editedOrder(input, must(view, 'the locked order'), keep);
    const changes = describeChanges(order, rows);
    if (changes.length === 0) return false;

    const catalog = await loadCatalog(tx, order, orderId);
    const priced = price(order, catalog, actor, keep);
    const stock = new Map(priced.stock.map((s) => [s.productId, s.quantity]));
    for (const [productId, quantity] of stockOfLines(rows.lineRows)) stock.set(productId, (stock.get(productId) ?? 0) - quantity);
    await moveStock(tx, stock, new Map(catalog.products.map((p) => [p.id, { label: p.label, type: p.type }])));
    // Stock changed: every process's cached availability must be read again.
    if ([...stock.values()].some((q) => q !== 0)) after.catalogChanged();

    const guestIds = await writeRoomsAndGuests(tx, order, rows, priced);
    await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
    await insertOrderLines(tx, orderId, priced.lines, guestIds);
    const newFlex = {
      ...current.flex,
      discounts: priced.discounts,
      extras: order.rooms.map((r, i) => ({ room: i, extras: r.extras })).filter((e) => e.extras.length > 0),
    };
    await tx.update(orders).set({ totalPrice: priced.total, flex: newFlex, updatedAt: new Date() }).where(eq(orders.id, orderId));
    // A new total can turn a down payment into full payment (or back): the state machine decides.
    const paid = await paidTotal(tx, orderId);
    const total = priced.total === current.totalPrice ? '' : ` Totaal ${formatEuro(current.totalPrice)} → ${formatEuro(priced.total)}.`;
    await transitionOrder(tx, after, {
      order: current,
      to: statusAfterPayments(current.status, paid, priced.total),
      actor: 'staff',
      facts: { total: priced.total, paid },
      log: { message: `Snel bewerkt: ${changes.join('; ')}.${total}`, by: userActor(actor.user, actor.actingAdminId) },
    });
    return true;
  });
  const [dto] = await loadOrderDtos(ctx.db, [orderId]);
  if (!dto) throw notFound(ORDER_MSG.notFound);
  return { changed, order: dto };
}

export const quickEditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/order/update_flex/:id',
    {
      schema: {
        tags: ['orders'],
        security,
        summary: "Snel bewerken (admin): namen van reizigers, kamergrootte en extra's; opnieuw geprijsd, voorraad verschoven, gelogd",
        description:
          "Body { id, rooms: [{ id, room_type?, extras?, guests?: [{ id, first_name, last_name }] }] }. { status:'success', message, changed, order }. 400 regels van de kamer, 404 kamer of reiziger niet van deze bestelling, 409 uitverkocht of niet meer te wijzigen.",
        params: idParamsSchema,
        body: quickEditSchema,
        response: { 200: quickEditAnswerContract },
      },
      onRequest: requireAdmin,
    },
    async (req) => {
      const result = await quickEditOrder(app.ctx, { user: currentUser(req), actingAdminId: req.actingAdminId }, req.params.id, req.body);
      return { status: 'success', message: result.changed ? QUICK_EDIT_MSG.saved : QUICK_EDIT_MSG.unchanged, ...result };
    },
  );
};
