import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  formatOrderNumber,
  TRIP_OVERVIEW_STATUSES,
  Role,
  TRIP_MSG,
  orderStatusLabels,
  type OrderStatus as OrderStatusT,
  type RoomingInput,
  type RoomingOrder,
  type TripCardDto,
  type TripOrderDto,
  Gender,
} from '@umrah/domain';
import type { AppContext } from '../../../context.ts';
import { allQueries, type DbOrTx } from '../../../db/index.ts';
import { guests, orders, payments, products, rooms, users, visaDocuments } from '../../../db/schema.ts';
import type { UserRow } from '../../../lib/auth.ts';
import { notFound } from '../../../lib/errors.ts';

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
export function countedOrder(): SQL {
  const domains = internalEmailDomains();
  return and(
    inArray(orders.status, COUNTED_STATUSES),
    eq(users.role, Role.USER),
    domains.length ? notInArray(sql`lower(split_part(${users.email}, '@', 2))`, domains) : undefined,
  )!;
}

export const UMRAH_TYPES = [2, 3, 4, 5, 6, 7, 8, 9, 10];
const ADULT_TYPES = [2, 5, 8];
const MONTHS_NL = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
const CLASS_LABELS: Record<number, string> = { 0: 'Firstclass', 1: 'Premiumclass' };

export type ProductRow = Pick<typeof products.$inferSelect, 'id' | 'type' | 'start' | 'end' | 'region' | 'stock' | 'flex' | 'label'>;

export function card(start: string, productRows: ProductRow[], booked: { guests: number; orders: number }): TripCardDto {
  const [y = 0, m = 1] = start.split('-').map(Number);
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
    label: `Umrah ${MONTHS_NL[m - 1] ?? ''} ${y}`,
    region: regions.join('/'),
    regions,
    year: y,
    month: m - 1,
    guests_booked: booked.guests,
    places: booked.guests + stockLeft,
    orders: booked.orders,
  };
}

export const productColumns = {
  id: products.id,
  type: products.type,
  start: products.start,
  end: products.end,
  region: products.region,
  stock: products.stock,
  flex: products.flex,
  label: products.label,
};

/** The hotels of a product decide who can share a room: the group key of the rooming rules. */
const hotelGroup = (p: ProductRow | undefined) => {
  const flex = p?.flex ?? {};
  return Array.isArray(flex.hotels) ? flex.hotels.map(String).join(',') : `class-${String(flex.type_class ?? '')}`;
};
const classLabel = (p: ProductRow | undefined) => CLASS_LABELS[Number(p?.flex?.type_class)] ?? '';

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

type TripRows = Awaited<ReturnType<typeof readTripRows>>;

/** The trip's products (404 for a day without a trip), and its counted rooms, guests and payments. */
async function readTripRows(db: DbOrTx, startDate: string) {
  const productRows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.type, UMRAH_TYPES), eq(products.start, startDate)));
  if (productRows.length === 0) throw notFound(TRIP_MSG.notFound);

  // Three reads, each joined on the trip's products and the counted orders (no long id lists).
  const counted = and(
    inArray(
      rooms.productId,
      productRows.map((p) => p.id),
    ),
    countedOrder(),
  );
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
  return { productRows, roomRows, guestJoined, paidRows };
}

/** The trip's guests by id and by room, each with what the trip page and the rooming rules need of them. */
function indexGuests(rows: TripRows) {
  const withDocs = new Set(rows.guestJoined.filter((g) => g.docId !== null).map((g) => g.guest.id));
  const guestById = new Map<number, TripGuest>();
  const guestsOfRoom = new Map<number, TripGuest[]>();
  const roomGender = new Map(rows.roomRows.map((r) => [r.room.id, r.room.roomGender]));
  for (const { guest: g } of rows.guestJoined) {
    const rg = roomGender.get(g.roomId);
    const info: TripGuest = {
      row: g,
      orderId: g.orderId,
      roomId: g.roomId,
      wheelchair: g.flex?.disabled === true,
      hasDocuments: withDocs.has(g.id),
      gender: rg === Gender.MALE || rg === Gender.FEMALE ? rg : g.gender === Gender.MALE || g.gender === Gender.FEMALE ? g.gender : null,
    };
    guestById.set(g.id, info);
    const list = guestsOfRoom.get(g.roomId);
    if (list) list.push(info);
    else guestsOfRoom.set(g.roomId, [info]);
  }
  return { guestById, guestsOfRoom };
}

type RoomRow = TripRows['roomRows'][number];

/** An order's card on the trip page, before its rooms are added. */
function orderCard({ order, email, firstName, lastName }: RoomRow, paid: number): TripOrderDto {
  return {
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
}

/** A room on its order's card. */
const cardRoom = (room: RoomRow['room'], product: ProductRow | undefined, roomGuests: TripGuest[]): TripOrderDto['rooms'][number] => ({
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

/** A room as the rooming rules see it. */
const roomingRoom = (room: RoomRow['room'], roomGuests: TripGuest[]): RoomingOrder['rooms'][number] => ({
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

/** Everything the trip page, the rooming list and the downloads need; 404 for a day without a trip. */
export async function loadTrip(db: DbOrTx, startDate: string): Promise<LoadedTrip> {
  const rows = await readTripRows(db, startDate);
  const productById = new Map(rows.productRows.map((p) => [p.id, p]));
  const paidBy = new Map(rows.paidRows.map((p) => [p.orderId, Number(p.total)]));
  const { guestById, guestsOfRoom } = indexGuests(rows);
  const orderDtos = new Map<number, TripOrderDto>();
  // One rooming order per order and hotel group: guests in other hotels never share a room.
  const roomingOrders = new Map<string, RoomingOrder>();
  for (const row of rows.roomRows) {
    const { room, order } = row;
    const product = room.productId === null ? undefined : productById.get(room.productId);
    const roomGuests = guestsOfRoom.get(room.id) ?? [];
    const dto = orderDtos.get(order.id) ?? orderCard(row, paidBy.get(order.id) ?? 0);
    orderDtos.set(order.id, dto);
    dto.rooms.push(cardRoom(room, product, roomGuests));
    if (roomGuests.some((g) => !g.hasDocuments)) dto.documents_complete = false;

    const group = hotelGroup(product);
    const key = `${order.id}|${group}`;
    const ro = roomingOrders.get(key) ?? { id: order.id, group, rooms: [] };
    ro.rooms.push(roomingRoom(room, roomGuests));
    roomingOrders.set(key, ro);
  }
  const ordersList = [...orderDtos.values()];
  return {
    card: card(startDate, rows.productRows, { guests: rows.guestJoined.length, orders: ordersList.length }),
    orders: ordersList,
    input: { orders: [...roomingOrders.values()] },
    guestById,
  };
}
