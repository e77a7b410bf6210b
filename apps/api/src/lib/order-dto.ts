import { asc, eq, inArray, sql } from 'drizzle-orm';
import { downPaymentProblem, earliestDeadline, isUmrahType, orderStatusLabels, type OrderStatus } from '@umrah/domain';
import { allQueries, type DbOrTx } from '../db/index.ts';
import { crowdfunds, guests, orderCrowdfunds, orderLines, orders, payments, products, rooms, users, visaDocuments } from '../db/schema.ts';
import { dutchToday } from './dutch-time.ts';

/** The order number customers see: 'FCU2' followed by the id (docs/RULES.md, 'Constants'). */
export const orderNumber = (id: number) => `FCU2${id}`;

type OrderRow = typeof orders.$inferSelect;
type GuestRow = typeof guests.$inferSelect;

function guestDto(g: GuestRow, hasDocuments: boolean) {
  return {
    id: g.id,
    room_id: g.roomId,
    product_id: g.productId,
    first_name: g.firstName,
    last_name: g.lastName,
    age_category: g.ageCategory,
    gender: g.gender,
    european_passport: g.europeanPassport,
    bed_included: g.bedIncluded,
    flex: g.flex,
    /** The guest's visa data and photo are in (modules/visa). */
    has_documents: hasDocuments,
  };
}

type RoomRow = typeof rooms.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** What the order views are built from: the rows as the database holds them (see loadOrderDtos). */
export interface OrderDtoRows {
  orders: { order: OrderRow; email: string; firstName: string; lastName: string }[];
  /** In id order, as are guests and lines. */
  rooms: RoomRow[];
  guests: GuestRow[];
  lines: LineRow[];
  funds: { row: typeof orderCrowdfunds.$inferSelect; label: string }[];
  /** Sum of payments per order (orders without payments may be absent). */
  paid: { orderId: number | null; total: string | number }[];
  /** Guests whose visa documents are in. */
  docs: { guestId: number }[];
  /** At least the products the lines sell (others are ignored). */
  products: Pick<ProductRow, 'id' | 'type' | 'label' | 'start' | 'end' | 'region' | 'paymentDeadline'>[];
}

/**
 * Orders with everything the account page and the admin need, in the order of `ids`: the customer,
 * rooms with guests (and whether their visa documents are in), priced lines, the products sold,
 * donations and the sum of payments. Seven queries for any number of orders.
 */
export async function loadOrderDtos(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const idList = [...ids];
  const [orderRows, roomRows, guestRows, lineRows, fundRows, paid, docRows] = await allQueries(db, [
    db
      .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.id, idList)),
    db.select().from(rooms).where(inArray(rooms.orderId, idList)).orderBy(asc(rooms.id)),
    db.select().from(guests).where(inArray(guests.orderId, idList)).orderBy(asc(guests.id)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, idList)).orderBy(asc(orderLines.id)),
    db
      .select({ row: orderCrowdfunds, label: crowdfunds.label })
      .from(orderCrowdfunds)
      .innerJoin(crowdfunds, eq(crowdfunds.id, orderCrowdfunds.crowdfundId))
      .where(inArray(orderCrowdfunds.orderId, idList))
      .orderBy(asc(orderCrowdfunds.id)),
    db
      .select({ orderId: payments.orderId, total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(inArray(payments.orderId, idList))
      .groupBy(payments.orderId),
    db.select({ guestId: visaDocuments.guestId }).from(visaDocuments).where(inArray(visaDocuments.orderId, idList)),
  ] as const);
  const productIds = [...new Set(lineRows.map((l) => l.productId).filter((id): id is number => id !== null))];
  const productRows = productIds.length ? await db.select().from(products).where(inArray(products.id, productIds)) : [];
  return orderDtosFromRows(idList, {
    orders: orderRows,
    rooms: roomRows,
    guests: guestRows,
    lines: lineRows,
    funds: fundRows,
    paid,
    docs: docRows,
    products: productRows,
  });
}

type Rows = OrderDtoRows;

/** An order's rooms with their guests (and whether each guest's documents are in). */
function roomDtos(orderId: number, roomRows: Rows['rooms'], guestRows: Rows['guests'], withDocuments: Set<number>) {
  return roomRows
    .filter((r) => r.orderId === orderId)
    .map((r) => ({
      id: r.id,
      product_id: r.productId,
      room_type: r.roomType,
      max_guests: r.maxGuests,
      room_gender: r.roomGender,
      exclusive: r.exclusive,
      flex: r.flex,
      guests: guestRows.filter((g) => g.roomId === r.id).map((g) => guestDto(g, withDocuments.has(g.id))),
    }));
}

const lineDto = (l: Rows['lines'][number]) => ({
  id: l.id,
  product_id: l.productId,
  guest_id: l.guestId,
  label: l.label,
  quantity: l.quantity,
  unit_price: l.unitPrice,
  total: l.unitPrice * l.quantity,
  kind: l.flex.kind ?? 'product',
  flex: l.flex,
});

/** The products an order's lines sold, each with the quantity sold. */
function productDtos(sold: number[], productById: Map<number, Rows['products'][number]>, lines: Rows['lines']) {
  return sold
    .map((id) => productById.get(id))
    .filter((p): p is NonNullable<typeof p> => p !== undefined)
    .map((p) => ({
      id: p.id,
      product_id: p.id,
      type: p.type,
      label: p.label,
      start: p.start,
      end: p.end,
      region: p.region,
      quantity: lines.filter((l) => l.productId === p.id).reduce((s, l) => s + l.quantity, 0),
    }));
}

function crowdfundDtos(orderId: number, fundRows: Rows['funds']) {
  return fundRows
    .filter((f) => f.row.orderId === orderId)
    .map((f) => ({
      id: f.row.crowdfundId,
      funding_id: f.row.crowdfundId,
      label: f.label,
      funding_amount: f.row.fundingAmount,
      pivot: { funding_amount: f.row.fundingAmount },
    }));
}

/** Why no down payment may be asked now (the trips' payment deadline passed), or null. */
function downPaymentOf(sold: number[], productById: Map<number, Rows['products'][number]>, today: ReturnType<typeof dutchToday>) {
  return downPaymentProblem({
    deadline: earliestDeadline(
      sold
        .map((id) => productById.get(id))
        .filter((p) => p !== undefined && isUmrahType(p.type))
        .map((p) => p!.paymentDeadline),
    ),
    today,
  });
}

/**
 * The order views of `ids` (in that order) from their rows: what loadOrderDtos read back, or what a
 * write just stored (POST /api/order answers from the rows it wrote instead of reading them again).
 */
export function orderDtosFromRows(ids: readonly number[], rows: OrderDtoRows) {
  const { rooms: roomRows, guests: guestRows, lines: lineRows, funds: fundRows, paid } = rows;
  const withDocuments = new Set(rows.docs.map((d) => d.guestId));
  const productById = new Map(rows.products.map((p) => [p.id, p]));

  const today = dutchToday();
  const byId = new Map(rows.orders.map((r) => [r.order.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is NonNullable<typeof r> => r !== undefined)
    .map(({ order, email, firstName, lastName }) => toOrderDto(order, { email, firstName, lastName }));

  function toOrderDto(o: OrderRow, user: { email: string; firstName: string; lastName: string }) {
    const lines = lineRows.filter((l) => l.orderId === o.id);
    const totalPayments = Number(paid.find((p) => p.orderId === o.id)?.total ?? 0);
    const sold = [...new Set(lines.map((l) => l.productId).filter((id): id is number => id !== null))];
    const orderGuests = guestRows.filter((g) => g.orderId === o.id);
    const payPartly = o.flex?.pay_partly === true;
    // 50 % may be asked now (the 'Aanbetaling 50%' button): nothing paid yet and the trips' payment
    // deadline not passed (the same rule POST /api/payment/prepare applies).
    const downPayment = downPaymentOf(sold, productById, today);
    return {
      id: o.id,
      order_id: o.id,
      order_number: orderNumber(o.id),
      user_id: o.userId,
      status: o.status,
      status_label: orderStatusLabels[o.status as OrderStatus] ?? String(o.status),
      total_price: o.totalPrice,
      total_payments: totalPayments,
      amount_open: Math.max(0, o.totalPrice - totalPayments),
      /** Every guest's visa documents are in (false for an order without guests). */
      documents_complete: orderGuests.length > 0 && orderGuests.every((g) => withDocuments.has(g.id)),
      /**
       * 50 % may be asked now (the 'Aanbetaling 50%' button): nothing paid yet and the trips' payment
       * deadline not passed (the same rule POST /api/payment/prepare applies).
       */
      down_payment_allowed: totalPayments === 0 && downPayment === null,
      /**
       * Why an order placed as a down payment can now only be paid in full (the trips' payment deadline
       * passed), shown before the customer pays (docs/MONEY.md); null otherwise.
       */
      down_payment_message: totalPayments === 0 && payPartly && downPayment !== null ? downPayment : null,
      flex: o.flex,
      created_by_user_id: o.createdByUserId,
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
      user: { user_id: o.userId, email: user.email, first_name: user.firstName, last_name: user.lastName },
      rooms: roomDtos(o.id, roomRows, guestRows, withDocuments),
      lines: lines.map(lineDto),
      products: productDtos(sold, productById, lines),
      crowdfunds: crowdfundDtos(o.id, fundRows),
    };
  }
}
export type OrderDto = ReturnType<typeof orderDtosFromRows>[number];
