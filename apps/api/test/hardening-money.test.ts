// Hardening (docs/RULES.md, 'Beyond the rules'): vouchers that stack, and the money and abuse holes, each as the attacker
// tried it: stacked vouchers, a bookkeeper rewriting a provider payment, 50 % on a full-payment
// order or after the deadline, anonymous quote payment checks, the contact confirmation as a mail
// cannon, an email change without the password, and reset links readable in the outbox.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { DOWN_PAYMENT_MSG, OrderStatus, PaymentType, ProductType, VOUCHER_MSG } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { crowdfunds, mailOutbox, orders, payments, products, transactions, users } from '../src/db/schema.ts';
import { REDACTED_LINK, redactDoneMails } from '../src/infra/mail/outbox.ts';
import { CONFIRMATIONS_PER_HOUR, CONFIRMATION_SUBJECT, confirmationName } from '../src/modules/contact/service.ts';
import { PROVIDER_PAYMENT_LOCKED } from '../src/modules/payments/service.ts';
import { EMAIL_CHANGE_NEEDS_PASSWORD } from '../src/modules/users/service.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken, solveCaptcha, validAccount } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let customer: string;
let bookkeeper: string;
let customerId: number;
/** A Firstclass NL trip on sale: its 3-person adult product (1745 euro) and a lesson. */
let trip: { adult3: number; label: string; start: string; lesson: number; fund: number };

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
  bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
  const db = app.ctx.db;
  customerId = (await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email)))[0]!.id;
  const [adult3] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.type, ProductType.UMRAH_3_ADULT),
        eq(products.region, 'NL'),
        eq(products.price, 174_500),
        gt(products.stock, 10),
        gt(products.start, sql`current_date + 2`),
      ),
    )
    .orderBy(asc(products.start))
    .limit(1);
  const [lesson] = await db.select().from(products).where(eq(products.type, ProductType.ARABIA_BEGINNER)).limit(1);
  const [fund] = await db.select().from(crowdfunds).limit(1);
  trip = { adult3: adult3!.id, label: adult3!.label, start: adult3!.start!, lesson: lesson!.id, fund: fund!.id };
});
afterAll(async () => {
  await app?.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });
const adult = (first: string) => ({ first_name: first, last_name: 'Yilmaz', age_category: 0 });
const room3 = (guests: unknown[]) => ({ product_id: trip.adult3, room_type: 3, room_gender: 0, exclusive: false, guests });
const lessonFlex = () => ({ arabia_availibilities: [{ id: trip.lesson, days: ['Maandag'], times: ['09:00-12:00'] }] });
const orderCount = async () => (await app.ctx.db.select({ n: count() }).from(orders))[0]!.n;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('finding: vouchers stack', () => {
  it('one room + 19 donations of 1 cent + WELKOM50 ×20: refused on preview and order, nothing is ordered', async () => {
    const payload = {
      rooms: [room3([adult('Ahmed')])],
      crowdfunds: Array.from({ length: 19 }, () => ({ funding_id: trip.fund, funding_amount: 1 })),
      flex: JSON.stringify({ discounts: Array.from({ length: 20 }, () => 'WELKOM50') }),
    };
    const before = await orderCount();
    for (const url of ['/api/order/preview', '/api/order']) {
      const res = await post(url, payload, customer);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().message).toBe(VOUCHER_MSG.overused);
    }
    expect(await orderCount()).toBe(before);
    // Once, the code takes 50 euro off the room; the donations stay whole.
    const once = await post('/api/order/preview', { ...payload, flex: JSON.stringify({ discounts: ['WELKOM50'] }) }, customer);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().total_price).toBe(174_500 - 5_000 + 19);
  });

  it('three lessons + WELKOM50 ×3, also as case variants: refused; the code once is one discount', async () => {
    for (const discounts of [
      ['WELKOM50', 'WELKOM50', 'WELKOM50'],
      ['WELKOM50', 'welkom50', 'Welkom50'],
    ]) {
      const res = await post('/api/order', { products: [trip.lesson, trip.lesson, trip.lesson], flex: { ...lessonFlex(), discounts } }, customer);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(VOUCHER_MSG.overused);
    }
    const ok = await post('/api/order/preview', {
      products: [trip.lesson, trip.lesson, trip.lesson],
      flex: { ...lessonFlex(), discounts: ['welkom50'] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().lines.filter((l: { kind: string }) => l.kind === 'voucher')).toHaveLength(1);
    expect(ok.json().total_price).toBeGreaterThanOrEqual(0);
  });

  it('the cart lookup refuses a code it already holds, and does not count donations as items', async () => {
    const again = await post('/api/requestVoucher', { label: 'welkom50', discounts: ['WELKOM50'], items: 20 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(VOUCHER_MSG.overused);
  });
});

describe('finding: a bookkeeper can rewrite a provider payment to 1 cent', () => {
  async function orderWithProviderPayment() {
    const [order] = await app.ctx.db
      .insert(orders)
      .values({ userId: customerId, status: OrderStatus.COMPLETED, totalPrice: 100_000, flex: { pay_partly: false, discounts: [] } })
      .returning();
    const [payment] = await app.ctx.db
      .insert(payments)
      .values({ orderId: order!.id, paymentType: PaymentType.PROVIDER_PAID, amount: 100_000, providerRef: `SIM-${order!.id}-hardening` })
      .returning();
    return { order: order!, payment: payment! };
  }

  it('nobody edits or deletes a payment the provider booked (409); the bookkeeper writes no payments at all (403)', async () => {
    const { order, payment } = await orderWithProviderPayment();
    const body = { order_id: order.id, payment_type: PaymentType.PROVIDER_PAID, amount: 1 };
    const asBookkeeper = await app.inject({ method: 'PUT', url: `/api/payment/${payment.id}`, headers: auth(bookkeeper), payload: body });
    expect(asBookkeeper.statusCode).toBe(403);
    const asAdmin = await app.inject({ method: 'PUT', url: `/api/payment/${payment.id}`, headers: auth(admin), payload: body });
    expect(asAdmin.statusCode).toBe(409);
    expect(asAdmin.json().message).toBe(PROVIDER_PAYMENT_LOCKED);
    // Also a provider row that an older version stored with a manual type: provider_ref decides.
    await app.ctx.db.update(payments).set({ paymentType: PaymentType.BANK_TRANSFER }).where(eq(payments.id, payment.id));
    const manualType = await app.inject({
      method: 'PUT',
      url: `/api/payment/${payment.id}`,
      headers: auth(admin),
      payload: { ...body, payment_type: 2 },
    });
    expect(manualType.statusCode).toBe(409);
    for (const token of [admin, bookkeeper]) {
      const del = await app.inject({ method: 'DELETE', url: `/api/payment/${payment.id}`, headers: auth(token) });
      expect(del.statusCode).toBe(token === admin ? 409 : 403);
    }
    const [row] = await app.ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.amount).toBe(100_000);

    const add = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(bookkeeper),
      payload: { order_id: order.id, payment_type: 0, amount: 1 },
    });
    expect(add.statusCode).toBe(403);
    const pin = await app.inject({
      method: 'POST',
      url: `/api/payment/${order.id}`,
      headers: auth(bookkeeper),
      payload: { trans: 'pin', amount: 1 },
    });
    expect(pin.statusCode).toBe(403);
    // Reading stays allowed.
    const list = await app.inject({ method: 'GET', url: `/api/payments?order_id=${order.id}`, headers: auth(bookkeeper) });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
  });
});

describe('finding: 50 % on a full-payment order, and the payment deadline', () => {
  async function placeOrder(payPartly: boolean) {
    const res = await post('/api/order', { rooms: [room3([adult('Yusuf')])], flex: { pay_partly: payPartly, discounts: [] } }, customer);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: number; total_price: number; down_payment_allowed: boolean };
  }
  const setDeadline = (deadline: string) =>
    app.ctx.db
      .update(products)
      .set({ paymentDeadline: deadline })
      .where(and(eq(products.label, trip.label), eq(products.start, trip.start)));
  const prepare = (id: number, percent: 50 | 100) => post('/api/payment/prepare', { id, percent_to_pay: percent, flex: null }, customer);

  it('an order placed for full payment can still be paid 50 % while nothing is paid (a full payment that failed): exactly half', async () => {
    await setDeadline(addDays(dutchToday(), 30));
    const order = await placeOrder(false);
    // The account page offers 'Aanbetaling 50%' on every unpaid order without payments.
    expect(order.down_payment_allowed).toBe(true);
    const half = await prepare(order.id, 50);
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().transaction.amount).toBe(Math.round(order.total_price / 2));
  });

  it('a down payment is possible up to and including the deadline, after it only the full amount', async () => {
    await setDeadline(dutchToday());
    const onTime = await placeOrder(true);
    expect(onTime.down_payment_allowed).toBe(true);
    const half = await prepare(onTime.id, 50);
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().transaction.amount).toBe(Math.round(onTime.total_price / 2));

    const yesterday = addDays(dutchToday(), -1);
    await setDeadline(yesterday);
    const late = await placeOrder(true);
    expect(late.down_payment_allowed).toBe(false);
    const lateHalf = await prepare(late.id, 50);
    expect(lateHalf.statusCode).toBe(409);
    expect(lateHalf.json().message).toBe(DOWN_PAYMENT_MSG.deadlinePassed(yesterday));
    // The checkout's own choice (trans none, no percent) asks the full amount after the deadline.
    const checkout = await post(`/api/payment/${late.id}`, { trans: 'none', amount: 0 }, customer);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json().transaction.amount).toBe(late.total_price);
    await setDeadline(addDays(dutchToday(), 30));
  });
});

describe('finding: quote payment checks are anonymous and unthrottled', () => {
  it('the quote exchange answers only with the key of its own transaction, and is rate-limited', async () => {
    const created = await post(
      '/api/invoice',
      {
        type: 0,
        expire_date: '2099-12-31',
        user_id: customerId,
        items: [{ label: 'Umrah op maat', amount_in_cents: 12_100, amount: 1, btw_type: 21 }],
      },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const start = await post('/api/invoicePayment', { token: created.json().invoice.token });
    expect(start.statusCode, start.body).toBe(200);
    const id = start.json().transaction.id as number;
    const [row] = await app.ctx.db.select().from(transactions).where(eq(transactions.id, id));
    const key = must(row?.flex.exchange_key, "the quote attempt's exchange key");
    expect(key.length).toBeGreaterThanOrEqual(32);

    for (const url of [`/api/invoicePayment/exchange/${id}`, `/api/invoicePayment/exchange/${id}?key=${key.slice(1)}x`]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe('TRUE|unknown');
        expect(res.headers['x-ratelimit-limit']).toBeDefined();
      }
    }
    const withKey = await app.inject({ method: 'GET', url: `/api/invoicePayment/exchange/${id}?key=${key}` });
    expect(withKey.body).toMatch(/^TRUE\|(pending|open)$/);
  });
});

describe('finding: the contact confirmation as a mail cannon', () => {
  const contact = async (email: string, name: string, message: string) =>
    post('/api/contact', { name, email, message, altcha: await solveCaptcha(app) });
  const confirmationsTo = (email: string) =>
    app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(sql`lower(${mailOutbox.to})`, email.toLowerCase()), eq(mailOutbox.subject, CONFIRMATION_SUBJECT)));

  it('sends a fixed text (no echo of the message, the name short and without links), at most 3 per hour per address', async () => {
    const victim = `slachtoffer-${Date.now()}@example.nl`;
    const spam = 'Win een iPhone op https://evil.example/win en bel 0900-1234';
    for (let i = 0; i <= CONFIRMATIONS_PER_HOUR; i++) {
      const res = await contact(i % 2 ? victim.toUpperCase() : victim, 'Klik https://evil.example/x www.evil.nl evil.com ' + 'A'.repeat(100), spam);
      expect(res.statusCode, res.body).toBe(200);
    }
    const sent = await confirmationsTo(victim);
    expect(sent).toHaveLength(CONFIRMATIONS_PER_HOUR);
    for (const m of sent) {
      for (const body of [m.text, m.html ?? '']) {
        expect(body).not.toContain('iPhone');
        expect(body).not.toContain('evil');
        expect(body).not.toContain('https://');
        expect(body).not.toContain('A'.repeat(41));
      }
    }
    // The office still gets every message.
    const office = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, victim));
    expect(
      office.length + (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, victim.toUpperCase()))).length,
    ).toBeGreaterThanOrEqual(CONFIRMATIONS_PER_HOUR + 1);
    expect(confirmationName('  ')).toBe('bezoeker');
    expect(confirmationName('Yasmina El Amrani')).toBe('Yasmina El Amrani');
  });
});

describe('finding: the email can be changed without the password', () => {
  it('asks the current password for a new email: missing 400, wrong 403, right 200; other fields need none', async () => {
    const account = validAccount();
    const created = await post('/api/users', { ...account, password: 'Mijn-wachtwoord-1' }, admin);
    expect(created.statusCode).toBe(201);
    const token = await loginToken(app, account.email, 'Mijn-wachtwoord-1');
    const put = (payload: unknown) => app.inject({ method: 'PUT', url: '/api/user', headers: auth(token), payload: payload as object });
    const moved = { ...account, email: `overgenomen-${Date.now()}@example.nl` };

    const missing = await put(moved);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(EMAIL_CHANGE_NEEDS_PASSWORD);
    const wrong = await put({ ...moved, current_password: 'Fout-wachtwoord-9' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Voer je huidige wachtwoord in om je e-mailadres te wijzigen.');
    const [still] = await app.ctx.db.select().from(users).where(eq(users.email, account.email));
    expect(still).toBeDefined();

    expect((await put({ ...account, city: 'Utrecht' })).statusCode).toBe(200);
    expect((await put({ ...account, email: account.email.toUpperCase(), city: 'Zeist' })).statusCode).toBe(200);
    const right = await put({ ...moved, current_password: 'Mijn-wachtwoord-1' });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.email).toBe(moved.email);
  });
});

describe('finding: reset links stay readable in the outbox', () => {
  it('the stored reset mail loses its link once handled, and the admin view never shows a live one', async () => {
    const link = /\/reset\/[A-Za-z0-9_-]{16,}/;
    // A reset mail still waiting (as if the worker had not run): the admin view redacts on read.
    const [waiting] = await app.ctx.db
      .insert(mailOutbox)
      .values({
        to: 'wachtend@example.nl',
        subject: 'Wachtwoord opnieuw instellen',
        text: 'Klik op http://shop.test/reset/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG om verder te gaan.',
        html: '<a href="http://shop.test/reset/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG">Nieuw wachtwoord</a>',
        status: 'pending',
        nextAttemptAt: sql`now() + interval '1 day'`,
      })
      .returning();
    const view = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/mails?pageSize=100', headers: auth(admin) })).json().mails as {
        id: number;
        text: string;
      }[];
    const shown = (await view()).find((m) => m.id === waiting!.id)!;
    expect(shown.text).not.toMatch(link);
    expect(shown.text).toContain(REDACTED_LINK);

    // A real request: the worker (no SMTP here, so 'kept') stores the mail without the link.
    const res = await post('/api/reset_pw_request', { email: DEMO_ACCOUNTS.customer.email });
    expect(res.statusCode, res.body).toBe(200);
    await app.ctx.mail.kick();
    const mails = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, DEMO_ACCOUNTS.customer.email), eq(mailOutbox.subject, 'Wachtwoord opnieuw instellen')));
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(m.status).toBe('kept');
      expect(m.text).not.toMatch(link);
      expect(m.html ?? '').not.toMatch(link);
      expect(m.text).toContain(REDACTED_LINK);
    }
    for (const m of await view()) expect(m.text).not.toMatch(link);

    // Rows stored before this change are cleaned when the worker starts.
    await app.ctx.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, waiting!.id));
    expect(await redactDoneMails(app.ctx.db)).toBeGreaterThanOrEqual(1);
    const [cleaned] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, waiting!.id));
    expect(cleaned!.text).not.toMatch(link);
    expect(cleaned!.html).not.toMatch(link);
  });
});
