import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray, like } from 'drizzle-orm';
import { auditLog, mailOutbox, orderLogs, products } from '../src/db/schema.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';
import { exampleTrip, payManually } from './documents-helpers.ts';
import { readAsDutchExcel } from './dutch-excel.ts';

// The dashboard's 'Openstaand' view (docs/OFFICE.md): every order with an amount open across trips,
// filtered by trip, status and deadline, sorted, with totals; as XLSX and CSV; and the payment
// reminder to a selection, each order on its own (an order paid in the meantime is skipped).

let app: FastifyInstance;
let admin: string;
let customer: string;
let bookkeeper: string;
let tripA: { id: number; start: string };
let tripB: { id: number; start: string };
const mine: Record<'leadA' | 'halfA' | 'paidA' | 'leadB', { id: number; total: number }> = {} as never;

const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

async function placeOrder(productId: number, name: string) {
  const res = await post(
    '/api/order',
    {
      rooms: [{ product_id: productId, room_type: 2, room_gender: 0, guests: [{ first_name: name, last_name: 'Openstaand', age_category: 0 }] }],
      flex: JSON.stringify({ pay_partly: true }),
    },
    customer,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().order.id as number, total: res.json().order.total_price as number };
}

const addDays = (ymd: string, n: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  [admin, customer, bookkeeper] = await Promise.all([
    adminToken(app),
    customerToken(app),
    loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password),
  ]);
  const a = await exampleTrip(app);
  tripA = { id: a.id, start: a.start! };
  const others = await app.ctx.db
    .select()
    .from(products)
    .where(and(eq(products.type, 2), eq(products.region, 'NL'), like(products.label, '%Firstclass%'), gt(products.stock, 5)))
    .orderBy(asc(products.start));
  const b = others.find((p) => p.start! > a.start!)!;
  tripB = { id: b.id, start: b.start! };
  // Deadlines the 'within N days' filter can tell apart: trip B's in 3 days, trip A's in 40.
  const today = dutchToday();
  await app.ctx.db
    .update(products)
    .set({ paymentDeadline: addDays(today, 40) })
    .where(eq(products.start, tripA.start));
  await app.ctx.db
    .update(products)
    .set({ paymentDeadline: addDays(today, 3) })
    .where(eq(products.start, tripB.start));

  mine.leadA = await placeOrder(tripA.id, 'Lead');
  mine.halfA = await placeOrder(tripA.id, 'Half');
  mine.paidA = await placeOrder(tripA.id, 'Betaald');
  mine.leadB = await placeOrder(tripB.id, 'Anders');
  await payManually(app, admin, mine.halfA.id, Math.round(mine.halfA.total / 2));
  await payManually(app, admin, mine.paidA.id, mine.paidA.total);
});
afterAll(async () => {
  await app?.close();
});

interface Listed {
  id: number;
  status: number;
  amount_open: number;
  total_price: number;
  total_payments: number;
  trip_start: string | null;
  deadline: string | null;
  last_reminder: { type: number; label: string } | null;
}
const list = async (query: string, token = admin) => {
  const res = await get(`/api/admin/orders/open${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orders: Listed[]; totals: Record<string, number>; truncated: boolean; trips: { start_date: string; orders: number }[] };
};
const ids = (orders: Listed[]) => orders.map((o) => o.id);

describe('GET /api/admin/orders/open', () => {
  it('lists the orders of one trip with an amount open (lead and down payment, not the paid one), with totals of the list', async () => {
    const res = await list(`?trip=${tripA.start}`);
    expect(ids(res.orders)).toEqual(expect.arrayContaining([mine.leadA.id, mine.halfA.id]));
    expect(ids(res.orders)).not.toContain(mine.paidA.id);
    expect(ids(res.orders)).not.toContain(mine.leadB.id);
    expect(res.orders.every((o) => o.trip_start === tripA.start && o.amount_open > 0)).toBe(true);
    const half = res.orders.find((o) => o.id === mine.halfA.id)!;
    expect(half).toMatchObject({ status: 8, total_price: mine.halfA.total, total_payments: Math.round(mine.halfA.total / 2) });
    expect(half.amount_open).toBe(mine.halfA.total - Math.round(mine.halfA.total / 2));
    const sum = (k: 'amount_open' | 'total_price' | 'total_payments') => res.orders.reduce((n, o) => n + o[k], 0);
    expect(res.totals).toEqual({
      orders: res.orders.length,
      amount_open: sum('amount_open'),
      total_price: sum('total_price'),
      total_payments: sum('total_payments'),
    });
    expect(res.truncated).toBe(false);
    expect(res.trips.map((t) => t.start_date)).toEqual(expect.arrayContaining([tripA.start, tripB.start]));
  });

  it('filters by status and by a deadline within N days, and sorts by open amount, deadline and departure', async () => {
    const downPaid = await list(`?trip=${tripA.start}&status=8`);
    expect(ids(downPaid.orders)).toContain(mine.halfA.id);
    expect(ids(downPaid.orders)).not.toContain(mine.leadA.id);

    const soon = await list('?within=7');
    expect(ids(soon.orders)).toContain(mine.leadB.id);
    expect(ids(soon.orders)).not.toContain(mine.leadA.id);
    expect(ids((await list('?within=45')).orders)).toEqual(expect.arrayContaining([mine.leadA.id, mine.leadB.id]));

    const byOpen = (await list('?sort=open&dir=desc')).orders.map((o) => o.amount_open);
    expect(byOpen).toEqual([...byOpen].sort((x, y) => y - x));
    const byDeadline = (await list('?sort=deadline')).orders.map((o) => o.deadline ?? '9999');
    expect(byDeadline).toEqual([...byDeadline].sort());
    const byDeparture = (await list('?sort=departure&dir=desc')).orders.map((o) => o.trip_start ?? '');
    expect(byDeparture).toEqual([...byDeparture].sort().reverse());
  });

  it('refuses bad filters with a Dutch 400', async () => {
    for (const [q, message] of [
      ['?status=2', 'Kies een status met een openstaand bedrag.'],
      ['?within=-1', 'Aantal dagen moet een heel getal van 0 tot en met 365 zijn.'],
      ['?sort=naam', 'Ongeldige sortering.'],
    ]) {
      const res = await get(`/api/admin/orders/open${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('is for staff: anonymous 401, customer 403, the bookkeeper reads but may not send reminders', async () => {
    expect((await get('/api/admin/orders/open')).statusCode).toBe(401);
    expect((await get('/api/admin/orders/open', customer)).statusCode).toBe(403);
    expect((await get('/api/admin/orders/open.csv', customer)).statusCode).toBe(403);
    expect((await list('', bookkeeper)).orders.length).toBeGreaterThan(0);
    const remind = await post('/api/admin/orders/open/remind', { orders: [mine.leadA.id], amount_sent: 0 }, bookkeeper);
    expect(remind.statusCode).toBe(403);
    expect((await post('/api/admin/orders/open/remind', { orders: [mine.leadA.id], amount_sent: 0 }, customer)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/orders/open/remind', () => {
  it('sends the step to each selected order, logs it on the order, and skips a paid one with a note', async () => {
    const before = (await app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).reduce((n, m) => Math.max(n, m.id), 0);
    const res = await post('/api/admin/orders/open/remind', { orders: [mine.leadA.id, mine.halfA.id, mine.paidA.id], amount_sent: 1 }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: '2 herinneringen zijn verstuurd, 1 overgeslagen.',
      sent: [
        { order_id: mine.leadA.id, type: 7 },
        { order_id: mine.halfA.id, type: 7 },
      ],
      skipped: [{ order_id: mine.paidA.id, reason: `FCU2${mine.paidA.id} overgeslagen: er staat niets meer open.` }],
    });
    const logs = await app.ctx.db
      .select()
      .from(orderLogs)
      .where(and(inArray(orderLogs.orderId, [mine.leadA.id, mine.halfA.id, mine.paidA.id]), eq(orderLogs.type, 7)));
    expect(logs.map((l) => [l.orderId, l.userExecutedMail]).sort()).toEqual(
      [
        [mine.leadA.id, DEMO_ACCOUNTS.admin.email],
        [mine.halfA.id, DEMO_ACCOUNTS.admin.email],
      ].sort(),
    );
    expect(logs[0]?.message).toContain("Betalingsherinnering 'Eerste herinnering' verstuurd naar klant@example.nl");
    const mails = await app.ctx.db.select().from(mailOutbox).where(gt(mailOutbox.id, before)).orderBy(asc(mailOutbox.id));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [DEMO_ACCOUNTS.customer.email, `Herinnering: betaling van je bestelling FCU2${mine.leadA.id}`],
      [DEMO_ACCOUNTS.customer.email, `Herinnering: betaling van je bestelling FCU2${mine.halfA.id}`],
    ]);
    // The list shows the last reminder of each order.
    const listed = (await list(`?trip=${tripA.start}`)).orders.find((o) => o.id === mine.leadA.id)!;
    expect(listed.last_reminder).toMatchObject({ type: 7, label: 'Eerste herinnering' });
  });

  it('refuses an empty or too large selection and a bad step with a Dutch 400', async () => {
    expect((await post('/api/admin/orders/open/remind', { orders: [], amount_sent: 0 }, admin)).json().message).toBe('Kies minimaal één bestelling.');
    const many = await post('/api/admin/orders/open/remind', { orders: Array.from({ length: 26 }, (_, i) => i + 1), amount_sent: 0 }, admin);
    expect([many.statusCode, many.json().message]).toEqual([400, 'Te veel bestellingen tegelijk (maximaal 25).']);
    const step = await post('/api/admin/orders/open/remind', { orders: [mine.leadA.id], amount_sent: 5 }, admin);
    expect([step.statusCode, step.json().message]).toEqual([400, 'Kies een geldige herinnering.']);
  });
});

describe('the exports', () => {
  it('CSV opens in Dutch Excel as columns: the expected header, euros with a decimal comma, a totals line; audited', async () => {
    const res = await get(`/api/admin/orders/open.csv?trip=${tripA.start}&sort=open`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="openstaand_${dutchToday()}.csv"`);
    const rows = readAsDutchExcel(res.rawPayload);
    expect(rows[0]).toEqual([
      'Bestelnummer',
      'Status',
      'Klant',
      'E-mail',
      'Reis',
      'Vertrek',
      'Betaaltermijn',
      'Totaal',
      'Betaald',
      'Open',
      'Laatste herinnering',
    ]);
    const half = rows.find((r) => r[0] === `FCU2${mine.halfA.id}`)!;
    const euros = (c: number) => (c / 100).toFixed(2).replace('.', ',');
    expect(half.slice(1, 4)).toEqual(['Aanbetaald', 'Ahmed Yilmaz', DEMO_ACCOUNTS.customer.email]);
    expect(half[5]).toBe(`${tripA.start.slice(8, 10)}-${tripA.start.slice(5, 7)}-${tripA.start.slice(0, 4)}`);
    expect(half.slice(7, 10)).toEqual([
      euros(mine.halfA.total),
      euros(Math.round(mine.halfA.total / 2)),
      euros(mine.halfA.total - Math.round(mine.halfA.total / 2)),
    ]);
    expect(rows.find((r) => r[0] === `FCU2${mine.leadA.id}`)![10]).toMatch(/^Eerste herinnering \(\d{2}-\d{2}-\d{4}\)$/);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Totaal');
    expect(total[1]).toBe(`${rows.length - 2} bestellingen`);
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'export.open_orders'));
    expect(audit.at(-1)).toMatchObject({
      actorEmail: DEMO_ACCOUNTS.admin.email,
      details: expect.objectContaining({ format: 'csv', trip: tripA.start }),
    });
  });

  it('XLSX holds the same rows with amounts as numbers', async () => {
    const res = await get(`/api/admin/orders/open.xlsx?trip=${tripA.start}`, bookkeeper);
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(10).value).toBe('Open');
    let found = false;
    ws.eachRow((row) => {
      if (row.getCell(1).value === `FCU2${mine.halfA.id}`) {
        found = true;
        expect(row.getCell(8).value).toBe(mine.halfA.total / 100);
      }
    });
    expect(found).toBe(true);
  });
});
