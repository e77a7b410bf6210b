import { and, eq, or, sql } from 'drizzle-orm';
import { ORDER_MSG, Role } from '@umrah/domain';
import type { AppContext } from '../../../context.ts';
import { orders } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { loadOrderDtos } from '../../../lib/order-dto.ts';
import { logsOfOrder } from '../../../lib/order-log.ts';
import { isAdmin, type Actor } from './order-actor.ts';

/** GET /api/order/{id}: the owner's or, for staff (admin, bookkeeper: reading only), any order. */
export async function getOrder(ctx: AppContext, actor: Actor, orderId: number) {
  const [row] = await ctx.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  const staff = isAdmin(actor.user) || actor.user.role === Role.BOOKKEEPER;
  if (!row || (!staff && row.userId !== actor.user.id)) throw notFound(ORDER_MSG.notFound);
  const [dto] = await loadOrderDtos(ctx.db, [orderId]);
  if (!dto) throw notFound(ORDER_MSG.notFound);
  return dto;
}

/**
 * The order the caller placed with this Idempotency-Key (for themselves, or as an admin for someone
 * else), as POST /api/order answers it; null when there is none. A retry after a crash between the
 * order's commit and its answer gets this (infra/http/idempotency.ts, `recover`).
 */
export async function orderPlacedWithKey(ctx: AppContext, actor: Actor, key: string) {
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.idempotencyKey, key), or(eq(orders.userId, actor.user.id), eq(orders.createdByUserId, actor.user.id))))
    .limit(1);
  if (!row) return null;
  const [dto] = await loadOrderDtos(ctx.db, [row.id]);
  return dto ?? null;
}

/** GET /api/order/{id}/logs (staff): the order's log, oldest first. */
export async function orderLogs(ctx: AppContext, orderId: number) {
  const [row] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(ORDER_MSG.notFound);
  return logsOfOrder(ctx.db, orderId);
}

/** GET /api/orders: the caller's own orders, newest first. */
export async function ownOrders(ctx: AppContext, actor: Actor) {
  const ids = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, actor.user.id))
    .orderBy(sql`${orders.id} desc`);
  return loadOrderDtos(
    ctx.db,
    ids.map((r) => r.id),
  );
}
