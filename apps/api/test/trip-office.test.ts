import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { OrderStatus } from '@umrah/domain';
import { auditLog, mailOutbox, orderLogs, orders, payments, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';
import { exampleTrip } from './documents-helpers.ts';

// The trip page as the office's workplace (docs/OFFICE.md): the trip's orders with the dashboard's data
// (for the order cards' actions), the document reminder to every order of the trip that still
// misses documents, and the guest contact list for the tour leader (PDF and XLSX, audited).

let app: FastifyInstance;
let admin: string;
let customer: string;
let bookkeeper: string;
let start: string;
const PHONE = '06 4444 5555';
const placed: { id: number; total: number }[] = [];

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  [admin, customer, bookkeeper] = await Promise.all([
    adminToken(app),
    customerToken(app),
    loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password),
  ]);
  await app.ctx.db.update(users).set({ phoneNumber: PHONE }).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
  const trip = await exampleTrip(app);
  start = trip.start!;
  for (const [name, status] of [
    ['Karim', OrderStatus.DOWN_PAYMENT],
    ['Samir', OrderStatus.COMPLETED],
  ] as const) {
    const res = await post(
      '/api/order',
      {
        rooms: [{ product_id: trip.id, room_type: 2, room_gender: 0, guests: [{ first_name: name, last_name: 'Reisleider', age_category: 0 }] }],
        flex: JSON.stringify({ pay_partly: true }),
      },
      customer,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = { id: res.json().order.id as number, total: res.json().order.total_price as number };
    placed.push(order);
    // Paid directly: the payment rules are not under test here.
    await app.ctx.db.update(orders).set({ status }).where(eq(orders.id, order.id));
    await app.ctx.db
      .insert(payments)
      .values({ orderId: order.id, paymentType: 2, amount: status === OrderStatus.COMPLETED ? order.total : order.total / 2 });
  }
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/admin/trips/:start_date/orders', () => {
  it('gives the trip page’s orders as the dashboard has them (user, totals, logs); admin only', async () => {
    const detail = (await get(`/api/admin/trips/${start}`, admin)).json();
    const res = await get(`/api/admin/trips/${start}/orders`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().orders as { id: number; order_number: string; user: { email: string }; logs: unknown[]; total_payments: number }[];
    expect(list.map((o) => o.id).sort()).toEqual(detail.orders.map((o: { id: number }) => o.id).sort());
    const mine = list.find((o) => o.id === placed[0]!.id)!;
    expect(mine).toMatchObject({
      order_number: `FCU2${placed[0]!.id}`,
      user: { email: DEMO_ACCOUNTS.customer.email },
      total_payments: placed[0]!.total / 2,
    });
    expect(Array.isArray(mine.logs)).toBe(true);
    expect((await get(`/api/admin/trips/${start}/orders`, bookkeeper)).statusCode).toBe(403);
    expect((await get(`/api/admin/trips/${start}/orders`)).statusCode).toBe(401);
    expect((await get('/api/admin/trips/2001-01-01/orders', admin)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/trips/:start_date/remind/documents', () => {
  it('sends the document reminder to every order of the trip with guests without documents, logged on each order', async () => {
    const before = (await app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).reduce((n, m) => Math.max(n, m.id), 0);
    const res = await post(`/api/admin/trips/${start}/remind/documents`, { type: 1 }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string; sent: { order_id: number; type: number }[]; skipped: unknown[] };
    expect(body.sent).toEqual(expect.arrayContaining(placed.map((p) => ({ order_id: p.id, type: 1 }))));
    expect(body.message).toMatch(/herinnering(en zijn| is) verstuurd/);
    const logs = await app.ctx.db
      .select()
      .from(orderLogs)
      .where(
        and(
          inArray(
            orderLogs.orderId,
            placed.map((p) => p.id),
          ),
          eq(orderLogs.type, 1),
        ),
      );
    expect(logs.map((l) => [l.orderId, l.userExecutedMail]).sort()).toEqual(placed.map((p) => [p.id, DEMO_ACCOUNTS.admin.email]).sort());
    const mails = await app.ctx.db.select().from(mailOutbox).where(gt(mailOutbox.id, before));
    for (const p of placed) expect(mails.some((m) => m.subject === `Lever de reisdocumenten aan voor bestelling FCU2${p.id}`)).toBe(true);
  });

  it('refuses a bad step with a Dutch 400, and is admin only', async () => {
    const bad = await post(`/api/admin/trips/${start}/remind/documents`, { type: 6 }, admin);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Kies een geldige herinnering.']);
    expect((await post(`/api/admin/trips/${start}/remind/documents`, { type: 1 }, bookkeeper)).statusCode).toBe(403);
    expect((await post(`/api/admin/trips/${start}/remind/documents`, { type: 1 }, customer)).statusCode).toBe(403);
  });
});

describe('the guest contact list', () => {
  const auditCount = async (action: string) => (await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

  it('contacts.xlsx: Kamer, Gast, Boeker, Telefoon, E-mail, Opmerking, with the phone number given at registration; audited', async () => {
    const res = await get(`/api/admin/trips/${start}/contacts.xlsx`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contactlijst-${start}.xlsx"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
    expect(rows[0]).toEqual(['Kamer', 'Gast', 'Boeker', 'Telefoon', 'E-mail', 'Opmerking']);
    const karim = rows.find((r) => r[1] === 'Karim Reisleider')!;
    expect(karim).toEqual([`FCU2${placed[0]!.id} kamer 1`, 'Karim Reisleider', 'Ahmed Yilmaz', PHONE, DEMO_ACCOUNTS.customer.email, '']);
    expect(await auditCount('trip.download.contacts_xlsx')).toBe(1);
  });

  it('contacts.pdf: the list for the tour leader from the PDF worker; audited; admin only', async () => {
    const res = await get(`/api/admin/trips/${start}/contacts.pdf`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload }).toString('utf8');
    expect(text).toContain('Contactlijst reizigers');
    expect(text).toContain('Samir Reisleider');
    expect(text).toContain(PHONE);
    expect(await auditCount('trip.download.contacts_pdf')).toBe(1);
    expect((await get(`/api/admin/trips/${start}/contacts.pdf`, bookkeeper)).statusCode).toBe(403);
  });
});
