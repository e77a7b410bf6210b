import { eq } from 'drizzle-orm';
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
import { guests, orderLines, orders, rooms, visaDocuments } from '../../db/schema.ts';
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
import { moveStock, stockOfLines } from './stock.ts';
import { transitionOrder } from './transition.ts';

// POST /api/order/update_flex/{id} (docs/RULES.md, 'Calls'), the admin's 'Snel bewerken': guests' names, a room's
// size and its extras, without rebuilding the order. Rooms and guests keep their ids (visa documents
// hang on the guests); the order is priced again by the domain rules on the rows of the moment, and
// stock moves by the difference, all in one transaction with the log row.

export { QUICK_EDIT_MSG, quickEditSchema, type QuickEdit };

const fullName = (g: { first_name: string; last_name: string }) => `${g.first_name} ${g.last_name}`.trim();
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

/**
 * The order locked, and as the admin screens show it (one read): its rooms with their guests (each
 * with whether the visa documents are in), lines and donations, in id order.
 */
async function readOrder(tx: Tx, orderId: number) {
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!current) throw notFound(ORDER_MSG.notFound);
  if (!mayEdit(current.status, 'staff')) throw conflict(ORDER_MSG.notEditable);
  const [view] = await loadOrderDtos(tx, [orderId]);
  return { current, view: must(view, 'the locked order') };
}
type Rows = Awaited<ReturnType<typeof readOrder>>;

/** Every room and guest named must be this order's (someone else's looks like a missing one). */
function checkOwnership(input: QuickEdit, rows: Rows) {
  for (const edit of input.rooms) {
    const room = rows.view.rooms.find((r) => r.id === edit.id);
    if (!room) throw notFound(QUICK_EDIT_MSG.roomNotInOrder);
    if (room.product_id === null) throw conflict(QUICK_EDIT_MSG.noTrip);
    for (const g of edit.guests ?? []) {
      if (!room.guests.some((guest) => guest.id === g.id)) throw notFound(VISA_MSG.guestNotInOrder);
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
    const before = nth(rows.view.rooms, i);
    if (room.room_type !== before.room_type) changes.push(`Kamer ${i + 1}: ${before.room_type}- → ${room.room_type}-persoonskamer`);
    const oldExtras = extrasOf(before.flex);
    if (!sameList(oldExtras, room.extras)) {
      changes.push(`Kamer ${i + 1}: extra's ${oldExtras.join(', ') || 'geen'} → ${room.extras.join(', ') || 'geen'}`);
    }
    room.guests.forEach((g, j) => {
      const old = nth(before.guests, j);
      if (g.first_name !== old.first_name || g.last_name !== old.last_name) {
        changes.push(`Reiziger #${old.id}: ${fullName(old)} → ${fullName(g)}${old.has_documents ? ' (ook in de visumgegevens)' : ''}`);
      }
    });
  });
  return changes;
}

/** Rooms and guests updated in place (their ids stay); the ids of each room's guests, in order. */
async function writeRoomsAndGuests(tx: Tx, order: EditedOrder, rows: Rows, priced: ReturnType<typeof price>): Promise<number[][]> {
  const guestIds: number[][] = [];
  for (const [i, room] of order.rooms.entries()) {
    const row = nth(rows.view.rooms, i);
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
      const old = nth(row.guests, j);
      await tx
        .update(guests)
        .set({ firstName: g.first_name, lastName: g.last_name, productId: nth(pricedRoom.guestProductIds, j) })
        .where(eq(guests.id, old.id));
      // The visa rule for an admin: a corrected name is corrected in the delivered visa data too.
      if (old.has_documents && (g.first_name !== old.first_name || g.last_name !== old.last_name)) {
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
    const order = editedOrder(input, rows.view, keep);
    const changes = describeChanges(order, rows);
    if (changes.length === 0) return false;

    const catalog = await loadCatalog(tx, order, orderId);
    const priced = price(order, catalog, actor, keep);
    const stock = new Map(priced.stock.map((s) => [s.productId, s.quantity]));
    const storedLines = rows.view.lines.map((l) => ({ productId: l.product_id, quantity: l.quantity, flex: l.flex }));
    for (const [productId, quantity] of stockOfLines(storedLines)) stock.set(productId, (stock.get(productId) ?? 0) - quantity);
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
