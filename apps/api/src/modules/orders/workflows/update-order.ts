import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { ACTIVE_TRANSACTION_STATUSES, ORDER_MSG, formatEuro, mayEdit, statusAfterPayments, type Order, type PricedOrder } from '@umrah/domain';
import type { OrderStoredFlex } from '@umrah/domain/stored-flex';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/index.ts';
import { guests, orderCrowdfunds, orderLines, orders, rooms, transactions, visaDocuments } from '../../../db/schema.ts';
import { providerFor } from '../../../infra/payments/index.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { paidTotal, syncOrderTransactions } from '../../payments/service.ts';
import { invalidateCatalog } from '../../../infra/http/catalog-cache.ts';
import { loadOrderDtos } from '../../../lib/order-dto.ts';
import { assertUnpaidHolds } from '../holds.ts';
import { AfterCommit } from '../after-commit.ts';
import { userActor } from '../../../lib/order-log.ts';
import { transitionOrder } from '../transition.ts';
import { linesOfOrder, moveStock, stockOfLines } from '../stock.ts';
import { loadCatalog } from './catalog-lookup.ts';
import { isAdmin, resolveCustomer, type Actor } from './order-actor.ts';
import { contentInsertList, contentInserts, newContentIds, writeAll } from './order-rows.ts';
import { orderFlex, price, productLabels, stockOf } from './price-order.ts';

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
    const oldFlex = current.flex ?? {};
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
  if (!dto) throw notFound(ORDER_MSG.notFound);
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
const discountsOf = (flex: OrderStoredFlex | null): string[] => {
  const d = flex?.discounts;
  return Array.isArray(d) ? d.filter((x): x is string => typeof x === 'string') : [];
};

/** One log line saying what an edit changed: guests, discount codes, total, customer. */
function editSummary(
  before: { oldFlex: OrderStoredFlex | null; oldTotal: number; oldGuests: (typeof guests.$inferSelect)[]; oldOwner: number },
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
