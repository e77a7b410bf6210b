import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG, OrderStatus } from '@umrah/domain';
import { orderLines, orders, payments, simulatorPayments, transactions, users } from '../src/db/schema.ts';
import { EXAMPLE, exampleTrip, placeExampleOrder, stockOf } from './documents-helpers.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';

// The order lifecycle (docs/RULES.md, 'Beyond the rules'). One provider payment however often 'Betalen' is pressed; a
// pending payment whose webhook was lost is still found by the catch-up sync. Over real HTTP: the
// simulator's exchange call reaches this app on its port.

let app: FastifyInstance;
let base: string;
let admin: string;
let customer: string;
let customerId: number;

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = await createTestApp({ publicUrl: base });
  await app.listen({ port, host: '127.0.0.1' });
  admin = await adminToken(app);
  customer = await customerToken(app);
  const [row] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
  customerId = row!.id;
});
afterAll(async () => {
  await app?.close();
});

async function newOrder(total: number, opts: { status?: number; payPartly?: boolean } = {}) {
  const [order] = await app.ctx.db
    .insert(orders)
    .values({
      userId: customerId,
      status: opts.status ?? OrderStatus.LEAD,
      totalPrice: total,
      flex: { pay_partly: opts.payPartly ?? false, discounts: [] },
    })
    .returning();
  return order!;
}

const orderRow = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** What the provider (the simulator) has: one row per payment started there. */
const providerPayments = (reference: string) =>
  app.ctx.db.select().from(simulatorPayments).where(eq(simulatorPayments.reference, reference)).orderBy(asc(simulatorPayments.createdAt));
const transactionRows = (orderId: number) =>
  app.ctx.db.select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(asc(transactions.id));
const prepare = (orderId: number, percent: 50 | 100 = 100) =>
  app.inject({ method: 'POST', url: '/api/payment/prepare', headers: auth(customer), payload: { id: orderId, percent_to_pay: percent } });

describe("pressing 'Betalen' again reuses the provider payment", () => {
  it('four prepare calls on one order start exactly one provider payment', async () => {
    const order = await newOrder(120_000);
    const urls = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await prepare(order.id);
      expect(res.statusCode, res.body).toBe(200);
      urls.add(res.json().transaction.paymentURL);
    }
    expect(urls.size).toBe(1);
    expect(await providerPayments(`FCU2${order.id}`)).toHaveLength(1);
    const rows = await transactionRows(order.id);
    expect(rows).toHaveLength(1);
    // The provider said 'not decided yet': stored in the shared vocabulary, and still active.
    expect(rows[0]!.status).toBe('pending');
  });

  it('four presses on a quote start exactly one provider payment', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/invoice',
      headers: auth(admin),
      payload: {
        type: 0,
        expire_date: '2099-12-31',
        user_id: customerId,
        items: [{ label: 'Maatwerk', amount_in_cents: 50_000, amount: 1, btw_type: 21 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const q = created.json().invoice as { id: number; token: string };
    const urls = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/invoicePayment', payload: { token: q.token } });
      expect(res.statusCode, res.body).toBe(200);
      urls.add(res.json().transaction.paymentURL);
    }
    expect(urls.size).toBe(1);
    expect(await app.ctx.db.select().from(transactions).where(eq(transactions.invoiceId, q.id))).toHaveLength(1);
  });

  it('a pending payment whose exchange call was lost is booked by the sync', async () => {
    const order = await newOrder(80_000);
    const first = await prepare(order.id);
    expect(first.statusCode, first.body).toBe(200);
    // The status check (the return page asks it) learns 'pending' from the provider.
    const check = await app.inject({ method: 'POST', url: `/api/payment/check/${order.id}`, headers: auth(customer) });
    expect(check.json().status).toBe(OrderStatus.LEAD);
    expect((await transactionRows(order.id))[0]!.status).toBe('pending');

    // The payer pays at the provider, but its exchange call never reaches us.
    const [sim] = await providerPayments(`FCU2${order.id}`);
    await app.ctx.db
      .update(simulatorPayments)
      .set({ status: 'paid', updatedAt: sql`now()` })
      .where(eq(simulatorPayments.id, sim!.id));

    const again = await app.inject({ method: 'POST', url: `/api/payment/check/${order.id}`, headers: auth(customer) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: OrderStatus.COMPLETED, total_payments: 80_000 });
    expect(await app.ctx.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.COMPLETED);
    expect((await transactionRows(order.id))[0]!.status).toBe('paid');
  });
});

describe('the order log', () => {
  const logsOf = async (orderId: number, token = admin) => {
    const res = await app.inject({ method: 'GET', url: `/api/order/${orderId}/logs`, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().logs as { type: number; message: string; user_executed_mail: string | null; created_at: string }[];
  };
  const lastLog = async (orderId: number) => (await logsOf(orderId)).at(-1)!;
  const payload = (first: string, discounts: string[]) => ({
    rooms: [
      {
        product_id: tripId,
        room_type: 2,
        room_gender: 0,
        guests: [
          { first_name: first, last_name: 'Yilmaz', age_category: 0, european_passport: false },
          { first_name: 'Yusuf', last_name: 'Yilmaz', age_category: 1, european_passport: true, bed_included: false },
        ],
      },
    ],
    flex: JSON.stringify({ pay_partly: true, discounts }),
  });
  let tripId: number;
  beforeAll(async () => {
    tripId = (await exampleTrip(app)).id;
  });

  it('every change writes one row with the actor, in order: created, payment added, edited, payment removed, paid online, cancelled', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    let log = await lastLog(orderId);
    expect(log).toMatchObject({ type: 0, user_executed_mail: DEMO_ACCOUNTS.customer.email });
    expect(log.message).toBe('Bestelling aangemaakt: € 3.390,-. Kortingscodes: kid-without-bed, WELKOM50.');

    const added = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(admin),
      payload: { order_id: orderId, payment_type: 2, amount: EXAMPLE.half },
    });
    expect(added.statusCode, added.body).toBe(201);
    const paymentId = added.json().payment.id;
    log = await lastLog(orderId);
    expect(log.user_executed_mail).toBe(DEMO_ACCOUNTS.admin.email);
    expect(log.message).toBe(`Betaling #${paymentId} toegevoegd: € 1.695,- (Bankoverschrijving). Status: Niet betaald → Aanbetaald.`);

    // Staff change a guest's name and drop the discount code: one row naming both and the new total;
    // € 1.695,- is less than half of the new total, so no longer a down payment (docs/MONEY.md).
    const edited = await app.inject({ method: 'POST', url: `/api/order/${orderId}`, headers: auth(admin), payload: payload('Ahmet', []) });
    expect(edited.statusCode, edited.body).toBe(200);
    log = await lastLog(orderId);
    expect(log.message).toBe(
      'Bestelling gewijzigd: reizigers Ahmed Yilmaz, Yusuf Yilmaz → Ahmet Yilmaz, Yusuf Yilmaz; kortingscodes kid-without-bed, WELKOM50 → kid-without-bed; totaal € 3.390,- → € 3.440,-. Status: Aanbetaald → In behandeling.',
    );
    expect(log.user_executed_mail).toBe(DEMO_ACCOUNTS.admin.email);

    const removed = await app.inject({ method: 'DELETE', url: `/api/payment/${paymentId}`, headers: auth(admin) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await lastLog(orderId)).message).toBe(`Betaling #${paymentId} verwijderd: € 1.695,- (Bankoverschrijving).`);
    // 'In behandeling' stays: without payments the state machine cannot tell it from staff's own choice.
    expect((await orderRow(orderId)).status).toBe(OrderStatus.PENDING);

    // Paid in full at the provider: the exchange writes the row, as the provider.
    const start = await prepare(orderId, 100);
    expect(start.statusCode, start.body).toBe(200);
    const res = await fetch(start.json().transaction.paymentURL, {
      method: 'POST',
      body: new URLSearchParams({ choice: 'paid' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    log = await lastLog(orderId);
    expect(log.user_executed_mail).toBe('betaalprovider (simulator)');
    expect(log.message).toMatch(/^Betaling ontvangen via de betaalprovider: € 3\.440,- \(transactie #\d+\)\. Status: In behandeling → Voltooid\.$/);

    const cancelled = await app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}`, headers: auth(admin), payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    log = await lastLog(orderId);
    expect(log.message).toBe(
      'Bestelling geannuleerd; plaatsen terug in de voorraad. Status: Voltooid → Geannuleerd. Betaald: € 3.440,-; creditfactuur mee met de annuleringsmail.',
    );

    const all = await logsOf(orderId);
    expect(all).toHaveLength(6);
    // Oldest first; the bookkeeper reads the same.
    expect(all.map((l) => l.created_at)).toEqual([...all.map((l) => l.created_at)].sort());
    const bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
    expect(await logsOf(orderId, bookkeeper)).toEqual(all);

    // The admin orders list carries the log; the customer's own list never does (it names staff).
    const list = await app.inject({ method: 'GET', url: `/api/admin/orders?q=${orderId}`, headers: auth(admin) });
    const inList = list.json().orders.find((o: { id: number }) => o.id === orderId);
    expect(inList.logs).toEqual(all);
    const own = await app.inject({ method: 'GET', url: '/api/orders', headers: auth(customer) });
    expect(own.json().orders.find((o: { id: number }) => o.id === orderId)).not.toHaveProperty('logs');
  });

  it('the log is for staff only; an unknown order is a 404', async () => {
    const orderId = (await newOrder(10_000)).id;
    expect((await app.inject({ method: 'GET', url: `/api/order/${orderId}/logs`, headers: auth(customer) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/order/${orderId}/logs` })).statusCode).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/api/order/2147483000/logs', headers: auth(admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ORDER_MSG.notFound);
  });

  it('a change the state machine refuses is a 409 in Dutch and writes nothing: no status, no stock, no log', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    const ids = [...new Set((await app.ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).map((l) => l.productId!))];
    // Refunded is a staff decision with no endpoint yet; the row is set as such a decision would.
    await app.ctx.db.update(orders).set({ status: OrderStatus.REFUNDED }).where(eq(orders.id, orderId));
    const stock = await stockOf(app, ids);
    const logsBefore = await logsOf(orderId);

    const res = await app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}`, headers: auth(admin), payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Deze statuswijziging is niet toegestaan: Terugbetaald → Geannuleerd.');
    expect((await orderRow(orderId)).status).toBe(OrderStatus.REFUNDED);
    expect(await stockOf(app, ids)).toEqual(stock);
    expect(await logsOf(orderId)).toEqual(logsBefore);

    // Nor may staff change a refunded order's contents.
    const edit = await app.inject({ method: 'POST', url: `/api/order/${orderId}`, headers: auth(admin), payload: payload('Ahmed', ['WELKOM50']) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ORDER_MSG.notEditable);
  });
});
