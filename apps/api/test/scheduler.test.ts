import dayjs from 'dayjs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq, inArray, like, sql } from 'drizzle-orm';
import { OrderStatus } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { mailOutbox, orderLogs, orders, products, reminderSteps } from '../src/db/schema.ts';
import { dueSteps, runScheduledJobs } from '../src/modules/reminders/scheduler.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken } from './helpers.ts';
import { exampleTrip, payManually } from './documents-helpers.ts';
import { processCluster, type ProcessCluster } from './processes.ts';
import { startSmtpServer } from './smtp.ts';

// The scheduler (modules/reminders/scheduler.ts) run directly with a fixed 'now': the plan's steps
// go out once each, a second run sends nothing new, and unpaid leads of customers are let go after
// 48 hours. At the end: two real server processes on one PostgreSQL with the scheduler on.

describe('dueSteps', () => {
  it('picks the nearest step reached and passes over the earlier ones', () => {
    expect(dueSteps([30, 14, 7], 31)).toBeNull();
    expect(dueSteps([30, 14, 7], 30)).toEqual({ current: 30, index: 0, earlier: [] });
    expect(dueSteps([30, 14, 7], 10)).toEqual({ current: 14, index: 1, earlier: [30] });
    expect(dueSteps([7, 30, 14], 0)).toEqual({ current: 7, index: 2, earlier: [30, 14] });
  });
});

describe('scheduler run with a fixed now', () => {
  let app: FastifyInstance;
  let admin: string;
  let customer: string;
  let trip: typeof products.$inferSelect;

  beforeAll(async () => {
    app = await createTestApp({ rateLimitFactor: 10, reminderPlanDays: [30, 14, 7], leadExpiryHours: 48 });
    [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
    trip = await exampleTrip(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** One 2-person room; by the admin for the demo customer (staff-made) or by the customer. */
  async function placeOrder(by: 'staff' | 'customer', names: string[]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: auth(by === 'staff' ? admin : customer),
      payload: {
        rooms: [
          { product_id: trip.id, room_type: 2, room_gender: 0, guests: names.map((n) => ({ first_name: n, last_name: 'Yilmaz', age_category: 0 })) },
        ],
        ...(by === 'staff' ? { user: DEMO_ACCOUNTS.customer.email } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: number; total_price: number; created_by_user_id: number | null };
  }
  /** Noon in Amsterdam, `days` days from the given date. */
  const at = (date: string, days: number) => new Date(`${dayjs(date).add(days, 'day').format('YYYY-MM-DD')}T10:00:00Z`);
  const mailSubjects = async (orderIds: number[]) => {
    const rows = await app.ctx.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    return rows.filter((m) => orderIds.some((id) => m.subject.includes(`FCU2${id} `) || m.subject.endsWith(`FCU2${id}`))).map((m) => m.subject);
  };
  const only = <T extends { order_id: number }>(list: T[], ids: number[]) => list.filter((s) => ids.includes(s.order_id));

  it('payment steps before the deadline and document steps before departure go out once each, as the plan says', async () => {
    const lead = await placeOrder('staff', ['Ahmed']);
    const half = await placeOrder('staff', ['Yusuf', 'Idris']);
    await payManually(app, admin, half.id, Math.round(half.total_price / 2));
    const full = await placeOrder('staff', ['Bilal']);
    await payManually(app, admin, full.id, full.total_price);
    const ids = [lead.id, half.id, full.id];
    const deadline = trip.paymentDeadline!;
    const start = trip.start!;
    expect(dayjs(start).diff(deadline, 'day')).toBeGreaterThan(30);
    const run = async (now: Date) => {
      const r = await runScheduledJobs(app.ctx, { now });
      expect(r.skipped).toBe(false);
      expect(r.failed).toBe(0);
      return { payments: only(r.payments, ids), documents: only(r.documents, ids) };
    };

    // 31 days before the deadline: nothing yet.
    expect(await run(at(deadline, -31))).toEqual({ payments: [], documents: [] });
    // 20 days before: the 30-day step (a request, type 6) for both orders that still owe money.
    expect(await run(at(deadline, -20))).toEqual({
      payments: [
        { order_id: lead.id, days_before: 30, type: 6 },
        { order_id: half.id, days_before: 30, type: 6 },
      ],
      documents: [],
    });
    // The same day again, and a restart the day after: nothing new.
    expect(await run(at(deadline, -20))).toEqual({ payments: [], documents: [] });
    expect(await run(at(deadline, -19))).toEqual({ payments: [], documents: [] });
    expect((await run(at(deadline, -14))).payments.map((p) => [p.order_id, p.type])).toEqual([
      [lead.id, 7],
      [half.id, 7],
    ]);
    expect((await run(at(deadline, -7))).payments.map((p) => [p.order_id, p.type])).toEqual([
      [lead.id, 8],
      [half.id, 8],
    ]);
    expect(await run(at(deadline, 0))).toEqual({ payments: [], documents: [] });
    // After the deadline no payment reminder goes out any more.
    expect(await run(at(deadline, 1))).toEqual({ payments: [], documents: [] });

    // Departure: the (down-)paid orders whose guests lack documents; the unpaid lead cannot deliver.
    expect(await run(at(start, -30))).toEqual({
      payments: [],
      documents: [
        { order_id: half.id, days_before: 30, type: 1 },
        { order_id: full.id, days_before: 30, type: 1 },
      ],
    });
    // Five days before departure: the 7-day step; the 14-day one was passed over, not sent late.
    expect(await run(at(start, -5))).toEqual({
      payments: [],
      documents: [
        { order_id: half.id, days_before: 7, type: 3 },
        { order_id: full.id, days_before: 7, type: 3 },
      ],
    });
    expect(await run(at(start, -5))).toEqual({ payments: [], documents: [] });
    expect(await run(at(start, 0))).toEqual({ payments: [], documents: [] });

    const steps = await app.ctx.db.select().from(reminderSteps).where(eq(reminderSteps.orderId, half.id)).orderBy(asc(reminderSteps.id));
    expect(steps.map((s) => [s.kind, s.daysBefore, s.status])).toEqual([
      ['payment', 30, 'sent'],
      ['payment', 14, 'sent'],
      ['payment', 7, 'sent'],
      ['documents', 30, 'sent'],
      ['documents', 14, 'skipped'],
      ['documents', 7, 'sent'],
    ]);
    // One mail per step sent, nothing more.
    const subjects = await mailSubjects([half.id]);
    expect(subjects.filter((s) => !/^Bevestiging|ontvangen/.test(s))).toEqual([
      `Betaling van je bestelling FCU2${half.id}`,
      `Herinnering: betaling van je bestelling FCU2${half.id}`,
      `Tweede herinnering: betaling van je bestelling FCU2${half.id}`,
      `Lever de reisdocumenten aan voor bestelling FCU2${half.id}`,
      `Tweede herinnering: reisdocumenten voor bestelling FCU2${half.id}`,
    ]);
    const logs = await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, half.id)).orderBy(asc(orderLogs.id));
    expect(logs.filter((l) => l.type >= 1 && l.type <= 10).map((l) => [l.type, l.userExecutedMail])).toEqual([
      [6, 'systeem'],
      [7, 'systeem'],
      [8, 'systeem'],
      [1, 'systeem'],
      [3, 'systeem'],
    ]);
    expect(logs.find((l) => l.type === 7)!.message).toContain('automatisch, 14 dagen voor de betaaltermijn');
  });

  it("a customer's unpaid lead of 49 hours is cancelled once with its places back; 47 hours and staff-made leads are kept", async () => {
    const stock = async () => {
      const rows = await app.ctx.db.select({ id: products.id, stock: products.stock }).from(products).where(eq(products.id, trip.id));
      return must(rows[0], 'the trip').stock;
    };
    const stockBefore = await stock();
    const old = await placeOrder('customer', ['Ahmed', 'Yusuf']);
    const young = await placeOrder('customer', ['Idris']);
    const staff = await placeOrder('staff', ['Bilal']);
    expect(old.created_by_user_id).toBeNull();
    expect(staff.created_by_user_id).not.toBeNull();
    expect(await stock()).toBe(stockBefore - 4);
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    await app.ctx.db
      .update(orders)
      .set({ createdAt: ago(49) })
      .where(eq(orders.id, old.id));
    await app.ctx.db
      .update(orders)
      .set({ createdAt: ago(47) })
      .where(eq(orders.id, young.id));
    await app.ctx.db
      .update(orders)
      .set({ createdAt: ago(200) })
      .where(eq(orders.id, staff.id));
    const ids = [old.id, young.id, staff.id];

    const first = await runScheduledJobs(app.ctx, { now });
    expect(first.expired.filter((id) => ids.includes(id))).toEqual([old.id]);
    const second = await runScheduledJobs(app.ctx, { now });
    expect(second.expired.filter((id) => ids.includes(id))).toEqual([]);

    const statuses = await app.ctx.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id));
    expect(statuses.map((s) => s.status)).toEqual([OrderStatus.CANCELLED, OrderStatus.LEAD, OrderStatus.LEAD]);
    // The two places of the expired lead are back; the other two leads keep theirs.
    expect(await stock()).toBe(stockBefore - 2);
    const mails = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `Je bestelling FCU2${old.id} is vervallen`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(DEMO_ACCOUNTS.customer.email);
    expect(mails[0]?.text).toContain('48 uur na het plaatsen nog niet betaald');
    expect(mails[0]?.text).toContain('http://shop.test/pakketten');
    const logs = await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, old.id));
    const expiredLogs = logs.filter((l) => l.message.startsWith('Lead vervallen'));
    expect(expiredLogs).toHaveLength(1);
    expect(expiredLogs[0]?.userExecutedMail).toBe('systeem');
    // The catalog shows the places again (the cache was dropped).
    const listed = (await app.inject({ method: 'GET', url: '/api/products' })).json().products as { id: number; stock: number }[];
    expect(listed.find((p) => p.id === trip.id)!.stock).toBe(stockBefore - 2);
  });

  it("a payment started before the lead's expiry holds it while the provider keeps that payment open, no longer; one started later holds nothing", async () => {
    const now = new Date();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    /** A lead made `hours` ago with a simulator payment started `minutes` ago (the real payment start). */
    const leadWithPayment = async (hours: number, minutes: number) => {
      const lead = await placeOrder('customer', ['Ahmed']);
      const start = await app.inject({ method: 'POST', url: `/api/payment/${lead.id}`, headers: auth(customer), payload: { trans: 'none' } });
      expect(start.statusCode, start.body).toBe(200);
      await app.ctx.db
        .update(orders)
        .set({ createdAt: ago(hours * 60) })
        .where(eq(orders.id, lead.id));
      await backdatePayment(lead.id, minutes);
      return lead;
    };
    const backdatePayment = async (orderId: number, minutes: number) => {
      await app.ctx.db.execute(sql`update transactions set created_at = ${ago(minutes)} where order_id = ${orderId}`);
      await app.ctx.db.execute(
        sql`update simulator_payments set created_at = ${ago(minutes)} where id in (select provider_ref from transactions where order_id = ${orderId})`,
      );
    };
    // Made 48.5 hours ago, 'Betalen' pressed 45 minutes ago (before the 48 hours were up): it waits.
    const paying = await leadWithPayment(48.5, 45);
    // Made 72 hours ago, 'Betalen' pressed just now: that does not hold the places any more (docs/MONEY.md).
    const late = await leadWithPayment(72, 0);
    const first = await runScheduledJobs(app.ctx, { now });
    expect(first.expired).not.toContain(paying.id);
    expect(first.expired).toContain(late.id);
    // The provider lets the payment expire after an hour: then the lead is let go as well.
    await backdatePayment(paying.id, 65);
    expect((await runScheduledJobs(app.ctx, { now })).expired).toContain(paying.id);
  });

  it("a customer's lead past its 48 hours that waits for its open payment gets no payment reminder; a younger lead does", async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const waiting = await placeOrder('customer', ['Ahmed']);
    const start = await app.inject({ method: 'POST', url: `/api/payment/${waiting.id}`, headers: auth(customer), payload: { trans: 'none' } });
    expect(start.statusCode, start.body).toBe(200);
    await app.ctx.db
      .update(orders)
      .set({ createdAt: hoursAgo(48.5) })
      .where(eq(orders.id, waiting.id));
    // 'Betalen' pressed 45 minutes ago, before the 48 hours were up: the lead waits for the provider.
    const pressed = hoursAgo(0.75);
    await app.ctx.db.execute(sql`update transactions set created_at = ${pressed} where order_id = ${waiting.id}`);
    await app.ctx.db.execute(
      sql`update simulator_payments set created_at = ${pressed} where id in (select provider_ref from transactions where order_id = ${waiting.id})`,
    );
    const young = await placeOrder('customer', ['Idris']);
    await app.ctx.db
      .update(orders)
      .set({ createdAt: hoursAgo(30) })
      .where(eq(orders.id, young.id));
    // The trip's payment deadline 3 days away: the plan's 7-day step is due for every order that owes.
    const deadline = trip.paymentDeadline;
    await app.ctx.db
      .update(products)
      .set({ paymentDeadline: dayjs(now).add(3, 'day').format('YYYY-MM-DD') })
      .where(eq(products.id, trip.id));
    try {
      const result = await runScheduledJobs(app.ctx, { now });
      expect(result.failed).toBe(0);
      expect(result.expired).not.toContain(waiting.id);
      const reminded = result.payments.map((p) => p.order_id);
      expect(reminded).toContain(young.id);
      expect(reminded).not.toContain(waiting.id);
      expect((await mailSubjects([waiting.id])).filter((s) => /betaling/i.test(s))).toEqual([]);
    } finally {
      await app.ctx.db.update(products).set({ paymentDeadline: deadline }).where(eq(products.id, trip.id));
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('two runs at the same moment on PostgreSQL: one takes the lock, the other skips', async () => {
    const lead = await placeOrder('staff', ['Ahmed']);
    const now = at(trip.paymentDeadline!, -3);
    const [a, b] = await Promise.all([runScheduledJobs(app.ctx, { now }), runScheduledJobs(app.ctx, { now })]);
    expect([a.skipped, b.skipped].sort()).toEqual([false, true]);
    const sent = [...a.payments, ...b.payments].filter((p) => p.order_id === lead.id);
    expect(sent).toEqual([{ order_id: lead.id, days_before: 7, type: 8 }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Two real server processes with the scheduler on, one PostgreSQL database, one SMTP server.

describe.skipIf(!process.env.DATABASE_URL)('two server processes with the scheduler on, one PostgreSQL', () => {
  let cluster: ProcessCluster;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let db: pg.Client;
  let base = '';
  let bases: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    cluster = await processCluster('sched');
    const env = {
      SMTP_URL: smtp.url,
      SCHEDULER_ENABLED: 'true',
      SCHEDULER_INTERVAL_SECONDS: '1',
      REMINDER_PLAN_DAYS: '-30,-14,-7',
      LEAD_EXPIRY_HOURS: '48',
      // Each finished run is logged at debug level: the test counts the rounds instead of sleeping.
      LOG_LEVEL: 'debug',
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    base = await cluster.start(env);
    bases = [base, await cluster.start(env)];
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await smtp?.close();
  });

  const call = async (method: string, url: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  it('each reminder mail arrives exactly once at the SMTP server and the 49-hour lead is cancelled once', async () => {
    const admin = (await call('POST', '/api/login', null, DEMO_ACCOUNTS.admin)).token as string;
    const customer = (await call('POST', '/api/login', null, DEMO_ACCOUNTS.customer)).token as string;
    // Every trip's deadline and departure far away while the orders are placed: the running
    // schedulers have nothing to do until the one transaction below brings them into the plan.
    await db.query(
      `update products set payment_deadline = current_date + 300, start = current_date + 320, "end" = current_date + 330 where type between 2 and 10`,
    );
    const products = (await call('GET', '/api/products?region=NL', null)).products as { id: number; type: number; stock: number; label: string }[];
    const trip = must(
      products.filter((p) => p.type === 2 && p.stock >= 10 && p.label.includes('Firstclass'))[0],
      'a seeded Firstclass trip with stock',
    );
    const place = async (token: string, forCustomer: boolean, name: string) =>
      (
        await call('POST', '/api/order', token, {
          rooms: [{ product_id: trip.id, room_type: 2, room_gender: 0, guests: [{ first_name: name, last_name: 'Yilmaz', age_category: 0 }] }],
          ...(forCustomer ? { user: DEMO_ACCOUNTS.customer.email } : {}),
        })
      ).order as { id: number; total_price: number };
    const staffLead = await place(admin, true, 'Ahmed');
    const paid = await place(admin, true, 'Yusuf');
    await call('POST', '/api/payment', admin, { order_id: paid.id, payment_type: 2, amount: paid.total_price });
    const customerLead = await place(customer, false, 'Idris');
    const stockBefore = (await db.query('select stock from products where id = $1', [trip.id])).rows[0].stock as number;

    // At once: the deadline 10 days away (payment step 14), departure in 20 (document step 30), and the
    // customer's lead 49 hours old.
    await db.query('begin');
    await db.query(
      `update products set payment_deadline = current_date + 10, start = current_date + 20, "end" = current_date + 30 where id in (select product_id from order_lines where order_id = any($1))`,
      [[staffLead.id, paid.id, customerLead.id]],
    );
    await db.query(`update orders set created_at = now() - interval '49 hours' where id = $1`, [customerLead.id]);
    await db.query('commit');

    const to = DEMO_ACCOUNTS.customer.email;
    const noKick = async () => undefined;
    const expected = [
      `Herinnering: betaling van je bestelling FCU2${staffLead.id}`,
      `Lever de reisdocumenten aan voor bestelling FCU2${paid.id}`,
      `Je bestelling FCU2${customerLead.id} is vervallen`,
    ];
    for (const subject of expected) await smtp.waitFor(to, subject, noKick, { timeoutMs: 30_000 });
    // Several more rounds of both schedulers (1 s apart) must add nothing: wait until each process
    // has finished three more.
    const rounds = () => bases.map((b) => cluster.output(b).split('"scheduler run done"').length - 1);
    const roundsThen = rounds();
    await vi.waitFor(() => expect(rounds().every((n, i) => n >= must(roundsThen[i], 'a process') + 3)).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    const about = (id: number) => smtp.mails.filter((m) => m.subject.includes(`FCU2${id} `) || m.subject.endsWith(`FCU2${id}`)).map((m) => m.subject);
    expect(about(staffLead.id).filter((s) => !s.startsWith('Bevestiging'))).toEqual([expected[0]]);
    expect(about(paid.id).filter((s) => !/^Bevestiging|ontvangen/.test(s))).toEqual([expected[1]]);
    // The expired lead got its expiry mail only (no payment reminder in the same breath).
    expect(about(customerLead.id).filter((s) => !s.startsWith('Bevestiging'))).toEqual([expected[2]]);

    const status = (await db.query('select status from orders where id = $1', [customerLead.id])).rows[0].status;
    expect(status).toBe(OrderStatus.CANCELLED);
    expect((await db.query('select stock from products where id = $1', [trip.id])).rows[0]?.stock).toBe(stockBefore + 1);
    // The scheduler's log rows: the reminders (types 1-10) and the expiry, each once, by 'systeem'.
    const logs = (
      await db.query(
        `select order_id, type, user_executed_mail from order_logs where order_id = any($1) and (type between 1 and 10 or message like 'Lead vervallen%') order by order_id`,
        [[staffLead.id, paid.id, customerLead.id]],
      )
    ).rows;
    expect(logs.map((l) => [l.order_id, l.type >= 1 && l.type <= 10 ? l.type : 'expiry', l.user_executed_mail])).toEqual([
      [staffLead.id, 7, 'systeem'],
      [paid.id, 1, 'systeem'],
      [customerLead.id, 'expiry', 'systeem'],
    ]);
    // Both processes are still up.
    expect(cluster.allRunning()).toBe(true);
  }, 90_000);
});
