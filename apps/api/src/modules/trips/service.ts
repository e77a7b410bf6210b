import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  formatOrderNumber,
  OrderStatus,
  TRIP_OVERVIEW_STATUSES,
  Role,
  TRIP_MSG,
  formatDate,
  orderStatusLabels,
  proposeRooming,
  validateRooming,
  ROOM_KIND_LABELS,
  type MergePeriodInput,
  type MergedRoomsDto,
  type MergedRoomsSaveInput,
  type OrderStatus as OrderStatusT,
  type RoomDraft,
  type ProposedRoom,
  type RoomKind,
  type RoomNumbers,
  type RoomingGuestDto,
  type RoomingInput,
  type RoomingOrder,
  type RoomingProposalDto,
  type RoomingRoomDto,
  type TripCardDto,
  type TripDetailDto,
  type TripOrderDto,
  Gender,
} from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { allQueries, type DbOrTx } from '../../db/index.ts';
import { auditLog, guests, mergedRoomVersions, orders, payments, products, rooms, users, visaDocuments } from '../../db/schema.ts';
import { layout } from '../../infra/mail/templates.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import type { UserRow } from '../../lib/auth.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { loadOrderDtos } from '../orders/dto.ts';
import { logsOfOrders } from '../orders/log.ts';

// Trip overviews (docs/RULES.md, 'Screens: Travel overviews'). A trip is every Umrah product starting on one day, named by that day.
// Only DOWN_PAYMENT and COMPLETED orders count (the others are not travelling), and never those of internal test accounts.

export type Ctx = Pick<AppContext, 'db' | 'config' | 'mail' | 'sealer' | 'files'>;

export interface Actor {
  user: UserRow;
}

/** The order state machine's rule (domain showsInTripOverview), as the list SQL needs. */
export const COUNTED_STATUSES: number[] = [...TRIP_OVERVIEW_STATUSES];

/**
 * Internal test accounts, left out of the trip overviews:
 * every staff account (admin, bookkeeper: their own orders are tests; an order placed for a customer
 * belongs to the customer), and every account whose address is at one of INTERNAL_EMAIL_DOMAINS
 * (comma list, default 'umrahreizen.nl', the agency's own domain). Read at call time, so a change
 * of the environment needs no rebuild of the app in tests.
 */
export function internalEmailDomains(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.INTERNAL_EMAIL_DOMAINS ?? 'umrahreizen.nl')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
}

/** The orders a trip overview counts: paid (in part or whole), of a real customer. */
function countedOrder(): SQL {
  const domains = internalEmailDomains();
  return and(
    inArray(orders.status, COUNTED_STATUSES),
    eq(users.role, Role.USER),
    domains.length ? notInArray(sql`lower(split_part(${users.email}, '@', 2))`, domains) : undefined,
  )!;
}

const UMRAH_TYPES = [2, 3, 4, 5, 6, 7, 8, 9, 10];
const ADULT_TYPES = [2, 5, 8];
const MONTHS_NL = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
const CLASS_LABELS: Record<number, string> = { 0: 'Firstclass', 1: 'Premiumclass' };

type ProductRow = Pick<typeof products.$inferSelect, 'id' | 'type' | 'start' | 'end' | 'region' | 'stock' | 'flex' | 'label'>;

function card(start: string, productRows: ProductRow[], booked: { guests: number; orders: number }): TripCardDto {
  const [y, m] = start.split('-').map(Number) as [number, number];
  const regions = [...new Set(productRows.map((p) => p.region))].sort((a, b) => (a === 'NL' ? -1 : b === 'NL' ? 1 : a.localeCompare(b)));
  const end =
    productRows
      .map((p) => p.end)
      .filter((e): e is string => e !== null)
      .sort()
      .at(-1) ?? null;
  const stockLeft = productRows.filter((p) => ADULT_TYPES.includes(p.type)).reduce((s, p) => s + Math.max(0, p.stock), 0);
  return {
    start_date: start,
    end_date: end,
    label: `Umrah ${MONTHS_NL[m - 1]} ${y}`,
    region: regions.join('/'),
    regions,
    year: y,
    month: m - 1,
    guests_booked: booked.guests,
    places: booked.guests + stockLeft,
    orders: booked.orders,
  };
}

const productColumns = {
  id: products.id,
  type: products.type,
  start: products.start,
  end: products.end,
  region: products.region,
  stock: products.stock,
  flex: products.flex,
  label: products.label,
};

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
  for (const p of productRows) byStart.set(p.start!, [...(byStart.get(p.start!) ?? []), p]);
  const booked = new Map(bookedRows.map((b) => [b.start, { guests: Number(b.guests), orders: Number(b.orders) }]));
  const trips = [...byStart.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, rows]) => card(start, rows, booked.get(start) ?? { guests: 0, orders: 0 }));
  return { trips };
}

/** The hotels of a product decide who can share a room: the group key of the rooming rules. */
const hotelGroup = (p: ProductRow | undefined) => {
  const flex = (p?.flex ?? {}) as { hotels?: unknown; type_class?: unknown };
  return Array.isArray(flex.hotels) ? flex.hotels.map(String).join(',') : `class-${String(flex.type_class ?? '')}`;
};
const classLabel = (p: ProductRow | undefined) => CLASS_LABELS[Number((p?.flex as { type_class?: unknown })?.type_class)] ?? '';

export interface TripGuest {
  row: typeof guests.$inferSelect;
  orderId: number;
  roomId: number;
  wheelchair: boolean;
  hasDocuments: boolean;
  /** 0/1, the room's gender in a male or female room. */
  gender: number | null;
}

export interface LoadedTrip {
  card: TripCardDto;
  orders: TripOrderDto[];
  input: RoomingInput;
  guestById: Map<number, TripGuest>;
}

/** Everything the trip page, the rooming list and the downloads need; 404 for a day without a trip. */
export async function loadTrip(db: DbOrTx, startDate: string): Promise<LoadedTrip> {
  const productRows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.type, UMRAH_TYPES), eq(products.start, startDate)));
  if (productRows.length === 0) throw notFound(TRIP_MSG.notFound);
  const productById = new Map(productRows.map((p) => [p.id, p]));

  // Three reads, each joined on the trip's products and the counted orders (no long id lists).
  const tripProductIds = [...productById.keys()];
  const counted = and(inArray(rooms.productId, tripProductIds), countedOrder());
  const tripOrderIds = db
    .selectDistinct({ id: rooms.orderId })
    .from(rooms)
    .innerJoin(orders, eq(orders.id, rooms.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(counted);
  const [roomRows, guestJoined, paidRows] = await allQueries(db, [
    db
      .select({ room: rooms, order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(rooms)
      .innerJoin(orders, eq(orders.id, rooms.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(counted)
      .orderBy(asc(orders.id), asc(rooms.id)),
    db
      .select({ guest: guests, docId: visaDocuments.id })
      .from(guests)
      .innerJoin(rooms, eq(rooms.id, guests.roomId))
      .innerJoin(orders, eq(orders.id, rooms.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(visaDocuments, eq(visaDocuments.guestId, guests.id))
      .where(counted)
      .orderBy(asc(guests.id)),
    db
      .select({ orderId: payments.orderId, total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(inArray(payments.orderId, tripOrderIds))
      .groupBy(payments.orderId),
  ] as const);
  const guestRows = guestJoined.map((g) => g.guest);
  const withDocs = new Set(guestJoined.filter((g) => g.docId !== null).map((g) => g.guest.id));
  const paidBy = new Map(paidRows.map((p) => [p.orderId, Number(p.total)]));

  const guestById = new Map<number, TripGuest>();
  const guestsOfRoom = new Map<number, TripGuest[]>();
  const roomGender = new Map(roomRows.map((r) => [r.room.id, r.room.roomGender]));
  for (const g of guestRows) {
    const rg = roomGender.get(g.roomId);
    const info: TripGuest = {
      row: g,
      orderId: g.orderId,
      roomId: g.roomId,
      wheelchair: (g.flex as { disabled?: unknown })?.disabled === true,
      hasDocuments: withDocs.has(g.id),
      gender: rg === Gender.MALE || rg === Gender.FEMALE ? rg : g.gender === Gender.MALE || g.gender === Gender.FEMALE ? g.gender : null,
    };
    guestById.set(g.id, info);
    const list = guestsOfRoom.get(g.roomId);
    if (list) list.push(info);
    else guestsOfRoom.set(g.roomId, [info]);
  }

  const orderDtos = new Map<number, TripOrderDto>();
  // One rooming order per order and hotel group: guests in other hotels never share a room.
  const roomingOrders = new Map<string, RoomingOrder>();
  for (const { room, order, email, firstName, lastName } of roomRows) {
    const product = productById.get(room.productId!);
    const roomGuests = guestsOfRoom.get(room.id) ?? [];
    let dto = orderDtos.get(order.id);
    if (!dto) {
      const paid = paidBy.get(order.id) ?? 0;
      dto = {
        id: order.id,
        number: formatOrderNumber(order.id),
        status: order.status,
        status_label: orderStatusLabels[order.status as OrderStatusT] ?? String(order.status),
        customer: { name: `${firstName} ${lastName}`.trim(), email },
        total_price: order.totalPrice,
        total_payments: paid,
        open_amount: Math.max(0, order.totalPrice - paid),
        documents_complete: true,
        rooms: [],
      };
      orderDtos.set(order.id, dto);
    }
    dto.rooms.push({
      id: room.id,
      room_type: room.roomType,
      room_gender: room.roomGender,
      exclusive: room.exclusive,
      class: classLabel(product),
      guests: roomGuests.map((g) => ({
        id: g.row.id,
        first_name: g.row.firstName,
        last_name: g.row.lastName,
        gender: g.gender,
        age_category: g.row.ageCategory,
        bed_included: g.row.bedIncluded,
        has_documents: g.hasDocuments,
        wheelchair: g.wheelchair,
      })),
    });
    if (roomGuests.some((g) => !g.hasDocuments)) dto.documents_complete = false;

    const group = hotelGroup(product);
    const key = `${order.id}|${group}`;
    const ro = roomingOrders.get(key) ?? { id: order.id, group, rooms: [] };
    ro.rooms.push({
      id: room.id,
      room_type: room.roomType,
      room_gender: room.roomGender,
      exclusive: room.exclusive,
      guests: roomGuests.map((g) => ({
        id: g.row.id,
        first_name: g.row.firstName,
        last_name: g.row.lastName,
        gender: g.row.gender,
        age_category: g.row.ageCategory,
        bed_included: g.row.bedIncluded,
        wheelchair: g.wheelchair,
      })),
    });
    roomingOrders.set(key, ro);
  }
  const ordersList = [...orderDtos.values()];
  return {
    card: card(startDate, productRows, { guests: guestRows.length, orders: ordersList.length }),
    orders: ordersList,
    input: { orders: [...roomingOrders.values()] },
    guestById,
  };
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

/** A guest of a saved list who is no longer on the trip (or the trip is gone): named by id. */
const absentGuest = (id: number): RoomingGuestDto => ({
  guest_id: id,
  order_id: null,
  first_name: '',
  last_name: `Reiziger #${id}`,
  gender: null,
  age_category: null,
  wheelchair: false,
  present: false,
});

const guestDto = (trip: LoadedTrip, id: number): RoomingGuestDto => {
  const g = trip.guestById.get(id);
  if (!g) return absentGuest(id);
  return {
    guest_id: id,
    order_id: g.orderId,
    first_name: g.row.firstName,
    last_name: g.row.lastName,
    gender: g.gender,
    age_category: g.row.ageCategory,
    wheelchair: g.wheelchair,
    present: true,
  };
};

/** POST /api/admin/trips/{start_date}/rooming/proposal: a generated rooming list, not saved. */
export async function roomingProposal(ctx: Ctx, startDate: string): Promise<RoomingProposalDto> {
  const trip = await loadTrip(ctx.db, startDate);
  const { rooms: proposed, warnings } = proposeRooming(trip.input);
  return {
    start_date: startDate,
    rooms: proposed.map((r) => ({ key: r.key, ...roomToSave(r), guests: r.guests.map((id) => guestDto(trip, id)) })),
    warnings,
    // Always empty for a proposal (the property test guards it); sent so the page shows one shape.
    problems: validateRooming(trip.input, proposed),
  };
}

// ---- Saved versions (merged_room_versions: one row per room of a version) ----

/** What a version row keeps in `rooms` besides the guests. */
interface StoredRoom {
  key: string;
  kind: RoomKind;
  exclusive: boolean;
  wheelchair: boolean;
  flex: RoomNumbers;
  order_ids: number[];
  position: number;
  created_by: string | null;
}
type VersionRow = typeof mergedRoomVersions.$inferSelect;

const storedGuests = (row: VersionRow): number[] =>
  Array.isArray(row.guests) ? (row.guests as { guest_id?: unknown }[]).map((g) => Number(g?.guest_id)).filter(Number.isInteger) : [];

function roomFromRow(row: VersionRow, trip: LoadedTrip | null): RoomingRoomDto {
  const stored = (row.rooms ?? {}) as Partial<StoredRoom>;
  const ids = storedGuests(row);
  return {
    key: stored.key ?? `kamer-${row.id}`,
    existing_id: row.existingId,
    max_guests: row.maxGuests,
    kind: stored.kind ?? 'male',
    exclusive: stored.exclusive ?? false,
    wheelchair: stored.wheelchair ?? false,
    flex: stored.flex ?? {},
    order_ids: stored.order_ids ?? [],
    guests: ids.map((id) => (trip ? guestDto(trip, id) : absentGuest(id))),
  };
}

const positionOf = (row: VersionRow) => Number((row.rooms as Partial<StoredRoom>)?.position ?? row.id);

/** The rows of one version (or the latest), in list order; null when there is none. */
export async function versionRows(db: DbOrTx, startDate: string, version?: number): Promise<{ version: number; rows: VersionRow[] } | null> {
  let wanted = version;
  if (wanted === undefined) {
    const [latest] = await db
      .select({ v: sql<number | null>`max(${mergedRoomVersions.version})` })
      .from(mergedRoomVersions)
      .where(eq(mergedRoomVersions.startDate, startDate));
    if (latest?.v === null || latest?.v === undefined) return null;
    wanted = Number(latest.v);
  }
  const rows = await db
    .select()
    .from(mergedRoomVersions)
    .where(and(eq(mergedRoomVersions.startDate, startDate), eq(mergedRoomVersions.version, wanted)));
  if (rows.length === 0) return null;
  return { version: wanted, rows: rows.sort((a, b) => positionOf(a) - positionOf(b)) };
}

async function loadTripOrNull(db: DbOrTx, startDate: string): Promise<LoadedTrip | null> {
  try {
    return await loadTrip(db, startDate);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return null;
    throw err;
  }
}

const draftOf = (r: RoomingRoomDto): RoomDraft => ({
  key: r.key,
  capacity: r.max_guests,
  kind: r.kind,
  exclusive: r.exclusive,
  wheelchair: r.wheelchair,
  guests: r.guests.map((g) => g.guest_id),
});

/** GET /api/merged_rooms?start_date=&version=: the versions of a trip and one of them (the latest by default). */
export async function mergedRooms(ctx: Ctx, startDate: string, version?: number): Promise<MergedRoomsDto> {
  const summary = await ctx.db
    .select({
      version: mergedRoomVersions.version,
      createdAt: sql<string>`min(${mergedRoomVersions.createdAt})`,
      createdBy: sql<string | null>`min(${mergedRoomVersions.rooms} ->> 'created_by')`,
      rooms: sql<number>`count(*)::int`,
      guests: sql<number>`coalesce(sum(jsonb_array_length(case when jsonb_typeof(${mergedRoomVersions.guests}) = 'array' then ${mergedRoomVersions.guests} else '[]'::jsonb end)), 0)::int`,
    })
    .from(mergedRoomVersions)
    .where(eq(mergedRoomVersions.startDate, startDate))
    .groupBy(mergedRoomVersions.version)
    .orderBy(desc(mergedRoomVersions.version));
  if (version !== undefined && !summary.some((s) => s.version === version)) throw notFound(TRIP_MSG.versionNotFound);
  const chosen = summary.length ? await versionRows(ctx.db, startDate, version) : null;
  const trip = chosen ? await loadTripOrNull(ctx.db, startDate) : null;
  const roomsDto = chosen ? chosen.rows.map((row) => roomFromRow(row, trip)) : [];
  const meta = chosen ? summary.find((s) => s.version === chosen.version) : undefined;
  return {
    start_date: startDate,
    versions: summary.map((s, i) => ({
      version: s.version,
      created_at: new Date(s.createdAt).toISOString(),
      created_by: s.createdBy ?? null,
      rooms_count: Number(s.rooms),
      guests_count: Number(s.guests),
      latest: i < 4,
    })),
    current:
      chosen && meta
        ? {
            version: chosen.version,
            created_at: new Date(meta.createdAt).toISOString(),
            created_by: meta.createdBy ?? null,
            rooms: roomsDto,
            problems: trip ? validateRooming(trip.input, roomsDto.map(draftOf)) : [],
          }
        : null,
  };
}

/** A room as it is saved: the guests by id. */
type RoomToSave = Omit<RoomingRoomDto, 'key' | 'guests'> & { guests: number[] };

/** Checks staff's rooms against the trip (400 with the first broken rule in Dutch, all of them in details). */
function checkedRooms(trip: LoadedTrip, input: MergedRoomsSaveInput['rooms']): RoomToSave[] {
  const drafts: (RoomDraft & { existing_id: number | null; flex: RoomNumbers })[] = input.map((r) => {
    const ids = r.guests.map((g) => g.guest_id);
    const known = ids.map((id) => trip.guestById.get(id)).filter((g) => g !== undefined);
    const sourceRooms = new Set(known.map((g) => g.roomId));
    const exclusiveSource = trip.input.orders.some((o) => o.rooms.some((room) => room.exclusive && sourceRooms.has(room.id)));
    return {
      capacity: r.max_guests,
      kind: r.kind,
      // Derived, not trusted: the wheelchair mark and the exclusive flag follow the guests.
      wheelchair: known.some((g) => g.wheelchair),
      exclusive: exclusiveSource,
      guests: ids,
      existing_id: r.existing_id ?? null,
      flex: r.flex,
    };
  });
  if (trip.guestById.size === 0) throw notFound(TRIP_MSG.noGuests);
  const problems = validateRooming(trip.input, drafts);
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  return drafts.map((d) => ({
    existing_id: d.existing_id,
    max_guests: d.capacity,
    kind: d.kind ?? inferKind(trip, d.guests),
    exclusive: d.exclusive ?? false,
    wheelchair: d.wheelchair ?? false,
    flex: d.flex,
    guests: d.guests,
    order_ids: [...new Set(d.guests.map((id) => trip.guestById.get(id)!.orderId))].sort((a, b) => a - b),
  }));
}

function inferKind(trip: LoadedTrip, ids: number[]): RoomKind {
  const infos = ids.map((id) => trip.guestById.get(id)!);
  const roomGender = new Map(trip.input.orders.flatMap((o) => o.rooms.map((r) => [r.id, r.room_gender] as const)));
  if (infos.some((g) => roomGender.get(g.roomId) === Gender.MIX)) return 'family';
  return infos.every((g) => g.gender === Gender.FEMALE) ? 'female' : 'male';
}

/**
 * Writes the rooms as the trip's next version, in the caller's transaction. A transaction-scoped
 * advisory lock per trip day makes concurrent saves take turns, so each gets its own number.
 */
async function insertVersion(tx: DbOrTx, startDate: string, list: RoomToSave[], actor: Actor): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`merged_rooms:${startDate}`}))`);
  const [row] = await tx
    .select({ v: sql<number | null>`max(${mergedRoomVersions.version})` })
    .from(mergedRoomVersions)
    .where(eq(mergedRoomVersions.startDate, startDate));
  const version = Number(row?.v ?? 0) + 1;
  await tx.insert(mergedRoomVersions).values(
    list.map((r, i) => ({
      version,
      existingId: r.existing_id,
      startDate,
      guests: r.guests.map((id) => ({ guest_id: id })),
      rooms: {
        key: `kamer-${i + 1}`,
        kind: r.kind,
        exclusive: r.exclusive,
        wheelchair: r.wheelchair,
        flex: r.flex,
        order_ids: r.order_ids,
        position: i,
        created_by: actor.user.email,
      } satisfies StoredRoom,
      maxGuests: r.max_guests,
    })),
  );
  await tx.insert(auditLog).values({
    actorUserId: actor.user.id,
    actorEmail: actor.user.email,
    action: 'trip.rooming.save',
    details: { start_date: startDate, version, rooms: list.length },
  });
  return version;
}

const period = (card: TripCardDto) => `${formatDate(card.start_date)} t/m ${formatDate(card.end_date ?? card.start_date)}`;

function officeMail(saved: { trip: LoadedTrip; version: number; list: RoomToSave[] }[], actor: Actor, publicUrl: string, heading: string) {
  const paragraphs = saved.flatMap(({ trip, version, list }) => [
    `${trip.card.label} (${period(trip.card)}), versie ${version}: ${list.length} kamers, ${list.reduce((s, r) => s + r.guests.length, 0)} reizigers.`,
    ...list.map((r, i) => {
      const numbers = [r.flex.room_mekka ? `Mekka ${r.flex.room_mekka}` : '', r.flex.room_medina ? `Medina ${r.flex.room_medina}` : '']
        .filter(Boolean)
        .join(', ');
      const names = r.guests.map((id) => {
        const g = trip.guestById.get(id)!;
        return `${g.row.firstName} ${g.row.lastName}${g.wheelchair ? ' (rolstoel)' : ''}`;
      });
      return `Kamer ${i + 1} (${r.max_guests}-persoons, ${ROOM_KIND_LABELS[r.kind]}${r.exclusive ? ', exclusief' : ''}${numbers ? `; ${numbers}` : ''}): ${names.join(', ')}`;
    }),
  ]);
  return {
    subject: heading,
    ...layout(heading, [`Opgeslagen door ${actor.user.email}.`, ...paragraphs], { href: `${publicUrl}/admin`, label: 'Naar de reisoverzichten' }),
  };
}

/** POST /api/merged_rooms: staff's (adjusted) rooming list as the trip's next version; mails the office. */
export async function saveMergedRooms(ctx: Ctx, actor: Actor, input: MergedRoomsSaveInput) {
  const trip = await loadTrip(ctx.db, input.start_date);
  const list = checkedRooms(trip, input.rooms);
  const version = await ctx.db.transaction(async (tx) => {
    const v = await insertVersion(tx, input.start_date, list, actor);
    await queueMail(tx, {
      to: ctx.config.officeEmail,
      ...officeMail(
        [{ trip, version: v, list }],
        actor,
        ctx.config.publicUrl,
        `Kamerindeling ${trip.card.label} (${period(trip.card)}), versie ${v}`,
      ),
    });
    return v;
  });
  void ctx.mail.kick();
  return {
    status: 'success' as const,
    message: TRIP_MSG.merged(trip.card.start_date, trip.card.end_date ?? trip.card.start_date),
    start_date: input.start_date,
    version,
    rooms_count: list.length,
  };
}

/** A proposed room as it would be saved (no room numbers yet). */
const roomToSave = (r: ProposedRoom): RoomToSave => ({
  existing_id: r.existing_id,
  max_guests: r.capacity,
  kind: r.kind,
  exclusive: r.exclusive,
  wheelchair: r.wheelchair,
  flex: {},
  guests: r.guests,
  order_ids: r.order_ids,
});

const proposalToSave = (trip: LoadedTrip): RoomToSave[] => proposeRooming(trip.input).rooms.map(roomToSave);

/**
 * POST /api/admin/trips/merge (the orders tab's merge-rooms dialog, which needs a period): for every
 * trip starting in the period that has counted guests, the generated rooming list is saved as its
 * next version (hotel room numbers are filled in later, in a new version); one mail to the office.
 */
export async function mergePeriod(ctx: Ctx, actor: Actor, input: MergePeriodInput) {
  const days = await ctx.db
    .selectDistinct({ start: products.start })
    .from(guests)
    .innerJoin(rooms, eq(rooms.id, guests.roomId))
    .innerJoin(products, eq(products.id, rooms.productId))
    .innerJoin(orders, eq(orders.id, rooms.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(countedOrder(), gte(products.start, input.start), lte(products.start, input.end), inArray(products.type, UMRAH_TYPES)))
    .orderBy(asc(products.start));
  const trips: LoadedTrip[] = [];
  for (const d of days) {
    const trip = await loadTrip(ctx.db, d.start!);
    if (trip.guestById.size > 0) trips.push(trip);
  }
  if (trips.length === 0) throw notFound(TRIP_MSG.noTripsInPeriod);
  const plans = trips.map((trip) => ({ trip, list: proposalToSave(trip) }));
  const saved = await ctx.db.transaction(async (tx) => {
    const done: { trip: LoadedTrip; version: number; list: RoomToSave[] }[] = [];
    // Trip days in date order, so two overlapping merges take the per-day locks in the same order.
    for (const p of plans) done.push({ ...p, version: await insertVersion(tx, p.trip.card.start_date, p.list, actor) });
    await queueMail(tx, {
      to: ctx.config.officeEmail,
      ...officeMail(done, actor, ctx.config.publicUrl, `Kamers samengevoegd: ${formatDate(input.start)} t/m ${formatDate(input.end)}`),
    });
    return done;
  });
  void ctx.mail.kick();
  return {
    status: 'success' as const,
    message: TRIP_MSG.merged(input.start, input.end),
    trips: saved.map((s) => ({ start_date: s.trip.card.start_date, version: s.version, rooms_count: s.list.length })),
  };
}

/** Every download of passport data or a rooming list is written down: who, when, which trip. */
export async function auditDownload(db: DbOrTx, actor: Actor, action: string, details: Record<string, unknown>) {
  await db.insert(auditLog).values({ actorUserId: actor.user.id, actorEmail: actor.user.email, action, details });
}
