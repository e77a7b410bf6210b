import dayjs from 'dayjs';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG, OrderStatus } from '@umrah/domain';
import { loadConfig } from '../src/config.ts';
import { mailOutbox, orderLogs, orders, payments, products, transactions } from '../src/db/schema.ts';
import { runScheduledJobs } from '../src/modules/reminders/scheduler.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken, validAccount } from './helpers.ts';
import { exampleTrip } from './documents-helpers.ts';

// docs/MONEY.md: money and places stay exact under what a customer and the
// provider can do. The simulator is the provider; its own call of the exchange goes to an address
// that refuses (PUBLIC_URL 127.0.0.1:1), so every notification is either delivered by the test
// (notify) or lost on purpose.

let app: FastifyInstance;
let admin: string;
let customer: string;
let trip: typeof products.$inferSelect;

/** The bounds' defaults (config.ts), as a shop without UNPAID_* variables runs them. */
const DEFAULT_HOLDS = loadConfig({ NODE_ENV: 'test' }).unpaidHolds;

beforeAll(async () => {
  app = await createTestApp({ publicUrl: 'http://127.0.0.1:1', rateLimitFactor: 100, unpaidHolds: DEFAULT_HOLDS });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
  trip = await exampleTrip(app);
  // A down payment is still possible: the payment deadline is the departure day (finding 6 moves it).
  await app.ctx.db.update(products).set({ paymentDeadline: trip.start }).where(eq(products.id, trip.id));
});
afterAll(async () => {
  await app?.close();
});

type Guest = { first_name: string; last_name: string; age_category: number };
const adults = (n: number): Guest[] => Array.from({ length: n }, (_, i) => ({ first_name: `Gast${i + 1}`, last_name: 'Yilmaz', age_category: 0 }));
const room = (guests: Guest[], roomType: 2 | 3 | 4 = 2) => ({ product_id: trip.id, room_type: roomType, room_gender: 0, guests });
const payload = (rooms: ReturnType<typeof room>[], flex: Record<string, unknown> = {}) => ({ rooms, flex: JSON.stringify(flex) });

async function placeOrder(token: string, body: ReturnType<typeof payload>) {
  return app.inject({ method: 'POST', url: '/api/order', headers: auth(token), payload: body });
}
async function newOrder(token: string, body: ReturnType<typeof payload>) {
  const res = await placeOrder(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number; total_price: number; status: number };
}
const editOrder = (token: string, id: number, body: ReturnType<typeof payload>) =>
  app.inject({ method: 'POST', url: `/api/order/${id}`, headers: auth(token), payload: body });

/** 'Betalen' in 'Mijn bestellingen': the payment's transaction id, amount and the simulator page's path. */
async function startPayment(token: string, orderId: number, percent: 50 | 100) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/prepare',
    headers: auth(token),
    payload: { id: orderId, percent_to_pay: percent },
  });
  expect(res.statusCode, res.body).toBe(200);
  const t = res.json().transaction as { id: number; amount: number; paymentURL: string };
  return { id: t.id, amount: t.amount, path: new URL(t.paymentURL).pathname };
}
/** The payer's choice on the simulator's page (its own exchange call is lost). */
async function decide(path: string, choice: 'paid' | 'cancelled' | 'failed') {
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `choice=${choice}`,
  });
  expect(res.statusCode).toBe(303);
}
/** The provider's notification arriving. */
const notify = (transactionId: number) => app.inject({ method: 'POST', url: `/api/payment/exchange/${transactionId}` });

const orderRow = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (id: number) => app.ctx.db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id));
const stock = async () => (await app.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, trip.id)))[0]!.stock;

/** A new customer account of its own (the bounds count per account). */
async function newCustomer(): Promise<string> {
  const account = validAccount();
  const res = await app.inject({ method: 'POST', url: '/api/users', headers: auth(admin), payload: { ...account, password: 'Eigen-wachtwoord-1' } });
  expect(res.statusCode, res.body).toBe(201);
  return loginToken(app, account.email, 'Eigen-wachtwoord-1');
}

describe('finding 1: a payment belongs to the order as it was when it started', () => {
  it('the customer cannot change an order while its payment is open; once the provider says it is cancelled, they can', async () => {
    const order = await newOrder(customer, payload([room(adults(1))], { pay_partly: true }));
    const started = await startPayment(customer, order.id, 50);
    expect(started.amount).toBe(Math.round(order.total_price / 2));
    const stockBefore = await stock();

    // Enlarging the unpaid order while its down payment is open: refused, nothing moves.
    const bigger = await editOrder(customer, order.id, payload([room(adults(2)), room(adults(2))], { pay_partly: true }));
    expect(bigger.statusCode).toBe(409);
    expect(bigger.json().message).toBe(ORDER_MSG.paymentOpen);
    expect(await stock()).toBe(stockBefore);
    expect((await orderRow(order.id)).totalPrice).toBe(order.total_price);

    // Cancelled at the provider, the notification lost: the edit asks the provider itself.
    await decide(started.path, 'cancelled');
    const after = await editOrder(customer, order.id, payload([room(adults(2))], { pay_partly: true }));
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().order.total_price).toBe(2 * order.total_price);
  });

  it('a payment made at the provider but not reported is booked by the edit, which is then refused: the customer no longer changes a paid order', async () => {
    const order = await newOrder(customer, payload([room(adults(1))], { pay_partly: true }));
    const started = await startPayment(customer, order.id, 50);
    await decide(started.path, 'paid');
    const edit = await editOrder(customer, order.id, payload([room(adults(2)), room(adults(2))]));
    expect(edit.statusCode).toBe(409);
    expect((await paymentsOf(order.id)).map((p) => p.amount)).toEqual([started.amount]);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.DOWN_PAYMENT);
  });

  it('a payment for an order that changed since it started is booked, moves no status and is flagged for the office; DOWN_PAYMENT needs half of the current total', async () => {
    const order = await newOrder(customer, payload([room(adults(1))], { pay_partly: true }));
    const started = await startPayment(customer, order.id, 50);
    // Staff enlarge the order meanwhile (staff may; the customer may not).
    const byAdmin = await editOrder(admin, order.id, payload([room(adults(2)), room(adults(2))], { pay_partly: true }));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const newTotal = byAdmin.json().order.total_price as number;
    expect(newTotal).toBe(4 * order.total_price);

    // The customer pays the old down payment of the small order.
    await decide(started.path, 'paid');
    expect((await notify(started.id)).body).toBe('TRUE|paid');
    const booked = await paymentsOf(order.id);
    expect(booked.map((p) => [p.amount, p.review])).toEqual([[started.amount, 'order_changed']]);
    // Not 'Aanbetaald': the status did not move.
    expect((await orderRow(order.id)).status).toBe(OrderStatus.LEAD);
    // The office sees it: in the payments list, the order's log and a mail.
    const list = await app.inject({ method: 'GET', url: `/api/payments?order_id=${order.id}`, headers: auth(admin) });
    expect(list.json().payments.map((p: { review: string | null }) => p.review)).toEqual(['order_changed']);
    const logs = await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id));
    expect(logs.some((l) => l.message.includes('gemarkeerd voor controle'))).toBe(true);
    const office = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `Controle nodig:%FCU2${order.id}`));
    expect(office.map((m) => m.to)).toEqual([app.ctx.config.officeEmail]);
    // A replayed notification books nothing twice.
    await notify(started.id);
    expect(await paymentsOf(order.id)).toHaveLength(1);

    // The next payment change counts what was paid against the current total: a quarter of the
    // down payment is no down payment (PENDING, the amount shown), half of the total is.
    const add = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(admin),
      payload: { order_id: order.id, payment_type: 3, amount: 100 },
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().order).toMatchObject({ status: OrderStatus.PENDING, total_payments: started.amount + 100 });
    const mine = (await app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: auth(customer) })).json().order;
    expect(mine).toMatchObject({ status: OrderStatus.PENDING, total_payments: started.amount + 100, amount_open: newTotal - started.amount - 100 });
    const rest = Math.round(newTotal / 2) - started.amount - 100;
    const down = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(admin),
      payload: { order_id: order.id, payment_type: 3, amount: rest },
    });
    expect(down.json().order).toMatchObject({ status: OrderStatus.DOWN_PAYMENT, total_payments: Math.round(newTotal / 2) });
  });

  it('an edit and a payment start at the same moment: the edit is refused, or the payment is for the new order, or it is flagged', async () => {
    for (let i = 0; i < 4; i++) {
      const order = await newOrder(customer, payload([room(adults(1))], { pay_partly: true }));
      const [edit, start] = await Promise.all([
        editOrder(customer, order.id, payload([room(adults(2))], { pay_partly: true })),
        app.inject({ method: 'POST', url: '/api/payment/prepare', headers: auth(customer), payload: { id: order.id, percent_to_pay: 50 } }),
      ]);
      expect([200, 409]).toContain(edit.statusCode);
      expect(start.statusCode, start.body).toBe(200);
      const t = start.json().transaction as { id: number; amount: number; paymentURL: string };
      await decide(new URL(t.paymentURL).pathname, 'paid');
      await notify(t.id);
      const current = await orderRow(order.id);
      const [booked] = await paymentsOf(order.id);
      if (booked!.review === null) {
        // Booked as usual only when it was started for the order as it is now.
        expect(t.amount).toBe(Math.round(current.totalPrice / 2));
        expect(current.status).toBe(OrderStatus.DOWN_PAYMENT);
      } else {
        expect(booked!.review).toBe('order_changed');
        expect(current.status).toBe(OrderStatus.LEAD);
      }
      await app.inject({ method: 'POST', url: `/api/order/cancel/${order.id}`, headers: auth(admin) });
    }
  });

  it('a payment of less than half the total is no down payment, whoever books it', async () => {
    const order = await newOrder(admin, { ...payload([room(adults(2))]), user: DEMO_ACCOUNTS.customer.email } as never);
    const started = await app.inject({
      method: 'POST',
      url: `/api/payment/${order.id}`,
      headers: auth(admin),
      payload: { trans: 'other', amount: 1250 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const t = started.json().transaction;
    await decide(new URL(t.paymentURL).pathname, 'paid');
    await notify(t.id);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.PENDING);
    const mail = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Betaling ontvangen – bestelling FCU2${order.id}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Dat is nog geen aanbetaling');
  });
});

describe('finding 2: places are held fairly', () => {
  it('the defaults: 4 unpaid rooms per account, 12 places per trip', () => {
    expect(DEFAULT_HOLDS).toEqual({ roomsPerAccount: 4, placesPerTrip: 12 });
  });

  it('a new account cannot take a trip off sale: at most 4 unpaid rooms, at most 12 places of one trip; staff orders are not bounded', async () => {
    const fresh = await newCustomer();
    const before = await stock();
    const tooBig = await placeOrder(fresh, payload(Array.from({ length: 5 }, () => room(adults(2)))));
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().message).toBe(ORDER_MSG.unpaidRooms(4));
    expect(await stock()).toBe(before);

    const fourByFour = await placeOrder(fresh, payload(Array.from({ length: 4 }, () => room(adults(4), 4))));
    expect(fourByFour.statusCode).toBe(409);
    expect(fourByFour.json().message).toBe(ORDER_MSG.unpaidPlaces(12));

    await newOrder(fresh, payload([room(adults(2)), room(adults(2)), room(adults(2))]));
    await newOrder(fresh, payload([room(adults(1))]));
    const fifth = await placeOrder(fresh, payload([room(adults(1))]));
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe(ORDER_MSG.unpaidRooms(4));
    // A customer's edit is bounded the same way.
    const [own] = await app.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, OrderStatus.LEAD), eq(orders.totalPrice, trip.price)))
      .orderBy(sql`${orders.id} desc`)
      .limit(1);
    const grow = await editOrder(fresh, own!.id, payload([room(adults(1)), room(adults(1))]));
    expect(grow.statusCode).toBe(409);
    expect(await stock()).toBe(before - 7);

    // Staff placing a group for the account (a bank transfer agreed) are not bounded.
    const me = (await app.inject({ method: 'GET', url: '/api/user', headers: auth(fresh) })).json();
    const email = (me.user ?? me).email as string;
    const group = await placeOrder(admin, { ...payload(Array.from({ length: 5 }, () => room(adults(2)))), user: email } as never);
    expect(group.statusCode, group.body).toBe(201);
  });

  it('orders of one account placed at the same moment are counted one after the other', async () => {
    const fresh = await newCustomer();
    const before = await stock();
    const answers = await Promise.all(Array.from({ length: 6 }, () => placeOrder(fresh, payload([room(adults(1))]))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 201, 409, 409]);
    expect(await stock()).toBe(before - 4);
  });
});

describe('finding 3: the lead expiry asks the provider first; money for a cancelled order is flagged for a refund', () => {
  it('a lead paid at the provider whose notification was lost is booked by the expiry run, not cancelled', async () => {
    const order = await newOrder(customer, payload([room(adults(1))]));
    const before = await stock();
    const started = await startPayment(customer, order.id, 100);
    await decide(started.path, 'paid');
    const now = new Date();
    await app.ctx.db
      .update(orders)
      .set({ createdAt: new Date(now.getTime() - 49 * 3600_000) })
      .where(eq(orders.id, order.id));
    // Paid two hours ago: long past any wait for a payment in progress.
    await app.ctx.db.execute(sql`update transactions set created_at = now() - interval '2 hours' where id = ${started.id}`);

    const run = await runScheduledJobs(app.ctx, { now });
    expect(run.expired).not.toContain(order.id);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.COMPLETED);
    expect((await paymentsOf(order.id)).map((p) => [p.amount, p.review])).toEqual([[order.total_price, null]]);
    expect(await stock()).toBe(before);
    // The notification arriving after all books nothing twice.
    await notify(started.id);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('a payment that arrives for a cancelled order is booked, flagged for a refund and shown to the office; the stock stays', async () => {
    const order = await newOrder(customer, payload([room(adults(2))]));
    const started = await startPayment(customer, order.id, 100);
    const cancel = await app.inject({ method: 'POST', url: `/api/order/cancel/${order.id}`, headers: auth(admin) });
    expect(cancel.statusCode).toBe(200);
    const afterCancel = await stock();
    await decide(started.path, 'paid');
    await notify(started.id);

    expect((await orderRow(order.id)).status).toBe(OrderStatus.CANCELLED);
    expect(await stock()).toBe(afterCancel);
    expect((await paymentsOf(order.id)).map((p) => [p.amount, p.review])).toEqual([[order.total_price, 'refund_due']]);
    const list = await app.inject({ method: 'GET', url: `/api/payments?order_id=${order.id}`, headers: auth(admin) });
    expect(list.json().payments[0]).toMatchObject({ review: 'refund_due', order_status: OrderStatus.CANCELLED });
    const office = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `Controle nodig:%FCU2${order.id}`));
    expect(office).toHaveLength(1);
    expect(office[0]!.text).toContain('terugbetaald');
    const [t] = await app.ctx.db.select().from(transactions).where(eq(transactions.id, started.id));
    expect(t!.status).toBe('paid');
  });
});

describe('finding 5: an order of 0 completes without a payment', () => {
  it('a voucher covering the whole order: COMPLETED at once, with its confirmation mail, and nothing to pay', async () => {
    const label = `GRATIS${Date.now() % 100_000}`;
    const voucher = await app.inject({
      method: 'POST',
      url: '/api/voucher',
      headers: auth(admin),
      payload: { label, amount: 10 * trip.price, expire_date: dayjs().add(1, 'year').format('YYYY-MM-DD HH:mm:ss') },
    });
    expect(voucher.statusCode, voucher.body).toBe(201);
    const fresh = await newCustomer();
    const order = await newOrder(fresh, payload([room(adults(1))], { discounts: [label] }));
    expect(order.total_price).toBe(0);
    expect(order.status).toBe(OrderStatus.COMPLETED);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.COMPLETED);
    const logs = await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id)).orderBy(asc(orderLogs.id));
    expect(logs.map((l) => l.message).join('\n')).toContain('er hoeft niets betaald te worden. Status: Niet betaald → Voltooid.');
    const mail = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Bevestiging van je bestelling FCU2${order.id}`));
    expect(mail[0]!.text).toContain('Er hoeft niets betaald te worden: je bestelling is voltooid.');
    const pay = await app.inject({
      method: 'POST',
      url: '/api/payment/prepare',
      headers: auth(fresh),
      payload: { id: order.id, percent_to_pay: 100 },
    });
    expect(pay.statusCode).toBe(409);
    // Its invoice, issued without a payment, is the customer's to download.
    const invoice = await app.inject({ method: 'POST', url: `/api/order/invoice/${order.id}`, headers: auth(fresh) });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json().filename).toBe(`factuur-FCU${order.id}.pdf`);
    expect(Buffer.from(invoice.json().data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // The expiry never cancels it.
    await app.ctx.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 100 * 3600_000) })
      .where(eq(orders.id, order.id));
    expect((await runScheduledJobs(app.ctx)).expired).not.toContain(order.id);
    expect((await orderRow(order.id)).status).toBe(OrderStatus.COMPLETED);
  });
});

describe('finding 6: after the payment deadline the customer is told why only the full amount is possible', () => {
  it("'Mijn bestellingen' and the checkout's price say it before anything is paid", async () => {
    const order = await newOrder(customer, payload([room(adults(1))], { pay_partly: true }));
    const yesterday = dayjs(dutchToday()).subtract(1, 'day');
    const [product] = await app.ctx.db.select().from(products).where(eq(products.id, trip.id));
    await app.ctx.db
      .update(products)
      .set({ paymentDeadline: yesterday.format('YYYY-MM-DD') })
      .where(eq(products.id, trip.id));
    try {
      const expected = `De betaaltermijn van deze reis is verstreken: de reis moest uiterlijk op ${yesterday.format('DD-MM-YYYY')} betaald zijn, daarom is alleen het volledige bedrag mogelijk.`;
      const mine = (await app.inject({ method: 'GET', url: '/api/orders', headers: auth(customer) }))
        .json()
        .orders.find((o: { id: number }) => o.id === order.id);
      expect(mine).toMatchObject({ down_payment_allowed: false, down_payment_message: expected });
      const preview = await app.inject({ method: 'POST', url: '/api/order/preview', payload: payload([room(adults(1))], { pay_partly: true }) });
      expect(preview.json()).toMatchObject({ down_payment_allowed: false, down_payment_message: expected });
      // The payment then asks the full amount, as the message said.
      const start = await app.inject({ method: 'POST', url: `/api/payment/${order.id}`, headers: auth(customer), payload: { trans: 'none' } });
      expect(start.json().transaction.amount).toBe(order.total_price);
    } finally {
      await app.ctx.db.update(products).set({ paymentDeadline: product!.paymentDeadline }).where(eq(products.id, trip.id));
    }
    const open = (await app.inject({ method: 'GET', url: '/api/orders', headers: auth(customer) }))
      .json()
      .orders.find((o: { id: number }) => o.id === order.id);
    expect(open.down_payment_message).toBeNull();
  });
});
