import { PassThrough } from 'node:stream';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductType } from '@umrah/domain';
import { guests, products, users } from '../src/db/schema.ts';
import { scrubText } from '../src/infra/http/logging.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken } from './helpers.ts';

// The log is for operations, not a copy of the customer file: one access line per request (route
// pattern, never the path's values or the query), and no personal value in any line, also when an
// error of the database carries the row it was about (drizzle puts the query's parameters in the
// error's message and stack, PostgreSQL the row's values in `detail`).

describe('the log', () => {
  let app: FastifyInstance;
  let log = '';
  let customer = '';
  let admin = '';
  const guest = { first_name: 'Zulaikha', last_name: 'Bennani-Oufkir' };

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (d) => (log += d));
    app = await createTestApp({ logLevel: 'info' }, { logStream });
    [customer, admin] = await Promise.all([customerToken(app), adminToken(app)]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const lines = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('has no personal value of an order, its guest or its customer, also in a database error', async () => {
    const [product] = await app.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.type, ProductType.UMRAH_2_ADULT), gt(products.stock, 0)))
      .limit(1);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: auth(customer),
      payload: { rooms: [{ product_id: product!.id, room_type: 2, room_gender: 0, exclusive: false, guests: [{ ...guest, age_category: 0 }] }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as number;
    const order = (await app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: auth(customer) })).json().order;
    const [user] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    expect(JSON.stringify(order)).toContain(guest.last_name);

    // A real failed statement with the guest's names among its parameters (a room that does not exist).
    const err = await app.ctx.db
      .insert(guests)
      .values({ orderId, roomId: 2_000_000_000, firstName: guest.first_name, lastName: guest.last_name, ageCategory: 0 })
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(err).toBeInstanceOf(Error);
    expect(String(err!.message)).toContain(guest.last_name);

    // Logged the ways the code logs: the error alone, the error with what it was about, a message.
    app.log.error(err);
    app.log.error({ err, order, user }, 'placing the order failed');
    app.log.warn({ guest: { firstName: guest.first_name, lastName: guest.last_name } }, `no mail for ${user!.email}`);

    const personal = [
      guest.first_name,
      guest.last_name,
      user!.email,
      user!.firstName,
      user!.lastName,
      user!.phoneNumber,
      user!.address,
      user!.zip,
      user!.dateOfBirth!,
      user!.passwordHash,
    ].filter((v) => v && v.length > 2);
    expect(personal.length).toBeGreaterThanOrEqual(9);
    const errorLines = lines().filter((l) => (l.level as number) >= 40);
    expect(errorLines).toHaveLength(3);
    for (const value of personal) expect(log, value).not.toContain(value);
    // What the lines still say: the failed statement without its values, and the order's id.
    expect(errorLines[0]!.msg).toMatch(/^Failed query: insert into "guests".*\nparams: \[redacted\]$/s);
    expect(errorLines[1]).toMatchObject({ msg: 'placing the order failed', order: { id: orderId } });
  });

  it('writes one access line per request: id, method, route pattern, status, duration; no query, no body', async () => {
    log = '';
    const secret = DEMO_ACCOUNTS.customer.email;
    const res = await app.inject({ method: 'GET', url: `/api/users?q=${encodeURIComponent(secret)}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/login', payload: { email: secret, password: 'fout-wachtwoord-123' } });
    await app.inject({ method: 'GET', url: '/reset/abcdefghijklmnopqrstuvwxyz012345' });
    const access = lines().filter((l) => l.msg === 'request');
    expect(access).toHaveLength(3);
    expect(access[0]).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: expect.any(Number),
      hostname: expect.any(String),
      reqId: expect.any(String),
      method: 'GET',
      route: '/api/users',
      status: 200,
      ms: expect.any(Number),
      msg: 'request',
    });
    expect(access[1]).toMatchObject({ method: 'POST', route: '/api/login', status: 401 });
    // A page of the app: its path (here a reset token) is not a route pattern, so it is not logged.
    expect(access[2]).toMatchObject({ method: 'GET', route: '*' });
    expect(log).not.toContain(secret);
    expect(log).not.toContain('abcdefghijklmnop');
    expect(log).not.toContain('fout-wachtwoord');
  });

  it('takes e-mail addresses out of a text, but not the path of a scoped package in a stack', () => {
    expect(scrubText('no mail for Fatima.El-Amrani+reis@example.co.uk (550 <f@x.nl>)')).toBe('no mail for [email] (550 <[email]>)');
    const frame = '    at send (/srv/shop/node_modules/@fastify/static/index.js:12:3)';
    expect(scrubText(frame)).toBe(frame);
    expect(scrubText('Failed query: select 1\nparams: a@b.nl,Fatima\n    at x (/a.js:1:1)')).toBe(
      'Failed query: select 1\nparams: [redacted]\n    at x (/a.js:1:1)',
    );
  });
});
