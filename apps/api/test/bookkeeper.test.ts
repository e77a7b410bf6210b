import ExcelJS from 'exceljs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, like } from 'drizzle-orm';
import { MSG, PaymentType, ProductType } from '@umrah/domain';
import { EXPORT_MSG } from '@umrah/domain/validation/exports';
import { auditLog, products, users } from '../src/db/schema.ts';
import { amsterdamDay, amsterdamMidnight } from '../src/modules/exports/service.ts';
import { DEMO_ACCOUNTS, TEST_DB, auth, loginToken } from './helpers.ts';
import { readAsDutchExcel } from './dutch-excel.ts';
import { apiRoutes, createAppWithRoutes, type RouteInfo } from './route-table.ts';

// The bookkeeper (role 2, docs/RULES.md, 'Roles'): reads orders, payments and invoices; writes nothing (every
// admin-level write route answers 403, taken from the app's own route table); exports payments
// and invoices of a date range as CSV and XLSX, each export in the audit log.

let app: FastifyInstance;
let routes: RouteInfo[];
let admin: string;
let bookkeeper: string;
let customer: string;
let orderId = 0;
let paymentId = 0;
let invoiceId = 0;
const marker = `Boekhoudtest${Date.now()}`;
const today = amsterdamDay(new Date());

beforeAll(async () => {
  ({ app, routes } = await createAppWithRoutes({ rateLimitFactor: 1000 }));
  [admin, bookkeeper, customer] = await Promise.all([
    loginToken(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password),
    loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password),
    loginToken(app, DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password),
  ]);
  // The customer books a trip, the admin books € 1.210,00 cash on it (VAT 21 %: € 210,00).
  const [trip] = await app.ctx.db
    .select()
    .from(products)
    .where(and(eq(products.type, ProductType.UMRAH_2_ADULT), gt(products.stock, 5), gt(products.start, today), eq(products.region, 'NL')));
  const placed = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: auth(customer),
    payload: {
      rooms: [{ product_id: trip!.id, room_type: 2, room_gender: 0, guests: [{ first_name: marker, last_name: 'Beta', age_category: 0 }] }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  orderId = placed.json().order.id;
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: auth(admin),
    payload: { order_id: orderId, payment_type: PaymentType.CASH, amount: 121_000 },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  paymentId = paid.json().payment?.id ?? paid.json().id;
  expect(paymentId).toBeGreaterThan(0);

  // A quote with two VAT rates: € 121,00 at 21 % and € 109,00 at 9 %.
  const [c] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
  const quote = await app.inject({
    method: 'POST',
    url: '/api/invoice',
    headers: auth(admin),
    payload: {
      type: 1,
      expire_date: '2099-12-31',
      user_id: c!.id,
      items: [
        { label: 'Reis', amount_in_cents: 12_100, amount: 1, btw_type: 21 },
        { label: 'Maaltijd', amount_in_cents: 10_900, amount: 1, btw_type: 9 },
      ],
    },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  invoiceId = quote.json().invoice.id;
});

afterAll(async () => {
  await app?.close();
});

const get = (url: string, token: string | null = bookkeeper, extra: Partial<InjectOptions> = {}) =>
  app.inject({ method: 'GET', url, headers: token ? auth(token) : {}, ...extra });

describe('the bookkeeper reads', () => {
  it('the admin orders list, one order, its log, payments and invoices', async () => {
    const orders = await get(`/api/admin/orders?q=FCU2${orderId}`);
    expect(orders.statusCode, orders.body).toBe(200);
    expect(
      orders
        .json()
        .orders.concat(orders.json().leads ?? [])
        .some((o: { id: number }) => o.id === orderId),
    ).toBe(true);
    const one = await get(`/api/order/${orderId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().order.id).toBe(orderId);
    expect((await get(`/api/order/${orderId}/logs`)).statusCode).toBe(200);
    const pays = await get(`/api/payments?order_id=${orderId}`);
    expect(pays.statusCode).toBe(200);
    expect(pays.json().payments.map((p: { id: number }) => p.id)).toContain(paymentId);
    const invs = await get('/api/invoices/admin');
    expect(invs.statusCode).toBe(200);
    expect(invs.json().invoices.map((i: { id: number }) => i.id)).toContain(invoiceId);
    // The PDF of someone else's invoice is a read too.
    const pdf = await app.inject({ method: 'POST', url: `/api/invoices_invoice/${invoiceId}`, headers: auth(bookkeeper) });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
  });
});

describe('the bookkeeper writes nothing', () => {
  it('no route that changes anything is open to staff: every write is admin-only (the route table)', () => {
    const writes = apiRoutes(routes).filter((r) => r.method !== 'GET');
    expect(writes.filter((r) => r.access === 'staff').map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(writes.filter((r) => r.access === 'admin').length).toBeGreaterThan(20);
  });

  it('403 in Dutch on every admin write route, before its body is read', async () => {
    const writes = apiRoutes(routes).filter((r) => r.method !== 'GET' && r.access === 'admin');
    for (const r of writes) {
      const url = r.url.replace(/:([A-Za-z0-9_]+)/g, String(orderId));
      const res = await app.inject({
        method: r.method as InjectOptions['method'],
        url,
        headers: { ...auth(bookkeeper), ...(r.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
        ...(r.method === 'DELETE' ? {} : { payload: '{}' }),
      });
      expect(res.statusCode, `${r.method} ${r.url} → ${res.body.slice(0, 200)}`).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
  });

  it('creating a product: 403, and no product is made', async () => {
    const label = `Boekhoudproduct ${marker}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: auth(bookkeeper),
      payload: { label, type: ProductType.UMRAH_2_ADULT, price: 1000, stock: 5 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.forbidden);
    expect(await app.ctx.db.select().from(products).where(eq(products.label, label))).toHaveLength(0);
  });

  it('paying, cancelling or booking on a customer order or quote: 403, the payment stays', async () => {
    const cancel = await app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}`, headers: auth(bookkeeper) });
    expect(cancel.statusCode).toBe(403);
    const del = await app.inject({ method: 'DELETE', url: `/api/payment/${paymentId}`, headers: auth(bookkeeper) });
    expect(del.statusCode).toBe(403);
    const pay = await app.inject({ method: 'POST', url: `/api/invoicePayment/${invoiceId}`, headers: auth(bookkeeper) });
    expect(pay.statusCode).toBe(403);
    expect(pay.json().message).toBe(MSG.forbidden);
    const pays = await get(`/api/payments?order_id=${orderId}`);
    expect(pays.json().payments.map((p: { id: number }) => p.id)).toContain(paymentId);
    expect((await get(`/api/order/${orderId}`)).json().order.status).not.toBe(3);
  });
});

describe('exports', () => {
  const range = `from=${today}&to=${today}`;
  const dutchToday = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;

  it('payments CSV: BOM, ; separated, the header an accountant expects, the known payment with 21 % VAT', async () => {
    const res = await get(`/api/admin/exports/payments.csv?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="betalingen_${today}_${today}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = readAsDutchExcel(res.rawPayload);
    expect(rows[0]).toEqual([
      'Datum',
      'Betalingsnummer',
      'Bestel-/factuurnummer',
      'Soort',
      'Klant',
      'E-mail',
      'Betaalmethode',
      'Bedrag incl. btw',
      'Btw-tarief (%)',
      'Btw-bedrag',
      'Bedrag excl. btw',
    ]);
    const mine = rows.filter((r) => r[1] === String(paymentId));
    expect(mine).toEqual([
      [
        dutchToday,
        String(paymentId),
        `FCU2${orderId}`,
        'Bestelling',
        'Ahmed Yilmaz',
        DEMO_ACCOUNTS.customer.email,
        'Contant',
        '1210,00',
        '21',
        '210,00',
        '1000,00',
      ],
    ]);
  });

  it('a name that starts like a formula is neutralised with a leading quote', async () => {
    const [c] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    await app.ctx.db.update(users).set({ firstName: '=HYPERLINK("x";"y")' }).where(eq(users.id, c!.id));
    try {
      const res = await get(`/api/admin/exports/payments.csv?${range}`);
      const row = readAsDutchExcel(res.rawPayload).find((r) => r[1] === String(paymentId))!;
      expect(row[4]).toBe(`'=HYPERLINK("x";"y") Yilmaz`);
      expect(res.rawPayload.toString('utf8')).toContain(`"'=HYPERLINK(""x"";""y"") Yilmaz"`);
    } finally {
      await app.ctx.db.update(users).set({ firstName: c!.firstName }).where(eq(users.id, c!.id));
    }
  });

  it('invoices CSV: one row per VAT rate of the lines', async () => {
    const res = await get(`/api/admin/exports/invoices.csv?${range}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = readAsDutchExcel(res.rawPayload);
    expect(rows[0]).toEqual([
      'Datum',
      'Factuurnummer',
      'Type',
      'Klant',
      'E-mail',
      'Bedrag incl. btw',
      'Btw-tarief (%)',
      'Btw-bedrag',
      'Bedrag excl. btw',
      'Betaalmethode',
      'Betaald incl. btw',
    ]);
    expect(rows.filter((r) => r[1] === `FCU2${invoiceId}`)).toEqual([
      [dutchToday, `FCU2${invoiceId}`, 'Factuur', 'Ahmed Yilmaz', DEMO_ACCOUNTS.customer.email, '121,00', '21', '21,00', '100,00', '', '0,00'],
      [dutchToday, `FCU2${invoiceId}`, 'Factuur', 'Ahmed Yilmaz', DEMO_ACCOUNTS.customer.email, '109,00', '9', '9,00', '100,00', '', '0,00'],
    ]);
  });

  it('payments XLSX opens with exceljs: numbers with two-decimal format, a real date', async () => {
    const res = await get(`/api/admin/exports/payments.xlsx?${range}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Betalingen')!;
    expect(sheet.getRow(1).getCell(8).value).toBe('Bedrag incl. btw');
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(2).value === paymentId) found = row;
    });
    expect(found).toBeDefined();
    expect(found!.getCell(3).value).toBe(`FCU2${orderId}`);
    expect(found!.getCell(8).value).toBe(1210);
    expect(found!.getCell(8).numFmt).toBe('#,##0.00');
    expect(found!.getCell(9).value).toBe(21);
    expect(found!.getCell(10).value).toBe(210);
    expect(found!.getCell(11).value).toBe(1000);
    const date = found!.getCell(1).value as Date;
    expect(date).toBeInstanceOf(Date);
    expect(date.toISOString().slice(0, 10)).toBe(today);
  });

  it('invoices XLSX opens with exceljs', async () => {
    const res = await get(`/api/admin/exports/invoices.xlsx?${range}`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Facturen')!;
    const mine: unknown[][] = [];
    sheet.eachRow((row) => {
      if (row.getCell(2).value === `FCU2${invoiceId}`) mine.push([row.getCell(6).value, row.getCell(7).value, row.getCell(8).value]);
    });
    expect(mine).toEqual([
      [121, 21, 21],
      [109, 9, 9],
    ]);
  });

  it('a range that ended before the payment holds none of it', async () => {
    const res = await get('/api/admin/exports/payments.csv?from=2020-01-01&to=2020-12-31');
    expect(res.statusCode).toBe(200);
    expect(readAsDutchExcel(res.rawPayload)).toHaveLength(1);
  });

  it.each([
    ['no dates', '', EXPORT_MSG.from],
    ['a day that does not exist', 'from=2025-02-30&to=2025-03-01', EXPORT_MSG.from],
    ['a Dutch-written date', 'from=01-01-2025&to=2025-03-01', EXPORT_MSG.from],
    ['a bad end', 'from=2025-01-01&to=2025-13-01', EXPORT_MSG.to],
    ['from after to', 'from=2025-03-02&to=2025-03-01', EXPORT_MSG.order],
    ['more than two years', 'from=2023-01-01&to=2025-01-01', EXPORT_MSG.tooLong],
    ['an array', 'from=2025-01-01&from=2025-01-02&to=2025-03-01', EXPORT_MSG.from],
    // Query strings go through the input guard first (docs/ABUSE.md, 'Bodies and query strings'): a NUL is refused before the route.
    ['text with a NUL in both', 'from=a%00b&to=a%00b', MSG.invalidInput],
    ['letters in both', 'from=abc&to=def', EXPORT_MSG.from],
  ])('%s: 400 in Dutch', async (_name, query, message) => {
    for (const kind of ['payments.csv', 'invoices.xlsx']) {
      const res = await get(`/api/admin/exports/${kind}?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('exactly two years (to the day before) is allowed', async () => {
    expect((await get('/api/admin/exports/payments.csv?from=2023-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('customer 403, anonymous 401', async () => {
    for (const kind of ['payments.csv', 'payments.xlsx', 'invoices.csv', 'invoices.xlsx']) {
      const asCustomer = await get(`/api/admin/exports/${kind}?${range}`, customer);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().message).toBe(MSG.forbidden);
      const anonymous = await get(`/api/admin/exports/${kind}?${range}`, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(MSG.loginRequired);
    }
  });

  it('each export is in the audit log: who, when and which range; refused ones are not', async () => {
    const [last] = await app.ctx.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    await get('/api/admin/exports/invoices.csv?from=2024-02-01&to=2024-02-29');
    await get('/api/admin/exports/invoices.csv?from=2024-03-01&to=2024-02-29');
    await get('/api/admin/exports/invoices.csv?from=2024-02-01&to=2024-02-29', customer);
    const rows = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'export.%'), gt(auditLog.id, last?.id ?? 0)))
      .orderBy(desc(auditLog.id));
    expect(rows).toHaveLength(1);
    const [bookkeeperRow] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.bookkeeper.email));
    expect(rows[0]?.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(rows[0]).toMatchObject({
      actorUserId: bookkeeperRow!.id,
      actorEmail: DEMO_ACCOUNTS.bookkeeper.email,
      action: 'export.invoices',
      details: { format: 'csv', from: '2024-02-01', to: '2024-02-29' },
    });
  });
});

describe('Amsterdam days', () => {
  it('midnight in winter and summer time', () => {
    expect(amsterdamMidnight('2025-01-15').toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(amsterdamMidnight('2025-07-15').toISOString()).toBe('2025-07-14T22:00:00.000Z');
    // The days the clocks change.
    expect(amsterdamMidnight('2025-03-30').toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(amsterdamMidnight('2025-10-26').toISOString()).toBe('2025-10-25T22:00:00.000Z');
    expect(amsterdamDay(new Date('2025-07-14T22:30:00Z'))).toBe('2025-07-15');
  });
});

console.log(`bookkeeper tests on ${TEST_DB}`);
