import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  availableOrderDocuments,
  formatOrderNumber,
  hotelWithAddress,
  isUmrahType,
  MY_TRIP_MSG,
  ORDER_DOCUMENTS,
  Role,
  TRIP_OVERVIEW_STATUSES,
  type OrderDocumentKind,
  type TripDetailsInput,
} from '@umrah/domain';
import type { MyTripDto, MyTripList, TripDetailsDto } from '@umrah/domain/contracts';
import type { AppContext } from '../../context.ts';
import { allQueries, type DbOrTx } from '../../db/index.ts';
import { auditLog, guests, guestVisaFiles, orders, payments, products, rooms, tripDetails } from '../../db/schema.ts';
import type { UserRow } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { versionRows } from '../trips/service.ts';

// 'Mijn reis' (docs/RULES.md, 'Mijn reis'): one paid order's trip as the pilgrim's phone keeps it
// offline. It answers only the order's own guests; of other orders nothing but the first and last
// names of the guests who share a room with them in the latest saved rooming list.

export type Ctx = Pick<AppContext, 'db' | 'config' | 'sealer' | 'files'>;

const isStaff = (u: UserRow) => u.role === Role.ADMIN || u.role === Role.BOOKKEEPER;
const isPaid = (status: number) => TRIP_OVERVIEW_STATUSES.includes(status);

/** The documents 'Mijn reis' keeps: the invoice or the down-payment proof (credit notes belong to cancelled orders). */
export const MY_TRIP_DOCUMENTS = ['invoice', 'down_payment'] as const satisfies readonly OrderDocumentKind[];
export type MyTripDocument = (typeof MY_TRIP_DOCUMENTS)[number];

export const documentUrl = (orderId: number, kind: MyTripDocument) => `/api/my-trips/${orderId}/documents/${kind}`;
export const visaPdfUrl = (orderId: number, guestId: number) => `/api/my-trips/${orderId}/visa/${guestId}`;

/**
 * The order if the caller may open its trip: the owner once it is paid (in part or whole), or staff.
 * Someone else's order looks exactly like a missing one; the owner's unpaid order is a 409 with the reason.
 */
export async function paidOrderFor(db: DbOrTx, user: UserRow, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (!isStaff(user) && order.userId !== user.id)) throw notFound(MY_TRIP_MSG.notFound);
  if (!isPaid(order.status)) throw conflict(MY_TRIP_MSG.notPaid);
  return order;
}

interface OrderTrip {
  start: string;
  end: string | null;
  label: string;
  roomIds: number[];
  hotelIndexes: number[];
}

/** The order's trip: the Umrah rooms that leave first (an order is booked for one trip; should it hold two, the first). */
async function tripOfOrder(db: DbOrTx, orderId: number): Promise<OrderTrip | null> {
  const rows = await db
    .select({ roomId: rooms.id, type: products.type, start: products.start, end: products.end, label: products.label, flex: products.flex })
    .from(rooms)
    .innerJoin(products, eq(products.id, rooms.productId))
    .where(and(eq(rooms.orderId, orderId), isNotNull(products.start)))
    .orderBy(asc(products.start), asc(rooms.id));
  const umrah = rows.filter((r) => isUmrahType(r.type));
  const first = umrah[0];
  if (!first) return null;
  const same = umrah.filter((r) => r.start === first.start);
  const hotelIndexes = [...new Set(same.flatMap((r) => r.flex?.hotels ?? []).map(Number))].filter(
    (i) => Number.isInteger(i) && hotelWithAddress(i) !== undefined,
  );
  return {
    start: first.start!,
    end:
      same
        .map((r) => r.end)
        .filter((e): e is string => e !== null)
        .sort()
        .at(-1) ?? null,
    label: first.label,
    roomIds: same.map((r) => r.roomId),
    hotelIndexes,
  };
}

const emptyDetails = { flight: '', meeting_point: '', leader_name: '', leader_phone: '', programme: '' };

async function detailsOf(db: DbOrTx, startDate: string) {
  const [row] = await db.select().from(tripDetails).where(eq(tripDetails.startDate, startDate));
  return row ?? null;
}

const detailsDto = (row: typeof tripDetails.$inferSelect | null) =>
  row
    ? { flight: row.flight, meeting_point: row.meetingPoint, leader_name: row.leaderName, leader_phone: row.leaderPhone, programme: row.programme }
    : emptyDetails;

/** Each of the given guests' room in the latest saved rooming list, with the other guests' ids. */
async function roomsInLatestList(db: DbOrTx, startDate: string, guestIds: number[]) {
  const version = await versionRows(db, startDate);
  const byGuest = new Map<number, { number: number; maxGuests: number; mekka: string | null; medina: string | null; others: number[] }>();
  if (!version) return { saved: false, byGuest };
  version.rows.forEach((row, i) => {
    const ids = Array.isArray(row.guests) ? (row.guests as { guest_id?: unknown }[]).map((g) => Number(g?.guest_id)).filter(Number.isInteger) : [];
    const flex = ((row.rooms as { flex?: { room_mekka?: unknown; room_medina?: unknown } })?.flex ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
    for (const id of ids) {
      if (!guestIds.includes(id)) continue;
      byGuest.set(id, {
        number: i + 1,
        maxGuests: row.maxGuests,
        mekka: text(flex.room_mekka),
        medina: text(flex.room_medina),
        others: ids.filter((other) => other !== id),
      });
    }
  });
  return { saved: true, byGuest };
}

/** GET /api/my-trips/{id}: the trip of a paid order, for its owner (and staff). */
export async function myTrip(ctx: Ctx, user: UserRow, orderId: number): Promise<MyTripDto> {
  const order = await paidOrderFor(ctx.db, user, orderId);
  const trip = await tripOfOrder(ctx.db, order.id);
  if (!trip) throw notFound(MY_TRIP_MSG.notFound);

  const [guestRows, detailRow, visaRows, [paidRow]] = await allQueries(ctx.db, [
    ctx.db
      .select({ id: guests.id, firstName: guests.firstName, lastName: guests.lastName })
      .from(guests)
      .where(and(eq(guests.orderId, order.id), inArray(guests.roomId, trip.roomIds)))
      .orderBy(asc(guests.id)),
    detailsOf(ctx.db, trip.start),
    ctx.db.select({ guestId: guestVisaFiles.guestId }).from(guestVisaFiles).where(eq(guestVisaFiles.orderId, order.id)),
    ctx.db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(eq(payments.orderId, order.id)),
  ] as const);
  const ownIds = guestRows.map((g) => g.id);
  const rooming = await roomsInLatestList(ctx.db, trip.start, ownIds);
  const otherIds = [...new Set([...rooming.byGuest.values()].flatMap((r) => r.others))].filter((id) => !ownIds.includes(id));
  // Names only: the roommates from other orders are read by id, nothing else of them leaves the server.
  const otherRows = otherIds.length
    ? await ctx.db.select({ id: guests.id, firstName: guests.firstName, lastName: guests.lastName }).from(guests).where(inArray(guests.id, otherIds))
    : [];
  const nameOf = new Map([...guestRows, ...otherRows].map((g) => [g.id, `${g.firstName} ${g.lastName}`.trim()]));
  const withVisa = new Set(visaRows.map((v) => v.guestId));
  const paid = Number(paidRow?.total ?? 0);
  const kinds = availableOrderDocuments({ status: order.status, total: order.totalPrice, paid }).filter((k): k is MyTripDocument =>
    (MY_TRIP_DOCUMENTS as readonly string[]).includes(k),
  );

  return {
    order_id: order.id,
    order_number: formatOrderNumber(order.id),
    label: trip.label,
    start_date: trip.start,
    end_date: trip.end,
    details: detailsDto(detailRow),
    hotels: trip.hotelIndexes.map((i) => {
      const h = hotelWithAddress(i)!;
      return {
        name: h.name,
        name_ar: h.name_ar,
        location: h.location,
        address: h.address,
        address_ar: h.address_ar,
        distance: h.distance,
        stars: h.stars,
      };
    }),
    guests: guestRows.map((g) => {
      const room = rooming.byGuest.get(g.id);
      return {
        id: g.id,
        first_name: g.firstName,
        last_name: g.lastName,
        room: room
          ? {
              number: room.number,
              max_guests: room.maxGuests,
              room_mekka: room.mekka,
              room_medina: room.medina,
              roommates: room.others.map((id) => nameOf.get(id)).filter((n): n is string => Boolean(n)),
            }
          : null,
        visa_pdf_url: withVisa.has(g.id) ? visaPdfUrl(order.id, g.id) : null,
      };
    }),
    rooming_saved: rooming.saved,
    documents: kinds.map((k) => ({
      title: ORDER_DOCUMENTS[k].title,
      filename: ORDER_DOCUMENTS[k].filename(order.id),
      url: documentUrl(order.id, k),
    })),
  };
}

/** GET /api/my-trips: the signed-in customer's own paid orders that have a trip, soonest first. */
export async function myTrips(ctx: Ctx, user: UserRow): Promise<MyTripList> {
  const rows = await ctx.db
    .select({ orderId: orders.id, type: products.type, start: products.start, end: products.end, label: products.label })
    .from(orders)
    .innerJoin(rooms, eq(rooms.orderId, orders.id))
    .innerJoin(products, eq(products.id, rooms.productId))
    .where(and(eq(orders.userId, user.id), inArray(orders.status, [...TRIP_OVERVIEW_STATUSES]), isNotNull(products.start)))
    .orderBy(asc(products.start), asc(orders.id));
  const seen = new Set<number>();
  const trips: MyTripList['trips'] = [];
  for (const r of rows) {
    if (!isUmrahType(r.type) || seen.has(r.orderId)) continue;
    seen.add(r.orderId);
    trips.push({ order_id: r.orderId, order_number: formatOrderNumber(r.orderId), label: r.label, start_date: r.start!, end_date: r.end });
  }
  return { trips };
}

// ---- Staff: the practical details on the trip page ----

/** 404 unless some Umrah product leaves on that day (a trip is named by its start day). */
async function requireTripDay(db: DbOrTx, startDate: string) {
  const [row] = await db
    .select({ type: products.type })
    .from(products)
    .where(and(eq(products.start, startDate), inArray(products.type, [2, 3, 4, 5, 6, 7, 8, 9, 10])))
    .limit(1);
  if (!row) throw notFound(MY_TRIP_MSG.notFound);
}

/** The trip's guests (any order on that day) that have a visa PDF. */
async function visaPdfGuestsOfTrip(db: DbOrTx, startDate: string): Promise<number[]> {
  const rows = await db
    .select({ guestId: guestVisaFiles.guestId })
    .from(guestVisaFiles)
    .innerJoin(guests, eq(guests.id, guestVisaFiles.guestId))
    .innerJoin(rooms, eq(rooms.id, guests.roomId))
    .innerJoin(products, eq(products.id, rooms.productId))
    .where(eq(products.start, startDate))
    .orderBy(asc(guestVisaFiles.guestId));
  return rows.map((r) => r.guestId);
}

const adminDetailsDto = (startDate: string, row: typeof tripDetails.$inferSelect | null, visaIds: number[]): TripDetailsDto => ({
  start_date: startDate,
  ...detailsDto(row),
  updated_at: row ? row.updatedAt.toISOString() : null,
  updated_by: row?.updatedBy ?? null,
  visa_pdf_guest_ids: visaIds,
});

/** GET /api/admin/trips/{start_date}/details. */
export async function tripDetailsForStaff(ctx: Ctx, startDate: string): Promise<TripDetailsDto> {
  await requireTripDay(ctx.db, startDate);
  const [row, visaIds] = await Promise.all([detailsOf(ctx.db, startDate), visaPdfGuestsOfTrip(ctx.db, startDate)]);
  return adminDetailsDto(startDate, row, visaIds);
}

/** PUT /api/admin/trips/{start_date}/details: the whole set of details, written at once (audited). */
export async function saveTripDetails(ctx: Ctx, user: UserRow, startDate: string, input: TripDetailsInput): Promise<TripDetailsDto> {
  await requireTripDay(ctx.db, startDate);
  const values = {
    flight: input.flight,
    meetingPoint: input.meeting_point,
    leaderName: input.leader_name,
    leaderPhone: input.leader_phone,
    programme: input.programme,
    updatedBy: user.email,
    updatedAt: new Date(),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(tripDetails)
      .values({ startDate, ...values })
      .onConflictDoUpdate({ target: tripDetails.startDate, set: values })
      .returning();
    await tx
      .insert(auditLog)
      .values({ actorUserId: user.id, actorEmail: user.email, action: 'trip.details.save', details: { start_date: startDate } });
    return saved!;
  });
  return adminDetailsDto(startDate, row, await visaPdfGuestsOfTrip(ctx.db, startDate));
}

/** An order's PDF by kind, as the account page's download gives it (invoices own the documents). */
export { orderDocument } from '../invoices/index.ts';
