import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { MSG, ProductType, Role } from '@umrah/domain';
import { crowdfunds, products, users } from '../src/db/schema.ts';
import { dbErrorToAppError } from '../src/lib/errors.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken, solveCaptcha, validAccount } from './helpers.ts';

// Inputs that used to reach PostgreSQL and come back as 500s (NUL characters,
// lone surrogates in jsonb, impossible dates, ids above 2^31-1, deleting a user that orders point
// at), and the length limits (a 5 MB first name). Each must be a 4xx with a Dutch message.

let app: FastifyInstance;
let admin: string;
let customer: string;
let customerId: number;
let trip: number;
let fund: number;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 100 });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
  const db = app.ctx.db;
  customerId = (await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email)))[0]!.id;
  const today = new Date().toISOString().slice(0, 10);
  const [onSale] = await db
    .select()
    .from(products)
    .where(and(eq(products.type, ProductType.UMRAH_2_ADULT), gt(products.stock, 5), gt(products.start, today), eq(products.region, 'NL')));
  trip = onSale!.id;
  fund = (await db.select().from(crowdfunds))[0]!.id;
});
afterAll(async () => {
  await app?.close();
});

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';
/** The Dutch answers a refused input may get: the guard's, a schema's or the database mapping's. */
const expectClientError = (res: LightMyRequestResponse, status = 400) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/Error:|\bat .*\.(ts|js):\d+/);
  return body as { error: string; message: string };
};
const call = (opts: InjectOptions) => app.inject(opts);
const guest = (first_name: string, last_name = 'Yilmaz') => ({ first_name, last_name, age_category: 0 });
const room = (guests: unknown[], product_id: number = trip) => ({ product_id, room_type: 2, room_gender: 0, guests });
const item = { label: 'Hotel Mekka', amount_in_cents: 10_000, amount: 1, btw_type: 21 };
const quote = (over: Record<string, unknown> = {}) => ({ type: 0, expire_date: '2099-12-31', user_id: customerId, items: [item], ...over });

describe('NUL characters never reach PostgreSQL', () => {
  it('register', async () => {
    const payload = { ...validAccount({ first_name: NUL }), password: 'Geheim-wachtwoord-1', altcha: await solveCaptcha(app) };
    expect(expectClientError(await call({ method: 'POST', url: '/api/register', payload })).message).toBe(MSG.invalidInput);
  });

  it('contact form', async () => {
    const payload = { name: 'Yasmina', email: 'y@example.nl', message: `Hallo ${NUL}`, altcha: await solveCaptcha(app) };
    expectClientError(await call({ method: 'POST', url: '/api/contact', payload }));
  });

  it('voucher look-ups (public) and the admin voucher list', async () => {
    expectClientError(await call({ method: 'POST', url: '/api/requestVoucher', payload: { label: `WELKOM50${'\u0000'}` } }));
    expectClientError(await call({ method: 'POST', url: '/api/vouchers_from_label', payload: { discounts: [NUL] } }));
    expectClientError(await call({ method: 'POST', url: '/api/invoiceByToken', payload: { token: NUL } }));
  });

  it('own account (PUT /api/user) and the admin user form', async () => {
    expectClientError(await call({ method: 'PUT', url: '/api/user', headers: auth(customer), payload: validAccount({ city: NUL }) }));
    const payload = { ...validAccount({ address: NUL }), password: 'Geheim-wachtwoord-1' };
    expectClientError(await call({ method: 'POST', url: '/api/users', headers: auth(admin), payload }));
  });

  it('guest names of an order and of a price preview', async () => {
    expectClientError(await call({ method: 'POST', url: '/api/order', headers: auth(customer), payload: { rooms: [room([guest(NUL)])] } }));
    expectClientError(await call({ method: 'POST', url: '/api/order/preview', payload: { rooms: [room([guest('Ahmed', NUL)])] } }));
  });

  it.each(['/api/users', '/api/admin/orders', '/api/invoices/admin', '/api/admin/products', '/api/vouchers'])(
    'admin search %s?q=<NUL>',
    async (url) => {
      expectClientError(await call({ method: 'GET', url: `${url}?q=a%00b`, headers: auth(admin) }));
    },
  );

  it('the reset and login forms', async () => {
    expectClientError(
      await call({ method: 'POST', url: '/api/reset_pw', payload: { token: NUL, password: 'Geheim-123', confirm_password: 'Geheim-123' } }),
    );
    expectClientError(await call({ method: 'POST', url: '/api/login', payload: { email: 'klant@example.nl', password: NUL } }));
  });
});

describe('lone surrogates', () => {
  it('in a jsonb field (quote flex, quote line flex, payment flex) are a 400', async () => {
    expectClientError(await call({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload: quote({ flex: { note: LONE } }) }));
    const withItemFlex = quote({ items: [{ ...item, flex: { [LONE]: 1 } }] });
    expectClientError(await call({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload: withItemFlex }));
    const prepare = { id: 1, percent_to_pay: 100, flex: { note: LONE } };
    expectClientError(await call({ method: 'POST', url: '/api/payment/prepare', headers: auth(customer), payload: prepare }));
  });

  it('in a text column (a name that UTF-8 cannot hold) are a 400 too, not silently replaced', async () => {
    expectClientError(await call({ method: 'PUT', url: '/api/user', headers: auth(customer), payload: validAccount({ first_name: LONE }) }));
    expectClientError(await call({ method: 'POST', url: '/api/order/preview', payload: { rooms: [room([guest('\udc00')])] } }));
  });
});

describe('impossible dates', () => {
  it.each(['2001-02-31', '0000-01-01'])('register with date of birth %s', async (date) => {
    const payload = { ...validAccount({ date_of_birth: date }), password: 'Geheim-wachtwoord-1', altcha: await solveCaptcha(app) };
    expect(expectClientError(await call({ method: 'POST', url: '/api/register', payload })).message).toBe('Geboortedatum is geen geldige datum.');
  });

  it.each(['2001-02-31', '0000-01-01'])('PUT /api/user and POST /api/users with date of birth %s', async (date) => {
    const own = await call({ method: 'PUT', url: '/api/user', headers: auth(customer), payload: validAccount({ date_of_birth: date }) });
    expect(expectClientError(own).message).toBe('Geboortedatum is geen geldige datum.');
    const byAdmin = await call({ method: 'POST', url: '/api/users', headers: auth(admin), payload: validAccount({ date_of_birth: date }) });
    expect(expectClientError(byAdmin).message).toBe('Geboortedatum is geen geldige datum.');
  });

  it('a quote expiring on 0000-01-01 or 2001-02-31', async () => {
    for (const expire_date of ['0000-01-01', '2001-02-31']) {
      expectClientError(await call({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload: quote({ expire_date }) }));
    }
  });
});

describe('ids above 2^31-1', () => {
  const big = ['2147483648', '99999999999', '1e20'];
  const paramRoutes: [string, string, 'anon' | 'customer' | 'admin', object?][] = [
    ['GET', '/api/article/:id', 'anon'],
    ['GET', '/api/order/:id', 'customer'],
    ['POST', '/api/order/invoice/:id', 'customer'],
    ['POST', '/api/invoicePayment/:id', 'customer'],
    ['POST', '/api/payment/check/:id', 'customer'],
    ['DELETE', '/api/user/:id', 'admin'],
    ['PUT', '/api/user/:id', 'admin', validAccount()],
    ['DELETE', '/api/product/:id', 'admin'],
    ['DELETE', '/api/voucher/:id', 'admin'],
    ['PUT', '/api/crowdfund/:id', 'admin', { label: 'Waterput' }],
    ['DELETE', '/api/payment/:id', 'admin'],
    ['POST', '/api/user/:id/logout_all', 'admin'],
  ];
  it.each(paramRoutes)('%s %s with a huge id is a 400', async (method, path, who, payload) => {
    const headers = who === 'anon' ? {} : auth(who === 'admin' ? admin : customer);
    for (const id of big) {
      const res = await call({ method: method as 'GET', url: path.replace(':id', id), headers, ...(payload ? { payload } : {}) });
      expectClientError(res);
    }
  });

  it('in bodies: order products, rooms, donations and user; quote user_id; payment order_id; voucher products', async () => {
    for (const id of [2147483648, 99999999999, 1e20]) {
      const order = (payload: object, token = customer) => call({ method: 'POST', url: '/api/order', headers: auth(token), payload });
      expectClientError(await order({ products: [id] }));
      expectClientError(await order({ rooms: [room([guest('Ahmed')], id)] }));
      expectClientError(await order({ crowdfunds: [{ funding_id: id, funding_amount: 100 }] }));
      expectClientError(await order({ products: [], rooms: [room([guest('Ahmed')])], user: id }, admin));
      expectClientError(
        await call({
          method: 'POST',
          url: '/api/order/preview',
          payload: { crowdfunds: [{ funding_id: fund, funding_amount: 100 }], products: [id] },
        }),
      );
      expectClientError(await call({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload: quote({ user_id: id }) }));
      const payment = { order_id: id, payment_type: 0, amount: 100 };
      expectClientError(await call({ method: 'POST', url: '/api/payment', headers: auth(admin), payload: payment }));
      expectClientError(await call({ method: 'POST', url: '/api/payment/prepare', headers: auth(customer), payload: { id, percent_to_pay: 100 } }));
      expectClientError(await call({ method: 'POST', url: '/api/requestVoucher', payload: { label: 'WELKOM50', products: [id] } }));
      const voucher = { label: `V${Date.now()}`, amount: 100, expire_date: '2099-01-01 00:00:00', flex: { products: [id] } };
      expectClientError(await call({ method: 'POST', url: '/api/voucher', headers: auth(admin), payload: voucher }));
    }
  });
});

describe('deleting a user that orders or quotes point at', () => {
  const message = 'Deze gebruiker heeft bestellingen of offertes en kan niet worden verwijderd.';
  async function newUser() {
    const account = validAccount();
    const res = await call({ method: 'POST', url: '/api/users', headers: auth(admin), payload: { ...account, password: 'Nieuw-wachtwoord-1' } });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().user.id as number, email: account.email };
  }

  it('a user with an order is a 409 with a Dutch message', async () => {
    const u = await newUser();
    const token = await loginToken(app, u.email, 'Nieuw-wachtwoord-1');
    const placed = await call({ method: 'POST', url: '/api/order', headers: auth(token), payload: { rooms: [room([guest('Ahmed')])] } });
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await call({ method: 'DELETE', url: `/api/user/${u.id}`, headers: auth(admin) });
    expect(expectClientError(res, 409).message).toBe(message);
  });

  it('a user with only a quote is a 409 with the same message', async () => {
    const u = await newUser();
    const created = await call({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload: quote({ user_id: u.id }) });
    expect(created.statusCode, created.body).toBe(201);
    const res = await call({ method: 'DELETE', url: `/api/user/${u.id}`, headers: auth(admin) });
    expect(expectClientError(res, 409).message).toBe(message);
  });

  it('an admin who placed an order for a customer is a 409 as well', async () => {
    const u = await newUser();
    await call({ method: 'PUT', url: `/api/user/${u.id}`, headers: auth(admin), payload: { ...validAccount({ email: u.email }), role: Role.ADMIN } });
    const token = await loginToken(app, u.email, 'Nieuw-wachtwoord-1');
    const placed = await call({
      method: 'POST',
      url: '/api/order',
      headers: auth(token),
      payload: { rooms: [room([guest('Ahmed')])], user: customerId },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await call({ method: 'DELETE', url: `/api/user/${u.id}`, headers: auth(admin) });
    expect(expectClientError(res, 409).message).toBe(message);
  });

  it('a user without orders or quotes can still be deleted', async () => {
    const u = await newUser();
    const res = await call({ method: 'DELETE', url: `/api/user/${u.id}`, headers: auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('length limits', () => {
  const huge = 'x'.repeat(5 * 1024 * 1024);
  const long = 'x'.repeat(20_000);
  const maxName = 'Voornaam mag maximaal 100 tekens lang zijn.';
  /** A 5 MB body is refused whole (413, the body limit) or by the field's maximum (400): never read into a PDF. */
  const expectRefusedHuge = (res: LightMyRequestResponse) => {
    expect([400, 413], res.body).toContain(res.statusCode);
    const body = expectClientError(res, res.statusCode);
    if (res.statusCode === 400) expect(body.message).toBe(maxName);
  };

  it('a 5 MB first name on register is refused; a 20,000-character one gets the Dutch maximum-length message', async () => {
    const payload = (first_name: string) => ({ ...validAccount({ first_name }), password: 'Geheim-wachtwoord-1', altcha: '' });
    expectRefusedHuge(await call({ method: 'POST', url: '/api/register', payload: payload(huge) }));
    const res = await call({ method: 'POST', url: '/api/register', payload: { ...payload(long), altcha: await solveCaptcha(app) } });
    expect(expectClientError(res).message).toBe(maxName);
  });

  it('the same on PUT /api/user and on a guest of an order', async () => {
    expectRefusedHuge(await call({ method: 'PUT', url: '/api/user', headers: auth(customer), payload: validAccount({ first_name: huge }) }));
    expectRefusedHuge(await call({ method: 'POST', url: '/api/order', headers: auth(customer), payload: { rooms: [room([guest(huge)])] } }));
    const own = await call({ method: 'PUT', url: '/api/user', headers: auth(customer), payload: validAccount({ first_name: long }) });
    expect(expectClientError(own).message).toBe(maxName);
    const order = await call({ method: 'POST', url: '/api/order', headers: auth(customer), payload: { rooms: [room([guest(long)])] } });
    expect(expectClientError(order).message).toBe(maxName);
  });

  it.each([
    ['address', 201, 'Adres mag maximaal 200 tekens lang zijn.'],
    ['last_name', 101, 'Achternaam mag maximaal 100 tekens lang zijn.'],
    ['email', 255, 'Email mag maximaal 254 tekens lang zijn.'],
  ])('%s of %i characters on PUT /api/user', async (field, n, message) => {
    const value = field === 'email' ? `${'a'.repeat(n - 11)}@example.nl` : 'x'.repeat(n);
    const res = await call({ method: 'PUT', url: '/api/user', headers: auth(customer), payload: validAccount({ [field]: value }) });
    expect(expectClientError(res).message).toBe(message);
  });

  it('a contact message over 5,000 characters', async () => {
    const payload = { name: 'Yasmina', email: 'y@example.nl', message: 'x'.repeat(5001), altcha: await solveCaptcha(app) };
    expect(expectClientError(await call({ method: 'POST', url: '/api/contact', payload })).message).toBe(
      'Bericht mag maximaal 5000 tekens lang zijn.',
    );
  });
});

describe('the database error mapping (the last line, for what a schema does not cover)', () => {
  // Real errors of the database in use (PGlite or node-postgres), thrown through drizzle.
  async function dbError(query: ReturnType<typeof sql>) {
    try {
      await app.ctx.db.execute(query);
    } catch (err) {
      return err;
    }
    throw new Error('query did not fail');
  }

  it.each([
    ['NUL in text (22021)', sql`select ${'a\u0000b'}::text`, 400],
    ['NUL escape in jsonb (22P05)', sql`select '{"a":"\\u0000"}'::jsonb`, 400],
    ['lone surrogate escape in jsonb', sql`select '{"a":"\\ud800"}'::jsonb`, 400],
    ['impossible date (22008)', sql`select '2001-02-31'::date`, 400],
    ['year 0000 (22008)', sql`select '0000-01-01'::date`, 400],
    ['integer out of range (22003)', sql`select 2147483648::integer`, 400],
    ['foreign key (23503)', sql`insert into orders (user_id) values (2147483647)`, 409],
  ])('%s', async (_name, query, status) => {
    const mapped = dbErrorToAppError(await dbError(query));
    expect(mapped?.statusCode).toBe(status);
    expect(mapped?.message).toMatch(/^[A-Z].+\.$/);
  });

  it('other database errors are left alone (a 500 for the error handler to log)', async () => {
    expect(dbErrorToAppError(await dbError(sql`select * from no_such_table`))).toBeNull();
    expect(dbErrorToAppError(new Error('boom'))).toBeNull();
  });
});
