import { and, asc, between, count, desc, eq, exists, gt, gte, ilike, inArray, ne, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  ACTIVE_TRANSACTION_STATUSES,
  DEAD_STATUSES,
  EXCLUSIVE_ROOM_PRODUCT_ID,
  KID_WITHOUT_BED_VOUCHER,
  NON_EU_PASSPORT_PRODUCT_ID,
  ORDER_MSG,
  OrderRuleError,
  OrderStatus,
  Role,
  amountToPay,
  downPaymentProblem,
  formatEuro,
  parseOrderNumber,
  mayEdit,
  priceOrder,
  statusAfterPayments,
  toPricingProduct,
  toPricingVoucher,
  type Order,
  type PricedLine,
  type PricedOrder,
  type PricingCatalog,
} from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { allQueries, withTrigramSearch, type Db, type DbOrTx, type Tx } from '../../db/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import {
  crowdfunds,
  guests,
  mailOutbox,
  orderCrowdfunds,
  orderLines,
  orderLogs as orderLogsTable,
  orders,
  products,
  rooms,
  transactions,
  users,
  visaDocuments,
  vouchers,
} from '../../db/schema.ts';
import { outboxRow, type OutgoingMail } from '../../infra/mail/outbox.ts';
import { orderConfirmationMail } from '../../infra/mail/templates.ts';
import type { UserRow } from '../../lib/auth.ts';
import { AppError, conflict, forbidden, notFound, sqlState } from '../../lib/errors.ts';
import { jsonRows, jsonRowsInsert, rowFromJson, rowsFromJson } from '../../lib/json-rows.ts';
import { batchedLookup, perDatabase } from '../../lib/batched-lookup.ts';
import { preparedStatement } from '../../lib/prepared.ts';
import { providerFor } from '../../infra/payments/index.ts';
import { completeWithoutPayment, paidTotal, syncOrderTransactions } from '../payments/service.ts';
import { assertUnpaidHolds } from './holds.ts';
import { invalidateCatalog } from '../products/service.ts';
import { voucherKeys, vouchersByLabels, type VoucherRow } from '../vouchers/service.ts';
import { dutchToday } from '../vouchers/time.ts';
import { loadOrderDtos, orderDtosFromRows, orderNumber } from './dto.ts';
import { logsOfOrder, logsOfOrders, orderLogValues, userActor, type OrderLogEntry } from './log.ts';
import { transitionOrder } from './transition.ts';
import { AfterCommit } from './after-commit.ts';
import { linesOfOrder, moveStock, soldOut, stockOfLines } from './stock.ts';
import { hasWaitlistHold, useWaitlistHolds } from '../waitlist/service.ts';

/** Who asks: the logged-in user, and the admin behind them when an admin logged in as them. */
export interface Actor {
  user: UserRow;
  actingAdminId?: number;
  /** The request's claimed Idempotency-Key: a new order keeps it (one order per key). */
  idempotencyKey?: string;
}

const isAdmin = (u: UserRow) => u.role === Role.ADMIN;

/**
 * The customer the order is for. Admins may name anyone by id or email; anyone else may only name
 * themselves, and naming someone else is refused, never obeyed.
 */
async function resolveCustomer(db: DbOrTx, actor: Actor, user: Order['user']): Promise<UserRow> {
  const self = actor.user;
  if (user === undefined || user === null || user === '') return self;
  const asId = typeof user === 'number' ? user : /^\d+$/.test(user) ? Number(user) : null;
  const isSelf = asId !== null ? asId === self.id : user.toString().trim().toLowerCase() === self.email;
  if (isSelf) return self;
  if (!isAdmin(self)) throw forbidden(ORDER_MSG.otherUser);
  const [row] = await db
    .select()
    .from(users)
    .where(asId !== null ? eq(users.id, asId) : eq(users.email, String(user).trim().toLowerCase()));
  if (!row) throw notFound(ORDER_MSG.userNotFound);
  return row;
}

/**
 * What live orders (not cancelled, declined or refunded) pledged per crowdfund, in cents; funds
 * without donations are absent. `excludeOrderId` leaves out the order being edited.
 */
export async function fundedSoFar(db: DbOrTx, fundIds: readonly number[], excludeOrderId: number | null = null): Promise<Map<number, number>> {
  if (fundIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orderCrowdfunds.crowdfundId, total: sql<string>`coalesce(sum(${orderCrowdfunds.fundingAmount}), 0)` })
    .from(orderCrowdfunds)
    .innerJoin(orders, eq(orders.id, orderCrowdfunds.orderId))
    .where(
      and(
        inArray(orderCrowdfunds.crowdfundId, [...fundIds]),
        // The domain's countsForCrowdfund, as SQL.
        notInArray(orders.status, [...DEAD_STATUSES]),
        excludeOrderId ? sql`${orders.id} <> ${excludeOrderId}` : undefined,
      ),
    )
    .groupBy(orderCrowdfunds.crowdfundId);
  return new Map(rows.map((r) => [r.id, Number(r.total)]));
}

/**
 * Reads every row the rules need, inside the order's transaction: the rooms' packages, the listed
 * products, products 1 and 999, the vouchers named and 'kid-without-bed', and the crowdfunds with
 * what other live orders pledged. Crowdfund rows are locked first (id order), so two donations
 * cannot both fit in the same remaining amount.
 */
export async function loadCatalog(tx: DbOrTx, order: Order, editingOrderId: number | null, lock = true): Promise<PricingCatalog> {
  return toCatalog(await loadCatalogRows(tx, order, editingOrderId, lock));
}

type ProductRow = typeof products.$inferSelect;
type CrowdfundRow = typeof crowdfunds.$inferSelect;

/** The rows the order rules read (loadCatalog), before they become the domain's catalog. */
interface CatalogRows {
  products: ProductRow[];
  vouchers: VoucherRow[];
  funds: CrowdfundRow[];
  /** What other live orders pledged per crowdfund. */
  pledged: Map<number, number>;
}

/** The products an order names directly: its listed products, its rooms' trips, products 1 and 999. */
const directProductIds = (order: Order) => [
  ...new Set([...order.products, NON_EU_PASSPORT_PRODUCT_ID, EXCLUSIVE_ROOM_PRODUCT_ID, ...order.rooms.map((r) => r.product_id)]),
];
const roomProductIds = (order: Order) => [...new Set(order.rooms.map((r) => r.product_id))];

/**
 * The products `ids` (an int[]) and, in the same statement, every package product (types 2-10) of the
 * trips `tripIds` (an int[]): same label, dates and region as a listed trip product (one round trip
 * instead of two). Unrun; the lists are array values, so the statement's text is the same for every order.
 */
function catalogProductsSelect(db: DbOrTx, ids: SQL, tripIds: SQL) {
  const tripKey = sql`(${products.label}, ${products.start}, ${products.end}, ${products.region})`;
  return db
    .select()
    .from(products)
    .where(
      or(
        sql`${products.id} = any(${ids})`,
        and(
          between(products.type, 2, 10),
          sql`${tripKey} in (select p.label, p.start, p."end", p.region from ${products} p
            where p.id = any(${tripIds}) and p.type between 2 and 10 and p.start is not null and p."end" is not null)`,
        ),
      ),
    )
    .orderBy(asc(products.id));
}

const catalogProductsQuery = (db: DbOrTx, order: Order) =>
  catalogProductsSelect(db, sql`${sql.param(directProductIds(order))}::int[]`, sql`${sql.param(roomProductIds(order))}::int[]`);

/** The voucher labels an order's rules look up: the codes typed and 'kid-without-bed'. */
const voucherLabels = (order: Order) => [...order.flex.discounts, KID_WITHOUT_BED_VOUCHER];

async function loadCatalogRows(tx: DbOrTx, order: Order, editingOrderId: number | null, lock: boolean): Promise<CatalogRows> {
  const productRows = await catalogProductsQuery(tx, order);
  const voucherRows = await vouchersByLabels(tx, voucherLabels(order));

  const fundIds = [...new Set(order.crowdfunds.map((c) => c.funding_id))].sort((a, b) => a - b);
  const fundQuery = tx.select().from(crowdfunds).where(inArray(crowdfunds.id, fundIds)).orderBy(asc(crowdfunds.id));
  const funds = fundIds.length ? await (lock ? fundQuery.for('update') : fundQuery) : [];
  const pledged = await fundedSoFar(tx, fundIds, editingOrderId);
  return { products: productRows, vouchers: voucherRows, funds, pledged };
}

function toCatalog(rows: CatalogRows): PricingCatalog {
  return {
    products: rows.products.map(toPricingProduct),
    vouchers: rows.vouchers.map(toPricingVoucher),
    crowdfunds: rows.funds.map((f) => ({
      id: f.id,
      label: f.label,
      goalAmount: f.goalAmount,
      funded: rows.pledged.get(f.id) ?? 0,
      active: f.isActive,
    })),
  };
}

/**
 * For new orders without donations (so no crowdfund row to lock): the catalog rows and the ids of each
 * order's new rows, in one statement outside any transaction for all the orders that arrive together
 * (lib/batched-lookup.ts). Reading them inside the order's transaction gave nothing more: under READ
 * COMMITTED every statement sees the latest committed rows either way, and stock is checked where it
 * is taken (a conditional UPDATE). Each order's wishes are one element of a JSON list; the products
 * and vouchers of all come once, with each order's own ids, so each order gets exactly the rows its
 * own lookup (catalogProductsSelect, the voucher labels) gives.
 */
const catalogAndIdsStatement = preparedStatement<{ products: unknown; vouchers: unknown; orders: unknown }>('order_catalog_and_ids', (db) => {
  const listed = (field: string, type: string) => sql.raw(`array(select json_array_elements_text(req.x->'${field}')::${type})`);
  const productsQuery = catalogProductsSelect(db, listed('p', 'int'), listed('t', 'int'));
  const vouchersQuery = db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(sql`lower(${vouchers.label}) = any(${listed('v', 'text')})`);
  return sql`with req as (select r.x, r.n from json_array_elements(${sql.placeholder('orders')}::json) with ordinality as r(x, n)),
    per_order as materialized (select req.n,
      array(select cat_p.id from (${productsQuery}) cat_p) as product_ids,
      array(select cat_v.id from (${vouchersQuery}) cat_v) as voucher_ids,
      ${contentIdColumns(sql`(req.x->>'r')::int`, sql`(req.x->>'g')::int`, null)}
      from req)
    select
      (select json_agg(p order by p.id) from ${products} p where p.id in (select unnest(product_ids) from per_order)) as products,
      (select json_agg(v order by v.id) from ${vouchers} v where v.id in (select unnest(voucher_ids) from per_order)) as vouchers,
      (select json_agg(per_order order by per_order.n) from per_order) as orders`;
});

type CatalogAndIds = { rows: CatalogRows; ids: ContentIds };

const catalogLookups = perDatabase((db: Db) =>
  batchedLookup(async (batch: Order[]) => {
    const [row] = await catalogAndIdsStatement(db, {
      orders: JSON.stringify(
        batch.map((order) => ({
          p: directProductIds(order),
          t: roomProductIds(order),
          v: voucherKeys(voucherLabels(order)),
          r: order.rooms.length,
          g: guestCount(order),
        })),
      ),
    });
    const productRows = rowsFromJson(products, row!.products);
    const voucherRows = rowsFromJson(vouchers, row!.vouchers);
    const perOrder = (row!.orders ?? []) as (ContentIdRow & { product_ids: number[]; voucher_ids: number[] })[];
    return new Map(
      batch.map((order, i): [Order, CatalogAndIds] => {
        const own = perOrder[i]!;
        const productIds = new Set(own.product_ids.map(Number));
        const voucherIds = new Set(own.voucher_ids.map(Number));
        return [
          order,
          {
            rows: {
              products: productRows.filter((p) => productIds.has(p.id)),
              vouchers: voucherRows.filter((v) => voucherIds.has(v.id)),
              funds: [],
              pledged: new Map(),
            },
            ids: contentIdsOf(order, own),
          },
        ];
      }),
    );
  }),
);

async function catalogRowsAndIds(db: Db, order: Order): Promise<CatalogAndIds> {
  return (await catalogLookups(db)(order))!;
}

/** The domain rules; a broken rule becomes an AppError with its Dutch message and status. */
export function price(order: Order, catalog: PricingCatalog, actor: Actor | null, keepVouchers: string[] = []): PricedOrder {
  const now = new Date();
  try {
    // Admins may book a trip that has already departed (corrections afterwards); customers may not.
    const allowDeparted = actor !== null && isAdmin(actor.user);
    return priceOrder(order, catalog, { now, today: dutchToday(now), allowDeparted, keepVouchers });
  } catch (err) {
    if (err instanceof OrderRuleError) {
      throw new AppError(err.status, err.message, undefined, err.path ? [{ path: err.path, message: err.message }] : undefined);
    }
    throw err;
  }
}

const stockOf = (priced: PricedOrder) => new Map(priced.stock.map((s) => [s.productId, s.quantity]));

/** What the order keeps in `flex`: the client's choices as the server understood them. */
function orderFlex(order: Order, priced: PricedOrder) {
  return {
    pay_partly: order.flex.pay_partly,
    discounts: priced.discounts,
    arabia_availibilities: order.flex.arabia_availibilities,
    extras: order.rooms.map((r, i) => ({ room: i, extras: r.extras })).filter((e) => e.extras.length > 0),
  };
}

/** Ids of an order's new rows: the order's (unless it exists already), its rooms' and guests'. */
interface ContentIds {
  orderId: number;
  roomIds: number[];
  /** guestIds[room][guest] */
  guestIds: number[][];
}

/**
 * Takes the ids of the new rows from their sequences in one round trip, so that the order, its rooms,
 * guests (which name their room) and lines (which name their guest) can then be written by one
 * statement instead of one insert per row.
 */
async function newContentIds(tx: Tx, order: Order, existingOrderId: number | null): Promise<ContentIds> {
  const res = (await tx.execute(sql`select ${contentIdColumns(order.rooms.length, guestCount(order), existingOrderId)}`)) as unknown as {
    rows: ContentIdRow[];
  };
  return contentIdsOf(order, res.rows[0]!);
}

type ContentIdRow = { order_id: number; room_ids: number[]; guest_ids: number[] };

const guestCount = (order: Order) => order.rooms.reduce((n, r) => n + r.guests.length, 0);

/** The columns (order_id, room_ids, guest_ids) of newContentIds' statement, for so many rooms and guests. */
function contentIdColumns(roomCount: number | SQLWrapper, guestCount: number | SQLWrapper, existingOrderId: number | null) {
  return sql`${existingOrderId === null ? sql`nextval(pg_get_serial_sequence('orders', 'id'))::int` : sql`${existingOrderId}::int`} as order_id,
      array(select nextval(pg_get_serial_sequence('rooms', 'id'))::int from generate_series(1, ${roomCount}::int)) as room_ids,
      array(select nextval(pg_get_serial_sequence('guests', 'id'))::int from generate_series(1, ${guestCount}::int)) as guest_ids`;
}

function contentIdsOf(order: Order, row: ContentIdRow): ContentIds {
  // Ascending, as one insert per row gave them: rooms and guests keep the order they were sent in.
  const roomIds = row.room_ids.map(Number).sort((a, b) => a - b);
  const guestPool = row.guest_ids.map(Number).sort((a, b) => a - b);
  let next = 0;
  return { orderId: Number(row.order_id), roomIds, guestIds: order.rooms.map((r) => r.guests.map(() => guestPool[next++]!)) };
}

/** The rows of an order's rooms, guests, priced lines and donations (schema property names). */
function contentValues(ids: ContentIds, order: Order, priced: PricedOrder) {
  const { orderId } = ids;
  return {
    rooms: order.rooms.map((room, r) => ({
      id: ids.roomIds[r]!,
      orderId,
      productId: priced.rooms[r].tripProductId,
      roomType: room.room_type,
      maxGuests: room.room_type,
      roomGender: room.room_gender,
      exclusive: room.exclusive,
      flex: { extras: room.extras },
    })),
    guests: order.rooms.flatMap((room, r) =>
      room.guests.map((guest, g) => ({
        id: ids.guestIds[r]![g]!,
        orderId,
        roomId: ids.roomIds[r]!,
        productId: priced.rooms[r].guestProductIds[g],
        firstName: guest.first_name,
        lastName: guest.last_name,
        ageCategory: guest.age_category,
        gender: guest.gender,
        europeanPassport: guest.european_passport,
        bedIncluded: guest.bed_included,
        flex: { disabled: guest.flex.disabled },
      })),
    ),
    lines: orderLineValues(orderId, priced.lines, ids.guestIds),
    funds: order.crowdfunds.map((c) => ({ orderId, crowdfundId: c.funding_id, fundingAmount: c.funding_amount })),
  };
}
type ContentValues = ReturnType<typeof contentValues>;

/** The content inserts as a list, for writeAll. */
const contentInsertList = (inserts: ReturnType<typeof contentInserts>): SQLWrapper[] =>
  [inserts.rooms, inserts.guests, inserts.lines, inserts.funds].filter((i) => i !== undefined);

/** The inserts of an order's rooms, guests, priced lines and donations, unrun (those the order has). */
function contentInserts(tx: DbOrTx, ids: ContentIds, order: Order, priced: PricedOrder) {
  const v = contentValues(ids, order, priced);
  return {
    rooms: v.rooms.length ? tx.insert(rooms).values(v.rooms) : undefined,
    guests: v.guests.length ? tx.insert(guests).values(v.guests) : undefined,
    lines: v.lines.length ? tx.insert(orderLines).values(v.lines) : undefined,
    funds: v.funds.length ? tx.insert(orderCrowdfunds).values(v.funds) : undefined,
  };
}

type OrderRow = typeof orders.$inferSelect;

/** A new order's rows as the database stored them: the answer is built from these, not read again. */
interface WrittenOrder {
  order: OrderRow;
  rooms: (typeof rooms.$inferSelect)[];
  guests: (typeof guests.$inferSelect)[];
  lines: (typeof orderLines.$inferSelect)[];
  funds: (typeof orderCrowdfunds.$inferSelect)[];
}

// Columns of the new order's rows (schema property names), in the statement below.
const ORDER_KEYS = ['id', 'userId', 'status', 'totalPrice', 'flex', 'createdByUserId', 'idempotencyKey'] as const;
const ROOM_KEYS = ['id', 'orderId', 'productId', 'roomType', 'maxGuests', 'roomGender', 'exclusive', 'flex'] as const;
const GUEST_KEYS = [
  'id',
  'orderId',
  'roomId',
  'productId',
  'firstName',
  'lastName',
  'ageCategory',
  'gender',
  'europeanPassport',
  'bedIncluded',
  'flex',
] as const;
const LINE_KEYS = ['orderId', 'productId', 'guestId', 'label', 'quantity', 'unitPrice', 'flex'] as const;
const FUND_KEYS = ['orderId', 'crowdfundId', 'fundingAmount'] as const;
const LOG_KEYS = ['orderId', 'type', 'message', 'userExecutedMail'] as const;
const MAIL_KEYS = ['to', 'subject', 'text', 'html', 'replyTo', 'attachments'] as const;

/**
 * The new order's statement (see writeNewOrder), the same text for every order: each table's rows go
 * in as one JSON parameter, so neither the number of rooms, guests or lines nor the query builder
 * changes it, and PostgreSQL parses and plans it once per connection. With `withStock` it also takes
 * one product's stock.
 */
const newOrderStatement = (withStock: boolean) =>
  preparedStatement<{ order: Record<string, unknown>; rooms: unknown; guests: unknown; lines: unknown; funds: unknown }>(
    withStock ? 'order_write_with_stock' : 'order_write',
    (db) => {
      const clauses = [
        sql`w_order as (${jsonRowsInsert(orders, ORDER_KEYS, sql.placeholder('order'))})`,
        sql`w_rooms as (${jsonRowsInsert(rooms, ROOM_KEYS, sql.placeholder('rooms'))})`,
        sql`w_guests as (${jsonRowsInsert(guests, GUEST_KEYS, sql.placeholder('guests'))})`,
        sql`w_lines as (${jsonRowsInsert(orderLines, LINE_KEYS, sql.placeholder('lines'))})`,
        sql`w_funds as (${jsonRowsInsert(orderCrowdfunds, FUND_KEYS, sql.placeholder('funds'))})`,
        sql`w_log as (${jsonRowsInsert(orderLogsTable, LOG_KEYS, sql.placeholder('log'))})`,
        sql`w_mail as (${jsonRowsInsert(mailOutbox, MAIL_KEYS, sql.placeholder('mail'))})`,
      ];
      if (withStock) {
        clauses.push(
          sql`w_stock as ${db
            .update(products)
            .set({ stock: sql`${products.stock} - ${sql.placeholder('quantity')}::int` })
            .where(and(eq(products.id, sql.placeholder('productId')), gte(products.stock, sql`${sql.placeholder('quantity')}::int`)))
            .returning({ id: products.id })}`,
        );
      }
      const rowsOf = (name: string) => sql.raw(`(select json_agg(${name} order by ${name}.id) from ${name})`);
      return sql`with ${sql.join(clauses, sql`, `)} select (select row_to_json(w_order) from w_order) as "order",
        ${rowsOf('w_rooms')} as rooms, ${rowsOf('w_guests')} as guests, ${rowsOf('w_lines')} as lines, ${rowsOf('w_funds')} as funds
        ${withStock ? sql`, 1 / (select count(*)::int from w_stock) as stock_taken` : sql``}`;
    },
  );
const writeOrder = newOrderStatement(false);
const writeOrderTakingStock = newOrderStatement(true);

/**
 * Writes a new order in one statement (data-modifying WITH clauses; foreign keys are checked at its
 * end, so an order and the rows naming it go in together): the order, its rooms, guests, lines and
 * donations, its log line and its mail, and returns those rows as stored (in id order).
 *
 * With `take` the same statement also takes that product's stock by the conditional UPDATE of
 * moveStock (only while enough is left). When it could not, the statement divides by zero on purpose,
 * so that it fails as a whole and nothing of it stays: then null is returned. Only outside a
 * transaction (a failed statement would end the caller's transaction); one product only, because the
 * order in which one statement's clauses lock rows is not defined (moveStock takes several in id order).
 */
async function writeNewOrder(
  db: DbOrTx,
  newOrder: typeof orders.$inferInsert,
  content: ContentValues,
  log: OrderLogEntry,
  mail: OutgoingMail,
  take?: { productId: number; quantity: number },
): Promise<WrittenOrder | null> {
  const values = {
    order: jsonRows(orders, ORDER_KEYS, [newOrder]),
    rooms: jsonRows(rooms, ROOM_KEYS, content.rooms),
    guests: jsonRows(guests, GUEST_KEYS, content.guests),
    lines: jsonRows(orderLines, LINE_KEYS, content.lines),
    funds: jsonRows(orderCrowdfunds, FUND_KEYS, content.funds),
    log: jsonRows(orderLogsTable, LOG_KEYS, [orderLogValues(log)]),
    mail: jsonRows(mailOutbox, MAIL_KEYS, [outboxRow(mail)]),
  };
  let row;
  try {
    [row] = take ? await writeOrderTakingStock(db, { ...values, ...take }) : await writeOrder(db, values);
  } catch (err) {
    if (take && sqlState(err) === '22012') return null;
    throw err;
  }
  return {
    order: rowFromJson(orders, row!.order),
    rooms: rowsFromJson(rooms, row!.rooms),
    guests: rowsFromJson(guests, row!.guests),
    lines: rowsFromJson(orderLines, row!.lines),
    funds: rowsFromJson(orderCrowdfunds, row!.funds),
  };
}

/**
 * Runs the inserts as one statement (data-modifying WITH clauses; foreign keys are checked at its
 * end, so an order and the rows naming it may go in together): one round trip instead of one each.
 */
async function writeAll(tx: DbOrTx, inserts: readonly SQLWrapper[]) {
  if (inserts.length === 0) return;
  const clauses = sql.join(
    inserts.map((insert, i) => sql`${sql.raw(`w${i}`)} as ${insert}`),
    sql`, `,
  );
  await tx.execute(sql`with ${clauses} select 1`);
}

const productLabels = (catalog: PricingCatalog) => new Map(catalog.products.map((p) => [p.id, { label: p.label, type: p.type }]));

function confirmationMail(ctx: AppContext, customer: UserRow, orderId: number, order: Order, priced: PricedOrder) {
  const number = orderNumber(orderId);
  return {
    to: customer.email,
    ...orderConfirmationMail({
      firstName: customer.firstName,
      orderNumber: number,
      lines: priced.lines.map((l) => ({ label: l.label, quantity: l.quantity, total: l.total })),
      total: priced.total,
      payPartly: order.flex.pay_partly,
      downPayment: amountToPay(priced.total, 50),
      accountUrl: `${ctx.config.publicUrl}/account/bestellingen/${orderId}`,
    }),
  };
}

/**
 * POST /api/order: prices from the database; the order, its stock and its mail written all or nothing
 * (one statement, or one transaction where a crowdfund is locked or several products' stock is taken).
 * The answer is built from the rows as written, not read back. With the reads of orders that arrive
 * together sent as one (catalogRowsAndIds, the session lookups), bench/orders.ts counts about 3 statements
 * per order and its payment start (26 at first).
 */
export async function createOrder(ctx: AppContext, actor: Actor, order: Order) {
  const customer = await resolveCustomer(ctx.db, actor, order.user);
  const createdBy = customer.id !== actor.user.id ? actor.user.id : (actor.actingAdminId ?? null);
  /** The order's row, its contents, its log line and the confirmation mail. */
  const parts = (ids: ContentIds, priced: PricedOrder) =>
    [
      {
        id: ids.orderId,
        userId: customer.id,
        status: OrderStatus.LEAD,
        totalPrice: priced.total,
        flex: orderFlex(order, priced),
        createdByUserId: createdBy,
        idempotencyKey: actor.idempotencyKey ?? null,
      },
      contentValues(ids, order, priced),
      {
        orderId: ids.orderId,
        message:
          `Bestelling aangemaakt: ${formatEuro(priced.total)}` +
          (customer.id !== actor.user.id ? ` (voor ${customer.email}).` : '.') +
          (priced.discounts.length ? ` Kortingscodes: ${priced.discounts.join(', ')}.` : ''),
        actor: userActor(actor.user, actor.actingAdminId),
      },
      confirmationMail(ctx, customer, ids.orderId, order, priced),
    ] as const;
  // A customer's own order with rooms counts against what one account may hold unpaid (holds.ts).
  const capped = createdBy === null && customer.id === actor.user.id && order.rooms.length > 0;
  const checkHolds = (tx: Tx) => (capped ? assertUnpaidHolds(tx, ctx.config.unpaidHolds, customer.id, order, null) : Promise.resolve());
  // Stock last in each way below: taking it locks the trip's product row until COMMIT, and every order
  // of that trip waits for that lock. Taken first, the lock was held over all the writes and orders of
  // one trip went one at a time (bench/orders.ts). Sold out rolls back everything written.
  const after = new AfterCommit(ctx);
  const inTransaction = (rows: CatalogRows | null) =>
    ctx.db.transaction(async (tx) => {
      await checkHolds(tx);
      const catalogRows = rows ?? (await loadCatalogRows(tx, order, null, true));
      const catalog = toCatalog(catalogRows);
      const priced = price(order, catalog, actor);
      const written = (await writeNewOrder(tx, ...parts(await newContentIds(tx, order, null), priced)))!;
      const stock = stockOf(priced);
      // Places held for the customer on the waiting list are theirs already: not taken twice (docs/WAITLIST.md).
      if (held) await useWaitlistHolds(tx, customer.id, written.order.id, stock);
      await moveStock(tx, stock, productLabels(catalog));
      // Nothing to pay (a voucher covers it): completed now, as a full payment would (docs/MONEY.md).
      if (written.order.totalPrice <= 0) written.order = { ...written.order, status: await completeWithoutPayment(tx, after, written.order) };
      return { written, rows: catalogRows };
    });

  // A customer with places held on the waiting list books them in a transaction that uses the hold.
  const held = capped && (await hasWaitlistHold(ctx.db, customer.id));
  let placed: { written: WrittenOrder; rows: CatalogRows };
  if (order.crowdfunds.length > 0 || held) {
    // Donations: the crowdfund rows are locked while the order is priced against what they still need.
    placed = await inTransaction(null);
  } else {
    // Nothing to lock while pricing: one statement reads, one statement writes and takes the stock.
    const { rows, ids } = await catalogRowsAndIds(ctx.db, order);
    const catalog = toCatalog(rows);
    const priced = price(order, catalog, actor);
    const takes = [...stockOf(priced)].filter(([, quantity]) => quantity !== 0);
    if (priced.total > 0 && takes.length <= 1 && takes.every(([, quantity]) => quantity > 0)) {
      const take = takes[0] && { productId: takes[0][0], quantity: takes[0][1] };
      // Already too few places when the catalog was read: refused without a write that would fail
      // (a sold-out trip's orders would each run the whole write and roll it back).
      const read = take && rows.products.find((p) => p.id === take.productId);
      if (take && read && read.stock < take.quantity) throw soldOut(take.productId, productLabels(catalog));
      const write = async (db: DbOrTx) => {
        const written = await writeNewOrder(db, ...parts(ids, priced), take);
        if (!written) throw soldOut(take!.productId, productLabels(catalog));
        return written;
      };
      // Counted and written in one transaction after the account's lock, so orders placed together
      // cannot each find room under the bound (a failed take there throws, which rolls it back).
      const written = capped
        ? await ctx.db.transaction(async (tx) => {
            await checkHolds(tx);
            return write(tx);
          })
        : await write(ctx.db);
      placed = { written, rows };
    } else {
      // Several products' stock (moveStock takes them one by one in id order, no deadlock), or an
      // order of 0 to complete: in a transaction.
      placed = await inTransaction(rows);
    }
  }
  invalidateCatalog(ctx);
  void ctx.mail.kick();
  await after.run();
  return answerOfWritten(placed.written, customer, placed.rows);
}

/** The answer of POST /api/order from the rows just written: the same as loadOrderDtos would read back. */
function answerOfWritten(written: WrittenOrder, customer: UserRow, rows: CatalogRows) {
  const fundLabels = new Map(rows.funds.map((f) => [f.id, f.label]));
  const [dto] = orderDtosFromRows([written.order.id], {
    orders: [{ order: written.order, email: customer.email, firstName: customer.firstName, lastName: customer.lastName }],
    rooms: written.rooms,
    guests: written.guests,
    lines: written.lines,
    funds: written.funds.map((row) => ({ row, label: fundLabels.get(row.crowdfundId)! })),
    // A new order has no payments and no visa documents yet.
    paid: [],
    docs: [],
    products: rows.products,
  });
  return dto!;
}

/**
 * POST /api/order/{id}: replaces the order's rooms, products, donations and vouchers. The customer
 * may change an own LEAD or PENDING order; an admin any order that is not cancelled. Stock moves by
 * the difference between the old and the new lines, in the same transaction.
 */
export async function updateOrder(ctx: AppContext, actor: Actor, orderId: number, order: Order) {
  const admin = isAdmin(actor.user);
  const provider = providerFor(ctx);
  if (!admin) {
    // A payment finished at the provider but not reported yet is booked first (then the order is paid
    // and no longer the customer's to change); the provider being unreachable leaves it open (refused below).
    const [own] = await ctx.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (own?.userId === actor.user.id) {
      try {
        await syncOrderTransactions(ctx, provider, orderId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
  }
  const after = new AfterCommit(ctx);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    // Someone else's order looks the same as one that does not exist.
    if (!current || (!admin && current.userId !== actor.user.id)) throw notFound(ORDER_MSG.notFound);
    if (!mayEdit(current.status, admin ? 'staff' : 'customer')) throw conflict(ORDER_MSG.notEditable);
    if (!admin) {
      // A payment belongs to the order as it was when it started (docs/MONEY.md): no change while one is
      // open at the provider (until it is finished, cancelled or past the provider's expiry), and
      // none by the customer once something is paid.
      if ((await paidTotal(tx, orderId)) > 0) throw conflict(ORDER_MSG.alreadyPaid);
      if (await hasOpenPayment(tx, orderId, provider.paymentExpiryMinutes)) throw conflict(ORDER_MSG.paymentOpen);
      await assertUnpaidHolds(tx, ctx.config.unpaidHolds, current.userId, order, orderId);
    }
    const [doc] = await tx.select({ id: visaDocuments.id }).from(visaDocuments).where(eq(visaDocuments.orderId, orderId)).limit(1);
    if (doc) throw conflict(ORDER_MSG.hasDocuments);
    const owner =
      order.user === undefined || order.user === null || order.user === '' ? current.userId : (await resolveCustomer(tx, actor, order.user)).id;

    const oldLines = await linesOfOrder(tx, orderId);
    const oldGuests = await tx.select().from(guests).where(eq(guests.orderId, orderId)).orderBy(asc(guests.id));
    const oldFlex = (current.flex ?? {}) as { discounts?: unknown };
    const keep = Array.isArray(oldFlex.discounts) ? oldFlex.discounts.filter((d): d is string => typeof d === 'string') : [];
    const catalog = await loadCatalog(tx, order, orderId);
    const priced = price(order, catalog, actor, keep);

    const changes = stockOf(priced);
    for (const [productId, quantity] of stockOfLines(oldLines)) changes.set(productId, (changes.get(productId) ?? 0) - quantity);
    await moveStock(tx, changes, productLabels(catalog));

    await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
    await tx.delete(orderCrowdfunds).where(eq(orderCrowdfunds.orderId, orderId));
    await tx.delete(rooms).where(eq(rooms.orderId, orderId));
    await writeAll(tx, contentInsertList(contentInserts(tx, await newContentIds(tx, order, orderId), order, priced)));
    // A new total can turn a down payment into full payment (or back): the status follows what is
    // paid, through the state machine (a customer never moves a status; staff may).
    const paid = await paidTotal(tx, orderId);
    // A customer's change to 0 (a voucher covers it all) completes it, as the system does for a new order of 0.
    await transitionOrder(tx, after, {
      order: current,
      to: statusAfterPayments(current.status, paid, priced.total),
      actor: admin ? 'staff' : priced.total <= 0 ? 'system' : 'customer',
      facts: { paid, total: priced.total },
      log: {
        message: editSummary({ oldFlex: current.flex, oldTotal: current.totalPrice, oldGuests, oldOwner: current.userId }, { order, priced, owner }),
        by: userActor(actor.user, actor.actingAdminId),
      },
    });
    await tx
      .update(orders)
      .set({ userId: owner, totalPrice: priced.total, flex: orderFlex(order, priced), updatedAt: new Date() })
      .where(eq(orders.id, orderId));
  });
  invalidateCatalog(ctx);
  await after.run();
  const [dto] = await loadOrderDtos(ctx.db, [orderId]);
  return dto;
}

/** A payment of the order still open at the provider: started within the provider's expiry and not finished. */
async function hasOpenPayment(tx: Tx, orderId: number, expiryMinutes: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        inArray(transactions.status, [...ACTIVE_TRANSACTION_STATUSES]),
        gt(transactions.createdAt, sql`now() - make_interval(mins => ${expiryMinutes})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const guestName = (g: { firstName?: string; lastName?: string; first_name?: string; last_name?: string }) =>
  `${g.firstName ?? g.first_name ?? ''} ${g.lastName ?? g.last_name ?? ''}`.trim();
const discountsOf = (flex: unknown): string[] => {
  const d = (flex as { discounts?: unknown } | null)?.discounts;
  return Array.isArray(d) ? d.filter((x): x is string => typeof x === 'string') : [];
};

/** One log line saying what an edit changed: guests, discount codes, total, customer. */
function editSummary(
  before: { oldFlex: unknown; oldTotal: number; oldGuests: (typeof guests.$inferSelect)[]; oldOwner: number },
  after: { order: Order; priced: PricedOrder; owner: number },
): string {
  const parts: string[] = [];
  const oldNames = before.oldGuests.map(guestName);
  const newNames = after.order.rooms.flatMap((r) => r.guests.map(guestName));
  if (oldNames.join('|') !== newNames.join('|')) {
    parts.push(`reizigers ${oldNames.join(', ') || '-'} → ${newNames.join(', ') || '-'}`);
  }
  const oldCodes = discountsOf(before.oldFlex);
  const newCodes = after.priced.discounts;
  if ([...oldCodes].sort().join('|') !== [...newCodes].sort().join('|')) {
    parts.push(`kortingscodes ${oldCodes.join(', ') || 'geen'} → ${newCodes.join(', ') || 'geen'}`);
  }
  if (before.oldTotal !== after.priced.total) parts.push(`totaal ${formatEuro(before.oldTotal)} → ${formatEuro(after.priced.total)}`);
  if (before.oldOwner !== after.owner) parts.push(`klant #${before.oldOwner} → #${after.owner}`);
  return parts.length
    ? `Bestelling gewijzigd: ${parts.join('; ')}.`
    : 'Bestelling opgeslagen zonder wijzigingen in reizigers, kortingscodes of totaal.';
}

/** POST /api/order/preview: the same rules on the same rows, without writing or taking stock. */
export async function previewOrder(ctx: AppContext, actor: Actor | null, order: Order) {
  const priced = price(order, await loadCatalog(ctx.db, order, null, false), actor);
  // Whether a 50 % down payment can still be chosen: not after the trips' payment deadline, so the
  // checkout never offers what the payment step would then refuse.
  const tripIds = [...new Set(priced.lines.map((l) => l.productId).filter((id): id is number => id !== null && id !== undefined))];
  const [row] = tripIds.length
    ? await ctx.db
        .select({ deadline: sql<string | null>`to_char(min(${products.paymentDeadline}), 'YYYY-MM-DD')` })
        .from(products)
        .where(and(inArray(products.id, tripIds), sql`${products.type} between 2 and 10`))
    : [{ deadline: null }];
  const downPayment = downPaymentProblem({ deadline: row?.deadline ?? null, today: dutchToday() });
  return { ...priced, downPaymentProblem: downPayment };
}

/** GET /api/order/{id}: the owner's or, for staff (admin, bookkeeper: reading only), any order. */
export async function getOrder(ctx: AppContext, actor: Actor, orderId: number) {
  const [row] = await ctx.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  const staff = isAdmin(actor.user) || actor.user.role === Role.BOOKKEEPER;
  if (!row || (!staff && row.userId !== actor.user.id)) throw notFound(ORDER_MSG.notFound);
  const [dto] = await loadOrderDtos(ctx.db, [orderId]);
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

export interface AdminOrderQuery {
  q?: string;
  products?: number[];
  status?: number;
  page: number;
  pageSize: number;
}

/** The search of the admin orders page: order number ('FCU2123' or '123'), email or name. */
function searchCondition(db: DbOrTx, q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const like = containsPattern(term);
  // The customers first (the users' trigram indexes answer this), then their orders by user id: an OR
  // of the order number with the customer's text across the join made the planner scan every order.
  const customers = inArray(
    orders.userId,
    db
      .select({ id: users.id })
      .from(users)
      .where(
        or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ),
      ),
  );
  const number = parseOrderNumber(term);
  if (number === null) return customers;
  // The number's order and the customers' orders as one set of ids: as an OR, the planner walked
  // every order testing both instead of looking up each.
  return sql`${orders.id} in (select ${number}::int union all ${db.select({ id: orders.id }).from(orders).where(customers)})`;
}

/** Orders that sell one of the products, or have a room of one of those trips. */
function productCondition(db: DbOrTx, ids: number[] | undefined): SQL | undefined {
  if (!ids?.length) return undefined;
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orders.id), inArray(orderLines.productId, ids))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(rooms)
        .where(and(eq(rooms.orderId, orders.id), inArray(rooms.productId, ids))),
    ),
  );
}

/** The ids of one page of orders (newest first) and how many match. */
async function idsPage(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  // No join with users: every order has one (user_id is NOT NULL and a foreign key), so it filtered nothing.
  const ids = db.select({ id: orders.id }).from(orders).where(where).orderBy(desc(orders.id)).limit(limit).offset(offset);
  const total = db.select({ total: count() }).from(orders).where(where);
  const [rows, [{ total: n }]] = await allQueries(db, [ids, total] as const);
  return { ids: rows.map((r) => r.id), total: n };
}

/** Staff views carry each order's log (never the customer's own order list: the log names staff). */
async function withLogs<T extends { id: number }>(db: DbOrTx, dtos: T[]) {
  const logs = await logsOfOrders(
    db,
    dtos.map((d) => d.id),
  );
  return dtos.map((d) => ({ ...d, logs: logs.get(d.id) ?? [] }));
}

const ordersWithLogs = async (db: DbOrTx, ids: number[]) => withLogs(db, await loadOrderDtos(db, ids));

/** Leads shown next to the list on the admin orders page (the first ones; ?status=1 pages through all). */
export const LEADS_SHOWN = 50;

/**
 * GET /api/admin/orders: a page of orders (every status but LEAD unless ?status= is given) and the
 * leads matching the same search. The matching ids are found first (a text search through the
 * trigram indexes, see withTrigramSearch), then the orders of the page are read.
 */
export async function adminOrders(ctx: AppContext, query: AdminOrderQuery) {
  const term = query.q?.trim() ?? '';
  const offset = (query.page - 1) * query.pageSize;
  // The page, and the leads unless one status is asked for. Inside the search's transaction (one
  // connection) one after the other, else together on the pool.
  const find = async (db: DbOrTx, together: boolean) => {
    const base = and(searchCondition(db, term), productCondition(db, query.products));
    const jobs =
      query.status !== undefined
        ? [() => idsPage(db, and(base, eq(orders.status, query.status!)), query.pageSize, offset)]
        : [
            () => idsPage(db, and(base, ne(orders.status, OrderStatus.LEAD)), query.pageSize, offset),
            () => idsPage(db, and(base, eq(orders.status, OrderStatus.LEAD)), LEADS_SHOWN, 0),
          ];
    if (together) return Promise.all(jobs.map((job) => job()));
    const results = [];
    for (const job of jobs) results.push(await job());
    return results;
  };
  const [page, leads] = term ? await withTrigramSearch(ctx.db, term, (tx) => find(tx, tx === ctx.db)) : await find(ctx.db, true);
  // The page's orders and the leads read together (one set of queries), in that order.
  const both = await ordersWithLogs(ctx.db, [...page!.ids, ...(leads?.ids ?? [])]);
  const onPage = new Set(page!.ids);
  return {
    orders: both.filter((o) => onPage.has(o.id)),
    total: page!.total,
    leads: both.filter((o) => !onPage.has(o.id)),
    leads_total: leads?.total ?? 0,
  };
}

/** The rows of an order's priced lines, each tied to its guest row (guestIds[room][guest]) where it has one. */
function orderLineValues(orderId: number, lines: readonly PricedLine[], guestIds: readonly (readonly number[])[]) {
  return lines.map((l) => ({
    orderId,
    productId: l.productId,
    guestId: l.room !== undefined && l.guest !== undefined ? guestIds[l.room][l.guest] : null,
    label: l.label,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    flex: {
      kind: l.kind,
      ...(l.room !== undefined ? { room: l.room } : {}),
      ...(l.voucherId !== undefined ? { voucher_id: l.voucherId, voucher_label: l.voucherLabel } : {}),
      ...(l.crowdfundId !== undefined ? { crowdfund_id: l.crowdfundId } : {}),
    },
  }));
}

/** The priced lines of an order, each tied to its guest row (guestIds[room][guest]) where it has one. */
export async function insertOrderLines(tx: Tx, orderId: number, lines: readonly PricedLine[], guestIds: readonly (readonly number[])[]) {
  if (!lines.length) return;
  await tx.insert(orderLines).values(orderLineValues(orderId, lines, guestIds));
}
