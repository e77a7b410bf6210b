import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PAYMENT_MSG, PaymentType, paymentFormSchema } from '@umrah/domain';
import { mailOutbox, orders, payments, products, simulatorPayments, transactions, users } from '../src/db/schema.ts';
import { PROVIDER_PAYMENT_LOCKED } from '../src/modules/payments/service.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken, validAccount } from './helpers.ts';

// The payment flow over real HTTP: the simulator's exchange call reaches this app on its port.

let app: FastifyInstance;
let base: string;
let admin: string;
let customer: string;
let other: string;
let bookkeeper: string;
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
  bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
  const account = validAccount();
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: auth(admin),
    payload: { ...account, password: 'Ander-wachtwoord-1' },
  });
  expect(created.statusCode).toBe(201);
  other = await loginToken(app, account.email, 'Ander-wachtwoord-1');
  const [row] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
  customerId = row!.id;
});
afterAll(async () => {
  await app?.close();
});

/** An order of the demo customer as the orders module stores it (total in cents). */
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
const paymentRows = (orderId: number) => app.ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

/** Starts a payment as the customer, chooses on the simulator page, and follows nothing further. */
async function pay(orderId: number, choice: 'paid' | 'cancelled' | 'failed', body: Record<string, unknown> = { trans: 'none', amount: 0 }) {
  const start = await app.inject({ method: 'POST', url: `/api/payment/${orderId}`, headers: auth(customer), payload: body });
  expect(start.statusCode, start.body).toBe(200);
  const { paymentURL, id, amount } = start.json().transaction;
  const res = await fetch(paymentURL, {
    method: 'POST',
    body: new URLSearchParams({ choice }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return { paymentURL, id, amount, location: new URL(res.headers.get('location')!) };
}

describe('paying with the simulator', () => {
  it('books a full payment: the exchange moves the order to COMPLETED with a type 4 row, and mails the customer', async () => {
    const order = await newOrder(250_000);
    const { amount, location } = await pay(order.id, 'paid');
    expect(amount).toBe(250_000);
    expect(`${location.origin}${location.pathname}`).toBe(`${base}/confirm/${order.id}`);
    expect(location.searchParams.get('orderStatusId')).toBe('100');
    // The simulator called the exchange before redirecting: the order is already paid.
    expect((await orderRow(order.id)).status).toBe(OrderStatus.COMPLETED);
    const rows = await paymentRows(order.id);
    expect(rows.map((r) => [r.paymentType, r.amount])).toEqual([[PaymentType.PROVIDER_PAID, 250_000]]);
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO_ACCOUNTS.customer.email));
    const mail = mails.find((m) => m.subject.includes(`FCU2${order.id}`));
    expect(mail?.subject).toBe(`Betaling ontvangen – bestelling FCU2${order.id} is volledig betaald`);
    expect(mail?.text).toContain('€ 2.500,-');
  });

  it('takes 50 % when the order asked for a down payment, then the rest: DOWN_PAYMENT (type 5) → COMPLETED (type 4)', async () => {
    const order = await newOrder(300_001, { payPartly: true });
    const first = await pay(order.id, 'paid');
    expect(first.amount).toBe(150_001);
    let row = await orderRow(order.id);
    expect(row.status).toBe(OrderStatus.DOWN_PAYMENT);
    const check = await app.inject({ method: 'POST', url: `/api/payment/check/${order.id}`, headers: auth(customer) });
    expect(check.json()).toEqual({ order_id: order.id, status: OrderStatus.DOWN_PAYMENT, total_price: 300_001, total_payments: 150_001 });
    const down = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Aanbetaling ontvangen – bestelling FCU2${order.id}`));
    expect(down).toHaveLength(1);
    expect(down[0]!.text).toContain('Nog te betalen: € 1.500,-');

    // 'Mijn bestellingen' asks for 50 % again: with a payment on record it is always the rest.
    const prep = await app.inject({
      method: 'POST',
      url: '/api/payment/prepare',
      headers: auth(customer),
      payload: { id: order.id, percent_to_pay: 50, flex: '{}' },
    });
    expect(prep.statusCode).toBe(200);
    expect(prep.json().transaction.amount).toBe(150_000);
    const res = await fetch(prep.json().transaction.paymentURL, {
      method: 'POST',
      body: new URLSearchParams({ choice: 'paid' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    row = await orderRow(order.id);
    expect(row.status).toBe(OrderStatus.COMPLETED);
    expect((await paymentRows(order.id)).map((r) => [r.paymentType, r.amount])).toEqual([
      [PaymentType.PARTIALLY_PROVIDER_PAID, 150_001],
      [PaymentType.PROVIDER_PAID, 150_000],
    ]);
    // Fully paid: nothing more to pay.
    const again = await app.inject({
      method: 'POST',
      url: '/api/payment/prepare',
      headers: auth(customer),
      payload: { id: order.id, percent_to_pay: 100 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MSG.notPayable);
  });

  it('leaves the order unpaid when the payer cancels or the payment fails at the provider', async () => {
    const order = await newOrder(100_000);
    const cancelled = await pay(order.id, 'cancelled');
    expect(cancelled.location.searchParams.get('orderStatusId')).toBe('-90');
    const failed = await pay(order.id, 'failed');
    expect(failed.location.searchParams.get('orderStatusId')).toBe('-63');
    expect((await orderRow(order.id)).status).toBe(OrderStatus.LEAD);
    expect(await paymentRows(order.id)).toHaveLength(0);
    const tx = await app.ctx.db.select().from(transactions).where(eq(transactions.orderId, order.id)).orderBy(transactions.id);
    expect(tx.map((t) => t.status)).toEqual(['cancelled', 'failed']);
    // flex is stored as a JSON object (who started it, the hosted page), not as a JSON string.
    for (const t of tx) {
      expect(t.flex).toMatchObject({ trans: 'none', client_flex: null, paymentUrl: expect.stringContaining('/api/payments/simulator/SIM-') });
      expect(t.invoiceId).toBeNull();
      expect(t.providerRef).toMatch(/^SIM-/);
    }
  });

  it('computes the amount itself, whatever the client sends', async () => {
    // Placed as a down payment: only such an order may be paid 50 % (a 50 % payment of a full-payment order would pay half).
    const order = await newOrder(120_000, { payPartly: true });
    const a = await app.inject({
      method: 'POST',
      url: `/api/payment/${order.id}`,
      headers: auth(customer),
      payload: { trans: 'none', order_id: order.id, payment_type: 4, amount: 1, total_price: 1 },
    });
    // The order's own choice: 50 %.
    expect(a.json().transaction.amount).toBe(60_000);
    const b = await app.inject({
      method: 'POST',
      url: '/api/payment/prepare',
      headers: auth(customer),
      payload: { id: order.id, percent_to_pay: 50, amount: 5, flex: { amount: 5 } },
    });
    expect(b.json().transaction.amount).toBe(60_000);
    // Only 50 or 100 exist.
    const c = await app.inject({
      method: 'POST',
      url: '/api/payment/prepare',
      headers: auth(customer),
      payload: { id: order.id, percent_to_pay: 1 },
    });
    expect(c.statusCode).toBe(400);
    expect(c.json().message).toBe(PAYMENT_MSG.percent);
    // And the provider is asked for exactly that.
    const sim = await fetch(b.json().transaction.paymentURL);
    expect(await sim.text()).toContain('€ 600,-');
  });

  it('writes the transaction complete with the simulator payment, no placeholder: the exchange URL names its id', async () => {
    const order = await newOrder(90_000);
    const start = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, headers: auth(customer), payload: { trans: 'none' } });
    expect(start.statusCode, start.body).toBe(200);
    const { id, paymentURL } = start.json().transaction;
    const rows = await app.ctx.db.select().from(transactions).where(eq(transactions.orderId, order.id));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.id).toBe(id);
    expect(row!.providerRef).toMatch(/^SIM-/);
    expect(paymentURL).toBe(`${base}/api/payments/simulator/${row!.providerRef}`);
    expect(row).toMatchObject({ provider: 'simulator', status: 'open', amount: 90_000, percent: 100 });
    expect(row!.flex).toMatchObject({ trans: 'none', paymentUrl: paymentURL });
    const [sim] = await app.ctx.db.select().from(simulatorPayments).where(eq(simulatorPayments.id, row!.providerRef));
    expect(sim).toMatchObject({ amount: 90_000, status: 'open', reference: `FCU2${order.id}`, exchangeUrl: `${base}/api/payment/exchange/${id}` });
    // A second order's payment gets its own, later id.
    const next = await newOrder(10_000);
    const again = await app.inject({ method: 'POST', url: `/api/payment/${next.id}`, headers: auth(customer), payload: { trans: 'none' } });
    expect(again.json().transaction.id).toBeGreaterThan(id);
  });

  it('payment starts that arrive together are each answered for their own order, the same order twice included', async () => {
    const [a, b, c] = [await newOrder(10_000), await newOrder(20_000), await newOrder(30_000)];
    const which = [a, b, c, a, b, c, a];
    const starts = await Promise.all(
      which.map((o) => app.inject({ method: 'POST', url: `/api/payment/${o.id}`, headers: auth(customer), payload: { trans: 'none' } })),
    );
    starts.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().transaction.amount).toBe(which[i]!.totalPrice);
    });
    // Every answer names a transaction of its own order.
    for (const [i, res] of starts.entries()) {
      const [row] = await app.ctx.db.select().from(transactions).where(eq(transactions.id, res.json().transaction.id));
      expect(row?.orderId).toBe(which[i]!.id);
    }
  });

  it('offers the same open payment again instead of a second one', async () => {
    const order = await newOrder(80_000);
    const one = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, headers: auth(customer), payload: { trans: 'none' } });
    const two = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, headers: auth(customer), payload: { trans: 'none' } });
    expect(two.json().transaction).toEqual(one.json().transaction);
  });
});

describe('the API description', () => {
  it('documents every payment call in OpenAPI', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/payment/{orderId}',
      '/api/payment/prepare',
      '/api/payment/exchange/{id}',
      '/api/payment/check/{orderId}',
      '/api/payments',
      '/api/payment',
      '/api/payment/{id}',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(paths.some((p) => p.includes('simulator'))).toBe(false);
  });
});

describe('the exchange (webhook)', () => {
  it('replayed 100 times, concurrently and out of order, books one payment and the right status', async () => {
    const order = await newOrder(200_000, { payPartly: true });
    const start = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, headers: auth(customer), payload: { trans: 'none' } });
    const { id, paymentURL } = start.json().transaction;
    // Early calls, before anything was paid: nothing happens.
    for (let i = 0; i < 5; i++) {
      const early = await app.inject({ method: 'POST', url: `/api/payment/exchange/${id}`, payload: { object: { status: { code: 100 } } } });
      expect(early.statusCode).toBe(200);
      expect(early.body).toBe('TRUE|pending');
    }
    expect(await paymentRows(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.LEAD);

    await fetch(paymentURL, { method: 'POST', body: new URLSearchParams({ choice: 'paid' }), redirect: 'manual' });
    // 100 replays: half at once, half one by one, in every body format providers use.
    const bodies = [
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${id}&action=new_ppt&order_id=x` },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ object: { id: 'forged', amount: { value: 999_999 } } }) },
      { headers: { 'content-type': 'text/plain' }, payload: 'anything' },
    ];
    const call = (i: number) => app.inject({ method: 'POST', url: `/api/payment/exchange/${id}`, ...bodies[i % bodies.length] });
    const concurrent = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i)));
    for (let i = 50; i < 100; i++) expect((await call(i)).statusCode).toBe(200);
    expect(concurrent.every((r) => r.statusCode === 200 && r.body === 'TRUE|paid')).toBe(true);
    const get = await app.inject({ method: 'GET', url: `/api/payment/exchange/${id}` });
    expect(get.body).toBe('TRUE|paid');

    const rows = await paymentRows(order.id);
    expect(rows.map((r) => [r.paymentType, r.amount])).toEqual([[PaymentType.PARTIALLY_PROVIDER_PAID, 100_000]]);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.DOWN_PAYMENT);
    const [mails] = await app.ctx.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Aanbetaling ontvangen – bestelling FCU2${order.id}`));
    expect(mails?.n).toBe(1);
  });

  it('answers an unknown transaction without booking anything', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/exchange/999999', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('TRUE|unknown');
    expect((await app.inject({ method: 'POST', url: '/api/payment/exchange/abc', payload: {} })).statusCode).toBe(400);
  });

  it('books money that arrives after a cancel, without reopening the order', async () => {
    const order = await newOrder(50_000);
    const start = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, headers: auth(customer), payload: { trans: 'none' } });
    await app.ctx.db.update(orders).set({ status: OrderStatus.CANCELLED }).where(eq(orders.id, order.id));
    await fetch(start.json().transaction.paymentURL, { method: 'POST', body: new URLSearchParams({ choice: 'paid' }), redirect: 'manual' });
    expect((await orderRow(order.id)).status).toBe(OrderStatus.CANCELLED);
    expect(await paymentRows(order.id)).toHaveLength(1);
  });
});

describe('whose order it is', () => {
  it("refuses to pay, check or start a staff payment for someone else's order", async () => {
    const order = await newOrder(70_000);
    const payOther = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, headers: auth(other), payload: { trans: 'none' } });
    expect(payOther.statusCode).toBe(404);
    const prepOther = await app.inject({
      method: 'POST',
      url: '/api/payment/prepare',
      headers: auth(other),
      payload: { id: order.id, percent_to_pay: 100 },
    });
    expect(prepOther.statusCode).toBe(404);
    const checkOther = await app.inject({ method: 'POST', url: `/api/payment/check/${order.id}`, headers: auth(other) });
    expect(checkOther.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, payload: { trans: 'none' } });
    expect(anonymous.statusCode).toBe(401);
    const pin = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, headers: auth(customer), payload: { trans: 'pin' } });
    expect(pin.statusCode).toBe(403);
    expect(await app.ctx.db.select().from(transactions).where(eq(transactions.orderId, order.id))).toHaveLength(0);
  });

  it('keeps the manual payment calls for staff', async () => {
    const order = await newOrder(70_000);
    for (const token of [customer, other]) {
      expect((await app.inject({ method: 'GET', url: '/api/payments', headers: auth(token) })).statusCode).toBe(403);
      const post = await app.inject({
        method: 'POST',
        url: '/api/payment',
        headers: auth(token),
        payload: { order_id: order.id, payment_type: 0, amount: 70_000 },
      });
      expect(post.statusCode).toBe(403);
    }
    const [p] = await app.ctx.db.insert(payments).values({ orderId: order.id, paymentType: 2, amount: 100 }).returning();
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/payment/${p!.id}`,
          headers: auth(customer),
          payload: { order_id: order.id, payment_type: 2, amount: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/payment/${p!.id}`, headers: auth(customer) })).statusCode).toBe(403);
    expect((await paymentRows(order.id))[0]!.amount).toBe(100);
  });

  it('lets staff take a payment for any order and sends them back to the admin result page', async () => {
    const order = await newOrder(90_000);
    const res = await app.inject({
      method: 'POST',
      url: `/api/payment/${order.id}`,
      headers: auth(admin),
      payload: { trans: 'other', order_id: order.id, payment_type: 4, amount: 40_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().transaction.amount).toBe(40_000);
    const r = await fetch(res.json().transaction.paymentURL, { method: 'POST', body: new URLSearchParams({ choice: 'paid' }), redirect: 'manual' });
    const location = new URL(r.headers.get('location')!);
    expect(location.pathname).toBe(`/admin/process_payment/${order.id}`);
    expect(location.searchParams.get('orderStatusId')).toBe('100');
    // €400 of €900 is less than the down payment (50 %, docs/MONEY.md): in treatment, not down-paid.
    expect((await orderRow(order.id)).status).toBe(OrderStatus.PENDING);
    const tooMuch = await app.inject({
      method: 'POST',
      url: `/api/payment/${order.id}`,
      headers: auth(admin),
      payload: { trans: 'pin', amount: 60_000 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(PAYMENT_MSG.tooMuch);
  });
});

describe('manual payments', () => {
  it('follows the payment form rules with the Dutch messages', async () => {
    const order = await newOrder(10_000);
    const cases: [Record<string, unknown>, string][] = [
      [{ order_id: order.id, amount: 100 }, 'Betalingsmethode is verplicht!'],
      [{ order_id: order.id, payment_type: 9, amount: 100 }, 'Betalingsmethode is verplicht!'],
      [{ order_id: order.id, payment_type: 0 }, 'Bedrag is verplicht!'],
      [{ order_id: order.id, payment_type: 0, amount: 0 }, 'Bedrag moet boven 0 zijn'],
      [{ order_id: order.id, payment_type: 0, amount: -5 }, 'Bedrag moet boven 0 zijn'],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/payment', headers: auth(admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const online = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(admin),
      payload: { order_id: order.id, payment_type: 4, amount: 100 },
    });
    expect(online.statusCode).toBe(400);
    expect(online.json().message).toBe(PAYMENT_MSG.onlineIsProvider);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(admin),
      payload: { order_id: 99_999_999, payment_type: 0, amount: 100 },
    });
    expect(missing.statusCode).toBe(404);
    expect(await paymentRows(order.id)).toHaveLength(0);

    // The form itself: the online method hides the amount and does not require it.
    expect(paymentFormSchema.safeParse({ order_id: 1, payment_type: 4 }).success).toBe(true);
    expect(paymentFormSchema.safeParse({ order_id: 1, payment_type: 2 }).error?.issues[0]?.message).toBe('Bedrag is verplicht!');
    expect(paymentFormSchema.safeParse({ order_id: 1, amount: 5 }).error?.issues[0]?.message).toBe('Betalingsmethode is verplicht!');
    // An empty form shows every message at once.
    expect(paymentFormSchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual([
      PAYMENT_MSG.order,
      'Betalingsmethode is verplicht!',
      'Bedrag is verplicht!',
    ]);
    expect(paymentFormSchema.safeParse({ order_id: 1, payment_type: 0, amount: 0 }).error?.issues[0]?.message).toBe('Bedrag moet boven 0 zijn');
  });

  it('moves the order like the webhook: add, edit and delete recompute the status', async () => {
    const order = await newOrder(100_000);
    // The bookkeeper only reads payments (docs/RULES.md, 'Roles'): an admin books them.
    const byBookkeeper = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(bookkeeper),
      payload: { order_id: order.id, payment_type: 3, amount: 40_000 },
    });
    expect(byBookkeeper.statusCode).toBe(403);
    const add = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(admin),
      payload: { order_id: order.id, payment_type: 3, amount: 40_000 },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().message).toBe('Betaling is succesvol aangemaakt.');
    // €400 of €1,000 is less than the down payment (50 %, docs/MONEY.md): in treatment, not down-paid.
    expect(add.json().order).toMatchObject({ status: OrderStatus.PENDING, total_payments: 40_000 });
    const id = add.json().payment.id;

    const edit = await app.inject({
      method: 'PUT',
      url: `/api/payment/${id}`,
      headers: auth(admin),
      payload: { order_id: order.id, payment_type: 2, amount: 100_000 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().message).toBe('Betaling is succesvol gewijzigd.');
    expect((await orderRow(order.id)).status).toBe(OrderStatus.COMPLETED);
    const move = await app.inject({
      method: 'PUT',
      url: `/api/payment/${id}`,
      headers: auth(admin),
      payload: { order_id: order.id + 1, payment_type: 2, amount: 1 },
    });
    expect(move.statusCode).toBe(400);

    const del = await app.inject({ method: 'DELETE', url: `/api/payment/${id}`, headers: auth(admin) });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Betaling is verwijderd.');
    expect((await orderRow(order.id)).status).toBe(OrderStatus.LEAD);
    expect((await app.inject({ method: 'DELETE', url: `/api/payment/${id}`, headers: auth(admin) })).statusCode).toBe(404);

    const list = await app.inject({ method: 'GET', url: `/api/payments?order_id=${order.id}`, headers: auth(bookkeeper) });
    expect(list.json().total).toBe(0);
  });

  it('deletes only cash and bank-transfer payments', async () => {
    const order = await newOrder(100_000);
    const ids: Record<number, number> = {};
    for (const type of [0, 1, 2, 3, 4, 5, 6]) {
      const [p] = await app.ctx.db.insert(payments).values({ orderId: order.id, paymentType: type, amount: 1000 }).returning();
      ids[type] = p!.id;
    }
    // Provider payments (4, 5) are the provider's record: 409; pin (6) is not deletable.
    for (const type of [4, 5]) {
      const res = await app.inject({ method: 'DELETE', url: `/api/payment/${ids[type]}`, headers: auth(admin) });
      expect(res.statusCode, `type ${type}`).toBe(409);
      expect(res.json().message).toBe(PROVIDER_PAYMENT_LOCKED);
    }
    const pin = await app.inject({ method: 'DELETE', url: `/api/payment/${ids[6]}`, headers: auth(admin) });
    expect(pin.statusCode).toBe(400);
    expect(pin.json().message).toBe(PAYMENT_MSG.notDeletable);
    for (const type of [0, 1, 2, 3]) {
      expect((await app.inject({ method: 'DELETE', url: `/api/payment/${ids[type]}`, headers: auth(admin) })).statusCode).toBe(200);
    }
    expect((await paymentRows(order.id)).map((p) => p.paymentType)).toEqual([4, 5, 6]);
  });

  it('lists payments with search by order_id and pages', async () => {
    const order = await newOrder(30_000);
    for (const amount of [1000, 2000, 3000]) {
      await app.inject({ method: 'POST', url: '/api/payment', headers: auth(admin), payload: { order_id: order.id, payment_type: 0, amount } });
    }
    const res = await app.inject({ method: 'GET', url: `/api/payments?order_id=${order.id}&pageSize=2`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.payments).toHaveLength(2);
    expect(body.payments[0]).toMatchObject({
      order_id: order.id,
      amount: 3000,
      payment_type: 0,
      type_text: 'Contant',
      email: DEMO_ACCOUNTS.customer.email,
    });
    const page2 = await app.inject({ method: 'GET', url: `/api/payments?order_id=${order.id}&pageSize=2&page=2`, headers: auth(admin) });
    expect(page2.json().payments.map((p: { amount: number }) => p.amount)).toEqual([1000]);
    const all = await app.inject({ method: 'GET', url: '/api/payments', headers: auth(admin) });
    expect(all.json().total).toBeGreaterThan(3);
    const rows = await app.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.paymentType, 0)));
    expect(rows).toHaveLength(3);
    // €60 of €300: less than the down payment (docs/MONEY.md).
    expect((await orderRow(order.id)).status).toBe(OrderStatus.PENDING);
  });
});

describe('checkout through the orders module', () => {
  it('creates the order (confirmation mail), then trans none with amount 0 pays 50 % and later the rest', async () => {
    const [trip] = await app.ctx.db
      .select()
      .from(products)
      // A down payment needs a trip whose payment deadline has not passed (a 50 % payment of a full-payment order would pay half).
      .where(
        and(
          eq(products.type, 2),
          eq(products.isActive, true),
          gt(products.stock, 5),
          gt(products.start, sql`current_date + 7`),
          gt(products.paymentDeadline, sql`current_date + 1`),
        ),
      )
      .orderBy(asc(products.start))
      .limit(1);
    expect(trip).toBeDefined();
    const created = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: auth(customer),
      payload: {
        rooms: [
          {
            product_id: trip!.id,
            room_type: 2,
            room_gender: 0,
            exclusive: false,
            guests: [{ first_name: 'Ahmed', last_name: 'Yilmaz', age_category: 0, european_passport: true, bed_included: true }],
          },
        ],
        products: [],
        crowdfunds: [],
        flex: JSON.stringify({ pay_partly: true, discounts: [] }),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().order;
    expect(order.status).toBe(OrderStatus.LEAD);
    const confirmation = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Bevestiging van je bestelling FCU2${order.id}`));
    expect(confirmation).toHaveLength(1);

    const start = await app.inject({
      method: 'POST',
      url: `/api/payment/${order.id}`,
      headers: auth(customer),
      payload: { trans: 'none', order_id: order.id, payment_type: 5, amount: 0 },
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().transaction.amount).toBe(Math.round(order.total_price / 2));
    await fetch(start.json().transaction.paymentURL, { method: 'POST', body: new URLSearchParams({ choice: 'paid' }), redirect: 'manual' });

    const mine = (await app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: auth(customer) })).json().order;
    expect(mine).toMatchObject({ status: OrderStatus.DOWN_PAYMENT, status_label: 'Aanbetaald', total_payments: Math.round(order.total_price / 2) });
    // Someone else cannot read it either.
    expect((await app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: auth(other) })).statusCode).toBe(404);

    const rest = await app.inject({
      method: 'POST',
      url: '/api/payment/prepare',
      headers: auth(customer),
      payload: { id: order.id, percent_to_pay: 100, flex: null },
    });
    expect(rest.json().transaction.amount).toBe(order.total_price - Math.round(order.total_price / 2));
    await fetch(rest.json().transaction.paymentURL, { method: 'POST', body: new URLSearchParams({ choice: 'paid' }), redirect: 'manual' });
    const done = (await app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: auth(customer) })).json().order;
    expect(done).toMatchObject({ status: OrderStatus.COMPLETED, status_label: 'Voltooid', amount_open: 0 });
  });
});
