import { OrderStatus, amountToPay, formatEuro, type Order, type PricedOrder } from '@umrah/domain';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx, Tx } from '../../../db/index.ts';
import { orderConfirmationMail } from '../../../infra/mail/templates.ts';
import type { UserRow } from '../../../lib/auth.ts';
import { completeWithoutPayment } from '../../payments/service.ts';
import { invalidateCatalog } from '../../products/service.ts';
import { hasWaitlistHold, useWaitlistHolds } from '../../waitlist/service.ts';
import { orderDtosFromRows, orderNumber } from '../dto.ts';
import { assertUnpaidHolds } from '../holds.ts';
import { userActor } from '../log.ts';
import { moveStock, soldOut } from '../stock.ts';
import { catalogRowsAndIds, loadCatalogRows, toCatalog, type CatalogRows } from './catalog-lookup.ts';
import { resolveCustomer, type Actor } from './order-actor.ts';
import { contentValues, newContentIds, type ContentIds } from './order-rows.ts';
import { writeNewOrder, type WrittenOrder } from './order-writer.ts';
import { orderFlex, price, productLabels, stockOf } from './price-order.ts';

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

/** Who places the order for whom, and what the placing is bound by. */
interface Placing {
  ctx: AppContext;
  actor: Actor;
  order: Order;
  customer: UserRow;
  /** The admin who placed it for the customer (or acted as them), else null. */
  createdBy: number | null;
  /** A customer's own order with rooms: counts against what one account may hold unpaid (holds.ts). */
  capped: boolean;
}

/** The order's row, its contents, its log line and the confirmation mail: writeNewOrder's arguments. */
function orderParts(p: Placing, ids: ContentIds, priced: PricedOrder) {
  const { actor, customer, order } = p;
  return [
    {
      id: ids.orderId,
      userId: customer.id,
      status: OrderStatus.LEAD,
      totalPrice: priced.total,
      flex: orderFlex(order, priced),
      createdByUserId: p.createdBy,
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
    confirmationMail(p.ctx, customer, ids.orderId, order, priced),
  ] as const;
}

type Placed = { written: WrittenOrder; rows: CatalogRows };

const checkHolds = (p: Placing, tx: Tx) =>
  p.capped ? assertUnpaidHolds(tx, p.ctx.config.unpaidHolds, p.customer.id, p.order, null) : Promise.resolve();

/**
 * The order in one transaction: donations (their crowdfund rows locked while pricing), places held on
 * the waiting list, several products' stock, or an order of 0 to complete. Stock last: taking it locks
 * the trip's product row until COMMIT, and every order of that trip waits for that lock. Sold out
 * rolls back everything written.
 */
function placeInTransaction(p: Placing, rows: CatalogRows | null, held: boolean): Promise<Placed> {
  return p.ctx.db.transaction(async (tx) => {
    await checkHolds(p, tx);
    const catalogRows = rows ?? (await loadCatalogRows(tx, p.order, null, true));
    const catalog = toCatalog(catalogRows);
    const priced = price(p.order, catalog, p.actor);
    const written = await writeNewOrder(tx, ...orderParts(p, await newContentIds(tx, p.order, null), priced));
    if (!written) throw new Error('an order written without taking stock cannot be refused');
    const stock = stockOf(priced);
    // Places held for the customer on the waiting list are theirs already: not taken twice (docs/WAITLIST.md).
    if (held) await useWaitlistHolds(tx, p.customer.id, written.order.id, stock);
    await moveStock(tx, stock, productLabels(catalog));
    // Nothing to pay (a voucher covers it): completed now, as a full payment would (docs/MONEY.md).
    if (written.order.totalPrice <= 0) written.order = { ...written.order, status: await completeWithoutPayment(p.ctx, tx, written.order) };
    return { written, rows: catalogRows };
  });
}

/** Nothing to lock while pricing: one statement reads, one statement writes and takes the stock. */
async function placeInOneStatement(p: Placing): Promise<Placed> {
  const { rows, ids } = await catalogRowsAndIds(p.ctx.db, p.order);
  const catalog = toCatalog(rows);
  const priced = price(p.order, catalog, p.actor);
  const takes = [...stockOf(priced)].filter(([, quantity]) => quantity !== 0);
  const first = takes[0];
  if (priced.total <= 0 || takes.length > 1 || takes.some(([, quantity]) => quantity < 0)) return placeInTransaction(p, rows, false);
  const take = first && { productId: first[0], quantity: first[1] };
  // Already too few places when the catalog was read: refused without a write that would fail
  // (a sold-out trip's orders would each run the whole write and roll it back).
  const read = take && rows.products.find((row) => row.id === take.productId);
  if (take && read && read.stock < take.quantity) throw soldOut(take.productId, productLabels(catalog));
  const write = async (db: DbOrTx) => {
    const written = await writeNewOrder(db, ...orderParts(p, ids, priced), take);
    if (!written) throw soldOut(take ? take.productId : 0, productLabels(catalog));
    return written;
  };
  // Counted and written in one transaction after the account's lock, so orders placed together
  // cannot each find room under the bound (a failed take there throws, which rolls it back).
  const written = p.capped
    ? await p.ctx.db.transaction(async (tx) => {
        await checkHolds(p, tx);
        return write(tx);
      })
    : await write(p.ctx.db);
  return { written, rows };
}

/**
 * POST /api/order: prices from the database; the order, its stock and its mail written all or nothing
 * (one statement, or one transaction where a crowdfund is locked or several products' stock is taken).
 * The answer is built from the rows as written, not read back.
 */
export async function createOrder(ctx: AppContext, actor: Actor, order: Order) {
  const customer = await resolveCustomer(ctx.db, actor, order.user);
  const createdBy = customer.id !== actor.user.id ? actor.user.id : (actor.actingAdminId ?? null);
  const capped = createdBy === null && customer.id === actor.user.id && order.rooms.length > 0;
  const placing: Placing = { ctx, actor, order, customer, createdBy, capped };
  // A customer with places held on the waiting list books them in a transaction that uses the hold.
  const held = capped && (await hasWaitlistHold(ctx.db, customer.id));
  const placed = order.crowdfunds.length > 0 || held ? await placeInTransaction(placing, null, held) : await placeInOneStatement(placing);
  invalidateCatalog(ctx);
  void ctx.mail.kick();
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
    funds: written.funds.map((row) => ({ row, label: fundLabels.get(row.crowdfundId) ?? '' })),
    // A new order has no payments and no visa documents yet.
    paid: [],
    docs: [],
    products: rows.products,
  });
  if (!dto) throw new Error('the answer of a new order was not built');
  return dto;
}
