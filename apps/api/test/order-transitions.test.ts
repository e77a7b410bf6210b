import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ORDER_ACTORS,
  ORDER_DOCUMENTS,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  ORDER_TRANSITION_REFUSED,
  OrderStatus,
  ProductType,
  canTransition,
  creditDocumentFor,
  formatEuro,
  formatOrderNumber,
  orderStatusLabels,
  type GuardFacts,
  type OrderActor,
} from '@umrah/domain';
import type { Tx } from '../src/db/index.ts';
import { issuedInvoices, mailOutbox, orderLines, orderLogs, orders, payments, products, users, waitlistEntries } from '../src/db/schema.ts';
import { AppError } from '../src/lib/errors.ts';
import { AfterCommit, type AfterCommitCtx } from '../src/modules/orders/after-commit.ts';
import { statusPhrase } from '../src/lib/order-log.ts';
import { transitionOrder } from '../src/modules/orders/transition.ts';
import { DEMO_ACCOUNTS, createTestApp } from './helpers.ts';

// Every edge of the order state machine (packages/domain/src/order-state.ts), allowed and refused,
// through transitionOrder against the database (PGlite here, PostgreSQL with DATABASE_URL): each
// (from, to, actor) is tried on a fresh order that took 2 places of its own product, with a waiting
// customer on that product's waiting list. An allowed change writes the status, one log line and
// what the status brings: CANCELLED gives the places back (1 of them to the waiting customer, with
// a mail), mails the customer (the cancellation by staff, the lead's expiry by the system), and after
// the commit drops the catalog and wakes the mail worker; COMPLETED issues the invoice. Nothing else
// moves stock or queues a mail. A refused change (no edge for the actor, or its guard not met) is a
// 409 with the Dutch message and leaves no trace.

const TOTAL = 100_000;
const TAKEN = 2;
const STOCK = 10;
const EXPIRY_HOURS = 48;

/** Money and age situations an order can be in; each edge is tried in one that allows it and one that does not. */
const SITUATIONS = [
  { paid: 0, ageHours: EXPIRY_HOURS + 1 },
  { paid: 10_000, ageHours: 1 },
  { paid: 50_000, ageHours: 1 },
  { paid: TOTAL, ageHours: 1 },
  { paid: 0, ageHours: 1 },
] as const;
type Situation = (typeof SITUATIONS)[number];
const factsOf = (s: Situation): GuardFacts => ({
  total: TOTAL,
  paid: s.paid,
  ageHours: s.ageHours,
  leadExpiryHours: EXPIRY_HOURS,
  madeByStaff: false,
});

const name = (s: number) => orderStatusLabels[s as OrderStatus] ?? String(s);

let app: FastifyInstance;
let customer: typeof users.$inferSelect;
let waiter: typeof users.$inferSelect;
const kick = vi.fn(async () => {});
const publish = vi.fn();
let ctx: AfterCommitCtx;

beforeAll(async () => {
  app = await createTestApp({ leadExpiryHours: EXPIRY_HOURS, publicUrl: 'http://shop.test' });
  const byEmail = async (email: string) => {
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`demo account ${email} missing`);
    return row;
  };
  customer = await byEmail(DEMO_ACCOUNTS.customer.email);
  waiter = await byEmail(DEMO_ACCOUNTS.admin.email);
  // The real database and configuration; the mail worker and the cross-process events are spies, so
  // the test sees what happens after the commit and when.
  ctx = {
    db: app.ctx.db,
    config: app.ctx.config,
    mail: { kick } as unknown as AfterCommitCtx['mail'],
    events: { publish } as unknown as AfterCommitCtx['events'],
  };
});
afterAll(async () => {
  await app?.close();
});

/** A fresh order in status `from` with `paid` paid, that took TAKEN places of its own product; one customer waits for a place. */
async function orderIn(from: number, s: Situation) {
  const db = app.ctx.db;
  const [product] = await db
    .insert(products)
    .values({ type: ProductType.PLAIN, label: `Overgangstest ${from}`, price: TOTAL / TAKEN, stock: STOCK })
    .returning();
  if (!product) throw new Error('product not inserted');
  const [order] = await db
    .insert(orders)
    .values({
      userId: customer.id,
      status: from,
      totalPrice: TOTAL,
      flex: { discounts: [] },
      createdAt: new Date(Date.now() - s.ageHours * 3600_000),
    })
    .returning();
  if (!order) throw new Error('order not inserted');
  await db
    .insert(orderLines)
    .values({ orderId: order.id, productId: product.id, label: product.label, quantity: TAKEN, unitPrice: TOTAL / TAKEN, flex: { kind: 'product' } });
  if (s.paid > 0) await db.insert(payments).values({ orderId: order.id, paymentType: 3, amount: s.paid, flex: { manual: true } });
  const [entry] = await db.insert(waitlistEntries).values({ userId: waiter.id, productId: product.id, persons: 1, position: 1 }).returning();
  if (!entry) throw new Error('waitlist entry not inserted');
  const [mark] = await db.select({ id: max(mailOutbox.id) }).from(mailOutbox);
  return { orderId: order.id, productId: product.id, entryId: entry.id, mailMark: mark?.id ?? 0 };
}

async function attempt(orderId: number, to: number, actor: OrderActor, facts: GuardFacts, after: AfterCommit) {
  return app.ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Error('order gone');
    return transitionOrder(tx, after, { order, to, actor, facts, log: { message: 'Overgang getest.', by: 'test' }, byUserId: waiter.id });
  });
}

async function stateOf(o: Awaited<ReturnType<typeof orderIn>>) {
  const db = app.ctx.db;
  const [row] = await db.select().from(orders).where(eq(orders.id, o.orderId));
  const [product] = await db.select().from(products).where(eq(products.id, o.productId));
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, o.entryId));
  const logs = await db.select().from(orderLogs).where(eq(orderLogs.orderId, o.orderId)).orderBy(asc(orderLogs.id));
  const mails = await db.select().from(mailOutbox).where(gt(mailOutbox.id, o.mailMark)).orderBy(asc(mailOutbox.id));
  const invoices = await db
    .select()
    .from(issuedInvoices)
    .where(and(eq(issuedInvoices.orderId, o.orderId), eq(issuedInvoices.kind, 'invoice')));
  if (!row || !product || !entry) throw new Error('rows gone');
  return { row, stock: product.stock, entry: entry.status, logs, mails, invoices: invoices.length };
}

async function expectAllowed(from: number, to: number, actor: OrderActor, s: Situation) {
  const o = await orderIn(from, s);
  kick.mockClear();
  publish.mockClear();
  const after = new AfterCommit(ctx);
  const result = await attempt(o.orderId, to, actor, factsOf(s), after);
  expect(result).toMatchObject({ from, to, changed: true });
  const now = await stateOf(o);
  expect(now.row.status).toBe(to);

  const cancelled = to === OrderStatus.CANCELLED;
  const credit = cancelled && actor === 'staff' ? creditDocumentFor({ total: TOTAL, paid: s.paid }) : null;
  const suffix = credit ? ` Betaald: ${formatEuro(s.paid)}; ${ORDER_DOCUMENTS[credit].title.toLowerCase()} mee met de annuleringsmail.` : '';
  expect(now.logs.map((l) => [l.message, l.userExecutedMail])).toEqual([[`Overgang getest.${statusPhrase(from, to)}${suffix}`, 'test']]);
  expect(result.creditDocument).toBe(credit);
  expect(now.invoices).toBe(to === OrderStatus.COMPLETED ? 1 : 0);

  const number = formatOrderNumber(o.orderId);
  if (cancelled) {
    // Both places back, one of them held for the waiting customer (who is mailed).
    expect(now.stock).toBe(STOCK + TAKEN - 1);
    expect(now.entry).toBe('held');
    const customerMail = actor === 'system' ? `Je bestelling ${number} is vervallen` : `Annulering van je bestelling ${number}`;
    expect(now.mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [customer.email, customerMail],
        [waiter.email, 'Er is plaats voor je vrijgekomen'],
      ].sort(),
    );
    expect(now.row.flex).toMatchObject({
      status_before_cancel: from,
      ...(actor === 'system' ? { cancel_reason: 'lead_expired' } : { cancelled_by_user_id: waiter.id }),
    });
  } else {
    expect(now.stock).toBe(STOCK);
    expect(now.entry).toBe('waiting');
    expect(now.mails).toEqual([]);
  }

  // Nothing reaches past the database before the commit's work runs; then exactly what the status brought.
  expect(kick).not.toHaveBeenCalled();
  expect(publish).not.toHaveBeenCalled();
  const held = now.mails.find((m) => m.to === customer.email);
  if (credit) expect(held?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  await after.run({ warn: () => {} });
  expect(kick).toHaveBeenCalledTimes(cancelled ? 1 : 0);
  expect(publish.mock.calls).toEqual(cancelled ? [['catalog']] : []);
  if (credit && held) {
    // The credit note's mail is released after the commit (with the PDF, or saying where to find it).
    const [released] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, held.id));
    expect(released?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  }
}

async function expectRefused(from: number, to: number, actor: OrderActor, s: Situation) {
  const o = await orderIn(from, s);
  kick.mockClear();
  publish.mockClear();
  const after = new AfterCommit(ctx);
  const error = await attempt(o.orderId, to, actor, factsOf(s), after).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ statusCode: 409, message: ORDER_TRANSITION_REFUSED(from, to) });
  const now = await stateOf(o);
  expect(now.row.status).toBe(from);
  expect(now.row.flex).toEqual({ discounts: [] });
  expect(now.logs).toEqual([]);
  expect(now.mails).toEqual([]);
  expect(now.invoices).toBe(0);
  expect(now.stock).toBe(STOCK);
  expect(now.entry).toBe('waiting');
  await after.run();
  expect(kick).not.toHaveBeenCalled();
  expect(publish).not.toHaveBeenCalled();
}

const walked = new Set<string>();
const edgeKey = (from: number, to: number, actor: OrderActor) => `${name(from)} → ${name(to)} by ${actor}`;

describe('every order status change through transitionOrder, against the database', () => {
  for (const from of ORDER_STATES) {
    for (const to of ORDER_STATES) {
      if (from === to) continue;
      it(`${name(from)} → ${name(to)}`, async () => {
        for (const actor of ORDER_ACTORS) {
          const allowedIn = SITUATIONS.find((s) => canTransition(from, to, actor, factsOf(s)));
          const refusedIn = SITUATIONS.find((s) => !canTransition(from, to, actor, factsOf(s)));
          if (allowedIn) {
            await expectAllowed(from, to, actor, allowedIn);
            walked.add(edgeKey(from, to, actor));
          }
          if (refusedIn) await expectRefused(from, to, actor, refusedIn);
        }
      });
    }
  }

  it('walked every edge of the state machine, for each actor it names', () => {
    const edges = new Set(ORDER_TRANSITIONS.flatMap((t) => t.actors.map((a) => edgeKey(t.from, t.to, a))));
    expect(edges.size).toBeGreaterThan(40);
    expect([...walked].sort()).toEqual([...edges].sort());
  });
});

describe('transitionOrder, the edges of its contract', () => {
  it('the same status writes no status and brings nothing, but logs the caller’s change', async () => {
    const s = SITUATIONS[2];
    const o = await orderIn(OrderStatus.DOWN_PAYMENT, s);
    const after = new AfterCommit(ctx);
    kick.mockClear();
    publish.mockClear();
    const result = await attempt(o.orderId, OrderStatus.DOWN_PAYMENT, 'customer', factsOf(s), after);
    expect(result).toMatchObject({ changed: false, creditDocument: null });
    await after.run();
    const now = await stateOf(o);
    expect(now.row.status).toBe(OrderStatus.DOWN_PAYMENT);
    expect(now.logs.map((l) => l.message)).toEqual(['Overgang getest.']);
    expect([now.stock, now.entry, now.mails]).toEqual([STOCK, 'waiting', []]);
    expect(kick).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();
  });

  it('an order whose status changed since it was read is refused (409) and left as it is', async () => {
    const s = SITUATIONS[4];
    const o = await orderIn(OrderStatus.LEAD, s);
    const after = new AfterCommit(ctx);
    const error = await app.ctx.db
      .transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, o.orderId));
        if (!order) throw new Error('order gone');
        // Someone else cancelled it meanwhile (without the row lock this caller forgot).
        await tx.execute(sql`update orders set status = ${OrderStatus.MANUAL_VERIFICATION_REQUIRED} where id = ${o.orderId}`);
        return transitionOrder(tx, after, { order, to: OrderStatus.CANCELLED, actor: 'staff', log: { message: 'x', by: 'test' } });
      })
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ statusCode: 409, message: ORDER_TRANSITION_REFUSED(OrderStatus.LEAD, OrderStatus.CANCELLED) });
    const now = await stateOf(o);
    expect([now.row.status, now.stock, now.logs, now.mails]).toEqual([OrderStatus.LEAD, STOCK, [], []]);
  });

  it('a savepoint that fails drops what it left for after the commit, and only that', async () => {
    const s = SITUATIONS[4];
    const cancel = async (tx: Tx, after: AfterCommit, orderId: number) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw new Error('order gone');
      await transitionOrder(tx, after, { order, to: OrderStatus.CANCELLED, actor: 'staff', log: { message: 'x', by: 'test' }, byUserId: waiter.id });
    };
    const failing = (after: AfterCommit, orderId: number) => async (sp: Tx) => {
      await cancel(sp, after, orderId);
      throw new Error('this order fails after its cancel');
    };

    // Alone: the cancel was undone, so nothing happens after the commit.
    const dropped = await orderIn(OrderStatus.LEAD, s);
    let after = new AfterCommit(ctx);
    kick.mockClear();
    publish.mockClear();
    await app.ctx.db.transaction(async (tx) => {
      await expect(after.savepoint(tx, failing(after, dropped.orderId))).rejects.toThrow('this order fails');
    });
    await after.run();
    expect((await stateOf(dropped)).row.status).toBe(OrderStatus.LEAD);
    expect(kick).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();

    // After one that succeeded: that one's work stays.
    const kept = await orderIn(OrderStatus.LEAD, s);
    after = new AfterCommit(ctx);
    await app.ctx.db.transaction(async (tx) => {
      await after.savepoint(tx, (sp) => cancel(sp, after, kept.orderId));
      await expect(after.savepoint(tx, failing(after, dropped.orderId))).rejects.toThrow('this order fails');
    });
    await after.run();
    expect((await stateOf(dropped)).row.status).toBe(OrderStatus.LEAD);
    expect((await stateOf(kept)).row.status).toBe(OrderStatus.CANCELLED);
    expect(kick).toHaveBeenCalledTimes(1);
    expect(publish.mock.calls).toEqual([['catalog']]);
  });
});
