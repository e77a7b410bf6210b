import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@umrah/domain';
import { orders, payments, simulatorPayments, transactions, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken } from './helpers.ts';

// Issue 12: the order lifecycle. One provider payment however often 'Betalen' is pressed; a
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
    .values({ userId: customerId, status: opts.status ?? OrderStatus.LEAD, totalPrice: total, flex: { pay_partly: opts.payPartly ?? false, discounts: [] } })
    .returning();
  return order!;
}

const orderRow = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** What the provider (the simulator) has: one row per payment started there. */
const providerPayments = (reference: string) =>
  app.ctx.db.select().from(simulatorPayments).where(eq(simulatorPayments.reference, reference)).orderBy(asc(simulatorPayments.createdAt));
const transactionRows = (orderId: number) => app.ctx.db.select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(asc(transactions.id));
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
      payload: { type: 0, expire_date: '2099-12-31', user_id: customerId, items: [{ label: 'Maatwerk', amount_in_cents: 50_000, amount: 1, btw_type: 21 }] },
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
    await app.ctx.db.update(simulatorPayments).set({ status: 'paid', updatedAt: sql`now()` }).where(eq(simulatorPayments.id, sim!.id));

    const again = await app.inject({ method: 'POST', url: `/api/payment/check/${order.id}`, headers: auth(customer) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: OrderStatus.COMPLETED, total_payments: 80_000 });
    expect(await app.ctx.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.COMPLETED);
    expect((await transactionRows(order.id))[0]!.status).toBe('paid');
  });
});
