import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VOUCHER_MSG } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { vouchers } from '../src/db/schema.ts';
import { adminToken, auth, createTestApp, customerToken } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let customer: string;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
});
afterAll(async () => {
  await app?.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });

describe('POST /api/requestVoucher', () => {
  it('gives the voucher for a known code, without regard to case, without login', async () => {
    const res = await post('/api/requestVoucher', { label: 'welkom50' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: VOUCHER_MSG.applied,
      voucher: { label: 'WELKOM50', amount: 5000, active: true, flex: { products: [] } },
    });
    expect(res.json().voucher.expire_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers the spec messages: unknown 404, expired 400; kid-without-bed is not a code to type', async () => {
    const unknown = await post('/api/requestVoucher', { label: 'BESTAATNIET' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Deze kortingscode bestaat niet.');
    const expired = await post('/api/requestVoucher', { label: 'VERLOPEN' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Kortingscode is verlopen.');
    const kid = await post('/api/requestVoucher', { label: 'kid-without-bed' });
    expect(kid.statusCode).toBe(404);
    expect(kid.json().message).toBe('Deze kortingscode bestaat niet.');
    const empty = await post('/api/requestVoucher', { label: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Code is verplicht!');
  });

  it("refuses more codes than cart items, and a code the cart already holds: 'Kortingscode kan niet vaker worden gebruikt.'", async () => {
    await app.ctx.db.insert(vouchers).values({ label: 'TWEEDECODE', amount: 500, active: true });
    const over = await post('/api/requestVoucher', { label: 'TWEEDECODE', discounts: ['WELKOM50', 'kid-without-bed'], items: 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Kortingscode kan niet vaker worden gebruikt.');
    const ok = await post('/api/requestVoucher', { label: 'TWEEDECODE', discounts: ['WELKOM50'], items: 2 });
    expect(ok.statusCode).toBe(200);
    // Vouchers do not stack: the same code again (in any case) no longer counts as a second code, even with items to spare.
    for (const label of ['WELKOM50', 'welkom50']) {
      const again = await post('/api/requestVoucher', { label, discounts: ['WELKOM50'], items: 20 });
      expect(again.statusCode, label).toBe(400);
      expect(again.json().message).toBe(VOUCHER_MSG.overused);
    }
  });

  it('applies a product-bound voucher only to carts holding the product', async () => {
    await app.ctx.db.insert(vouchers).values({ label: 'ALLEENLES', amount: 500, active: true, flex: { products: [4242] } });
    const other = await post('/api/requestVoucher', { label: 'ALLEENLES', products: [1, 2] });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(VOUCHER_MSG.noMatch);
    const match = await post('/api/requestVoucher', { label: 'ALLEENLES', products: [4242] });
    expect(match.statusCode).toBe(200);
    expect(match.json().voucher.flex.products).toEqual([4242]);
  });
});

describe('POST /api/vouchers_from_label', () => {
  it('returns the vouchers of the labels it knows', async () => {
    const res = await post('/api/vouchers_from_label', { discounts: ['WELKOM50', 'kid-without-bed', 'ONBEKEND', 'welkom50'] });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .vouchers.map((v: { label: string }) => v.label)
        .sort(),
    ).toEqual(['WELKOM50', 'kid-without-bed']);
    const kid = res.json().vouchers.find((v: { label: string }) => v.label === 'kid-without-bed');
    expect(kid).toMatchObject({ amount: 25000, expire_date: null });
  });

  it('answers 400 for a body without a list', async () => {
    const res = await post('/api/vouchers_from_label', { discounts: 'WELKOM50' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Stuur een lijst met kortingscodes.');
  });
});

describe('admin vouchers', () => {
  it('lists vouchers for admins only, paginated', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/vouchers' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/vouchers', headers: auth(customer) })).statusCode).toBe(403);
    const page = await app.inject({ method: 'GET', url: '/api/vouchers?page=1&pageSize=2', headers: auth(admin) });
    expect(page.statusCode).toBe(200);
    expect(page.json().vouchers).toHaveLength(2);
    expect(page.json().total).toBeGreaterThanOrEqual(3);
    const search = await app.inject({ method: 'GET', url: '/api/vouchers?q=welkom', headers: auth(admin) });
    expect(search.json().vouchers.map((v: { label: string }) => v.label)).toEqual(['WELKOM50']);
  });

  it('adds an active voucher: amount in cents, expiry in Dutch time', async () => {
    const res = await post('/api/voucher', { label: 'ZOMER25', amount: 2500, expire_date: '2027-08-31 23:59:59' }, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Kortingscode ZOMER25 is succesvol toegevoegd.',
      voucher: { label: 'ZOMER25', amount: 2500, active: true, expire_date: '2027-08-31 23:59:59' },
    });
    const [row] = await app.ctx.db.select().from(vouchers).where(eq(vouchers.label, 'ZOMER25'));
    // 23:59:59 in Amsterdam summer time is 21:59:59 UTC.
    expect(row?.expireDate?.toISOString()).toBe('2027-08-31T21:59:59.000Z');
    const again = await post('/api/voucher', { label: 'zomer25', amount: 100, expire_date: '2027-08-31 23:59:59' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VOUCHER_MSG.exists);
  });

  it('refuses bad bodies with Dutch messages, and customers', async () => {
    const cases: [unknown, string][] = [
      [{ amount: 100, expire_date: '2027-01-01 00:00:00' }, 'Code is verplicht!'],
      [{ label: 'X1', expire_date: '2027-01-01 00:00:00' }, 'Bedrag is verplicht!'],
      [{ label: 'X1', amount: 0, expire_date: '2027-01-01 00:00:00' }, 'Bedrag moet boven 0 zijn'],
      [{ label: 'X1', amount: 12.5, expire_date: '2027-01-01 00:00:00' }, VOUCHER_MSG.amountCents],
      [{ label: 'X1', amount: 100 }, 'Vervaldatum is verplicht!'],
      [{ label: 'X1', amount: 100, expire_date: '31-01-2027' }, VOUCHER_MSG.expireFormat],
      [{ label: 'X1', amount: 100, expire_date: '2027-02-31 10:00:00' }, VOUCHER_MSG.expireFormat],
      [{ label: 'met spatie', amount: 100, expire_date: '2027-01-01 00:00:00' }, VOUCHER_MSG.labelFormat],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/voucher', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post('/api/voucher', { label: 'X2', amount: 100, expire_date: '2027-01-01 00:00:00' }, customer)).statusCode).toBe(403);
    expect((await post('/api/voucher', { label: 'X2', amount: 100, expire_date: '2027-01-01 00:00:00' })).statusCode).toBe(401);
  });

  it('answers wrong JSON types in Dutch on every voucher route', async () => {
    const cases: [string, string][] = [
      ['/api/voucher', JSON.stringify({ label: 5, amount: '5', expire_date: 5, flex: 'x' })],
      ['/api/voucher', '"x"'],
      ['/api/requestVoucher', JSON.stringify({ label: 'a', discounts: 'x', items: 'x', products: ['x'] })],
      ['/api/requestVoucher', 'null'],
      ['/api/vouchers_from_label', JSON.stringify({ discounts: [5] })],
      ['/api/vouchers_from_label', '[]'],
    ];
    for (const [url, payload] of cases) {
      const res = await app.inject({ method: 'POST', url, headers: { ...auth(admin), 'content-type': 'application/json' }, payload });
      expect(res.statusCode, `${url} ${payload}`).toBe(400);
      const texts = [res.json().message, ...(res.json().details ?? []).map((d: { message: string }) => d.message)];
      for (const t of texts) expect(t, `${url} ${payload}`).not.toMatch(/invalid|expected|received/i);
    }
  });

  it('a voucher added with a past expiry is refused at the cart as expired', async () => {
    expect((await post('/api/voucher', { label: 'OUD', amount: 100, expire_date: '2020-01-01 00:00:00' }, admin)).statusCode).toBe(201);
    const res = await post('/api/requestVoucher', { label: 'OUD' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Kortingscode is verlopen.');
  });

  it("deletes vouchers, but never 'kid-without-bed'", async () => {
    const kid = must((await app.ctx.db.select().from(vouchers).where(eq(vouchers.label, 'kid-without-bed')))[0], 'the seeded voucher');
    const refused = await app.inject({ method: 'DELETE', url: `/api/voucher/${kid.id}`, headers: auth(admin) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(VOUCHER_MSG.protectedVoucher);

    const created = await post('/api/voucher', { label: 'WEG', amount: 100, expire_date: '2030-01-01 00:00:00' }, admin);
    const id = created.json().voucher.id;
    expect((await app.inject({ method: 'DELETE', url: `/api/voucher/${id}`, headers: auth(customer) })).statusCode).toBe(403);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/voucher/${id}`, headers: auth(admin) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(VOUCHER_MSG.deleted);
    const gone = await app.inject({ method: 'DELETE', url: `/api/voucher/${id}`, headers: auth(admin) });
    expect(gone.statusCode).toBe(404);
    expect((await post('/api/requestVoucher', { label: 'WEG' })).statusCode).toBe(404);
  });
});
