import { OrderStatus, amountToPay, formatEuro, type Order, type PricedOrder, type PricingCatalog } from '@umrah/domain';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/index.ts';
import { orderConfirmationMail } from '../../../infra/mail/templates.ts';
import type { UserRow } from '../../../lib/auth.ts';
import { completeWithoutPayment } from '../../payments/service.ts';
import { invalidateCatalog } from '../../../infra/http/catalog-cache.ts';
import { hasWaitlistHold } from '../../waitlist/service.ts';
import { AfterCommit } from '../after-commit.ts';
import { orderDtosFromRows, orderNumber } from '../../../lib/order-dto.ts';
import { holdsRefused, lockCustomer } from '../holds.ts';
import { userActor } from '../../../lib/order-log.ts';
import { soldOut } from '../stock.ts';
import { catalogRowsAndIds, loadCatalogRows, toCatalog, type CatalogRows } from './catalog-lookup.ts';
import { resolveCustomer, type Actor } from './order-actor.ts';
import { contentValues, newContentIds, type ContentIds } from './order-rows.ts';
import { writeNewOrder, type WriteRefusal, type WriteRules, type WrittenOrder } from './order-writer.ts';
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
  /** What the completion of an order of 0 does once the transaction has committed (transitionOrder). */
  after: AfterCommit;
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

/** What the write checks: the stock it takes, and for a customer's own order the bounds and the waiting list. */
const writeRules = (p: Placing, priced: PricedOrder): WriteRules => ({
  stock: stockOf(priced),
  customerId: p.customer.id,
  own: p.capped ? { limits: p.ctx.config.unpaidHolds, order: p.order } : null,
});

/** The written order, or the 409 of the rule that refused it (nothing was written then). */
function settled(result: WrittenOrder | WriteRefusal, p: Placing, catalog: PricingCatalog): WrittenOrder {
  if ('stale' in result) throw new Error('an order counted after the customer row lock cannot be stale');
  if ('breach' in result) throw holdsRefused(result.breach, p.ctx.config.unpaidHolds);
  if ('short' in result) throw soldOut(result.short, productLabels(catalog));
  return result;
}

/**
 * The order's write in the caller's transaction, which took the customer's row lock first for a
 * customer's own order (the write counts what the account holds unpaid, so orders placed together are
 * counted one after the other); an order of 0 is completed in the same transaction, as a full
 * payment would (docs/MONEY.md).
 */
async function writeInTransaction(p: Placing, tx: Tx, parts: ReturnType<typeof orderParts>, priced: PricedOrder, catalog: PricingCatalog) {
  const written = settled(await writeNewOrder(tx, parts, writeRules(p, priced)), p, catalog);
  if (written.order.totalPrice <= 0) written.order = { ...written.order, status: await completeWithoutPayment(tx, p.after, written.order) };
  return written;
}

/** Donations: the crowdfund rows are locked while the order is priced against what they still need. */
function placeWithDonations(p: Placing): Promise<Placed> {
  return p.ctx.db.transaction(async (tx) => {
    // The customer's row before the crowdfunds': every order takes its locks in that order.
    if (p.capped) await lockCustomer(tx, p.customer.id);
    const rows = await loadCatalogRows(tx, p.order, null, true);
    const catalog = toCatalog(rows);
    const priced = price(p.order, catalog, p.actor);
    const parts = orderParts(p, await newContentIds(tx, p.order, null), priced);
    return { written: await writeInTransaction(p, tx, parts, priced, catalog), rows };
  });
}

/**
 * Too few places already when the catalog was read: refused before any write (a sold-out trip's
 * orders would each run the write for nothing), unless the customer holds places on the waiting list.
 */
async function refuseSoldOut(p: Placing, rows: CatalogRows, priced: PricedOrder, catalog: PricingCatalog) {
  const stockRead = new Map(rows.products.map((row) => [row.id, row.stock]));
  const short = [...stockOf(priced)]
    .sort(([a], [b]) => a - b)
    .find(([productId, quantity]) => quantity > 0 && (stockRead.get(productId) ?? quantity) < quantity);
  if (!short) return;
  if (p.capped && (await hasWaitlistHold(p.ctx.db, p.customer.id))) return;
  throw soldOut(short[0], productLabels(catalog));
}

/** Without donations: nothing to lock while pricing, so the catalog of the orders that arrive together is read in one statement. */
async function placeOrder(p: Placing): Promise<Placed> {
  const { rows, ids } = await catalogRowsAndIds(p.ctx.db, p.order);
  const catalog = toCatalog(rows);
  const priced = price(p.order, catalog, p.actor);
  await refuseSoldOut(p, rows, priced, catalog);
  const parts = orderParts(p, ids, priced);
  if (priced.total > 0) {
    // One statement, no transaction: it locks the customer's row itself and counts as if after the
    // lock, unless another order of the account was committed meanwhile (stale).
    const result = await writeNewOrder(p.ctx.db, parts, writeRules(p, priced));
    if (!('stale' in result)) return { written: settled(result, p, catalog), rows };
  }
  // An order of 0, completed in the same transaction; or a stale count, made again after the lock.
  const written = await p.ctx.db.transaction(async (tx) => {
    if (p.capped) await lockCustomer(tx, p.customer.id);
    return writeInTransaction(p, tx, parts, priced, catalog);
  });
  return { written, rows };
}

/**
 * POST /api/order: prices from the database; the order, its stock, its waiting-list holds, its bound
 * on unpaid places and its mail checked and written all or nothing by one statement (order-writer.ts),
 * in a transaction only where a lock must be held before it (a crowdfund) or an order of 0 is
 * completed. The answer is built from the rows as written, not read back. With the catalog reads of
 * orders that arrive together sent as one, bench/orders.ts counts about 4 statements per order and its
 * payment start.
 */
export async function createOrder(ctx: AppContext, actor: Actor, order: Order) {
  const customer = await resolveCustomer(ctx.db, actor, order.user);
  const createdBy = customer.id !== actor.user.id ? actor.user.id : (actor.actingAdminId ?? null);
  const capped = createdBy === null && customer.id === actor.user.id && order.rooms.length > 0;
  const placing: Placing = { ctx, actor, order, customer, createdBy, capped, after: new AfterCommit(ctx) };
  const placed = order.crowdfunds.length > 0 ? await placeWithDonations(placing) : await placeOrder(placing);
  invalidateCatalog(ctx);
  void ctx.mail.kick();
  await placing.after.run();
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
