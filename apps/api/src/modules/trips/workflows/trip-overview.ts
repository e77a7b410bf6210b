import { and, eq, inArray, sql } from 'drizzle-orm';
import { OrderStatus, type TripCardDto, type TripDetailDto } from '@umrah/domain';
import { allQueries } from '../../../db/index.ts';
import { guests, orders, products, rooms, users } from '../../../db/schema.ts';
import { loadOrderDtos } from '../../../lib/order-dto.ts';
import { logsOfOrders } from '../../../lib/order-log.ts';
import { UMRAH_TYPES, card, countedOrder, loadTrip, productColumns, type Ctx, type ProductRow } from './load-trip.ts';

// The trip overviews' cards, a trip's page and the order lists of a trip.

/** GET /api/admin/trips/:start_date/orders: the trip's orders as the dashboard's orders list has them (with logs), for the order cards' actions. */
export async function tripAdminOrders(ctx: Ctx, startDate: string) {
  const trip = await loadTrip(ctx.db, startDate);
  const ids = trip.orders.map((o) => o.id);
  const [dtos, logs] = await Promise.all([loadOrderDtos(ctx.db, ids), logsOfOrders(ctx.db, ids)]);
  return { orders: dtos.map((d) => ({ ...d, logs: logs.get(d.id) ?? [] })) };
}

/** The trip's orders with guests that still have to deliver documents (the trip-wide document reminder). */
export async function ordersMissingDocuments(ctx: Ctx, startDate: string): Promise<number[]> {
  const trip = await loadTrip(ctx.db, startDate);
  return trip.orders.filter((o) => o.rooms.some((r) => r.guests.some((g) => !g.has_documents))).map((o) => o.id);
}

/** GET /api/admin/trips: one card per start day, soonest first. */
export async function listTrips(ctx: Ctx): Promise<{ trips: TripCardDto[] }> {
  const [productRows, bookedRows] = await allQueries(ctx.db, [
    ctx.db
      .select(productColumns)
      .from(products)
      .where(and(inArray(products.type, UMRAH_TYPES), sql`${products.start} is not null`)),
    ctx.db
      .select({
        start: products.start,
        guests: sql<number>`count(${guests.id})::int`,
        orders: sql<number>`count(distinct ${orders.id})::int`,
      })
      .from(guests)
      .innerJoin(rooms, eq(rooms.id, guests.roomId))
      .innerJoin(products, eq(products.id, rooms.productId))
      .innerJoin(orders, eq(orders.id, rooms.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(countedOrder())
      .groupBy(products.start),
  ] as const);
  const byStart = new Map<string, ProductRow[]>();
  for (const p of productRows) if (p.start !== null) byStart.set(p.start, [...(byStart.get(p.start) ?? []), p]);
  const booked = new Map(bookedRows.map((b) => [b.start, { guests: Number(b.guests), orders: Number(b.orders) }]));
  const trips = [...byStart.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, rows]) => card(start, rows, booked.get(start) ?? { guests: 0, orders: 0 }));
  return { trips };
}

/** GET /api/admin/trips/{start_date}: the order cards and the statistics popup. */
export async function tripDetail(ctx: Ctx, startDate: string): Promise<TripDetailDto> {
  const trip = await loadTrip(ctx.db, startDate);
  const all = [...trip.guestById.values()];
  const withDocs = all.filter((g) => g.hasDocuments).length;
  return {
    trip: trip.card,
    orders: trip.orders,
    stats: {
      orders: trip.orders.length,
      guests: all.length,
      down_payments: trip.orders.filter((o) => o.status === OrderStatus.DOWN_PAYMENT).length,
      full_payments: trip.orders.filter((o) => o.status === OrderStatus.COMPLETED).length,
      paid_amount: trip.orders.reduce((s, o) => s + o.total_payments, 0),
      open_amount: trip.orders.reduce((s, o) => s + o.open_amount, 0),
      documents_complete: withDocs,
      documents_missing: all.length - withDocs,
      wheelchairs: all.filter((g) => g.wheelchair).length,
    },
  };
}
