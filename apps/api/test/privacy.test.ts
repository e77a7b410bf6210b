import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, ProductType } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { orders, products, users, visaDocuments } from '../src/db/schema.ts';
import { PRIVACY_MSG } from '../src/modules/privacy/service.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { adminToken, auth, createTestApp, solveCaptcha, validAccount } from './helpers.ts';

let app: FastifyInstance;
let uploads: string;
let admin: string;
let tripId: number;
let photo: string;

beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), 'privacy-uploads-'));
  app = await createTestApp({ rateLimitFactor: 50, fileStore: { kind: 'local', dir: uploads } });
  admin = await adminToken(app);
  const all = await app.ctx.db.select().from(products);
  tripId = all.find((p) => p.type === ProductType.UMRAH_2_ADULT && p.stock > 2 && p.start! > dutchToday())!.id;
  const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 90, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  photo = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
});
afterAll(async () => {
  await app?.close();
  await rm(uploads, { recursive: true, force: true });
});

const files = async () => (await readdir(uploads, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile());

/** A registered customer with a paid order whose guest handed in passport data and a photo. */
async function customerWithDocuments() {
  const account = validAccount();
  const password = 'Privacy-test-2026';
  const reg = await app.inject({ method: 'POST', url: '/api/register', payload: { ...account, password, altcha: await solveCaptcha(app) } });
  expect(reg.statusCode, reg.body).toBe(201);
  const token = reg.json().token as string;
  const placed = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: auth(token),
    payload: {
      rooms: [
        {
          product_id: tripId,
          room_type: 2,
          room_gender: 0,
          exclusive: false,
          guests: [{ first_name: 'Ahmed', last_name: 'Yilmaz', age_category: 0 }],
        },
      ],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order;
  await app.ctx.db.update(orders).set({ status: OrderStatus.COMPLETED }).where(eq(orders.id, order.id));
  const visa = await app.inject({
    method: 'POST',
    url: '/api/order/guest/visa',
    headers: auth(token),
    payload: {
      order_id: order.id,
      guest_id: order.rooms[0].guests[0].id,
      first_name: 'Ahmed',
      last_name: 'Yilmaz',
      gender: 0,
      date_of_birth: '1985-03-14',
      nationality: 'NL',
      city_of_country: 'MA',
      city_of_birth: 'Tanger',
      passport_number: 'NXPRIV123',
      passport_creation_date: '2022-05-01',
      passport_expires: '2034-04-30',
      visa_photo: photo,
    },
  });
  expect(visa.statusCode, visa.body).toBe(201);
  const user = must((await app.ctx.db.select().from(users).where(eq(users.email, account.email)))[0], 'the registered account');
  return { token, password, email: account.email, userId: user.id, orderId: order.id as number };
}

describe('a customer downloads their data', () => {
  it('as JSON with account, orders and their own passport data; only their own', async () => {
    const a = await customerWithDocuments();
    const b = await customerWithDocuments();
    const res = await app.inject({ method: 'GET', url: '/api/user/export', headers: auth(a.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json();
    expect(data.account.email).toBe(a.email);
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.orders.map((o: { id: number }) => o.id)).toEqual([a.orderId]);
    expect(data.visa_documents).toHaveLength(1);
    expect(data.visa_documents[0]).toMatchObject({ order_id: a.orderId, passport_number: 'NXPRIV123', city_of_birth: 'Tanger' });
    expect(res.body).not.toContain(b.email);
    expect((await app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });
});

describe('a customer deletes their account', () => {
  it('needs the right password', async () => {
    const c = await customerWithDocuments();
    const none = await app.inject({ method: 'DELETE', url: '/api/user', headers: auth(c.token) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PRIVACY_MSG.passwordNeeded);
    const wrong = await app.inject({ method: 'DELETE', url: '/api/user', headers: auth(c.token), payload: { password: 'niet-dit' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PRIVACY_MSG.wrongPassword);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: auth(c.token) })).statusCode).toBe(200);
  });

  it('anonymises the account, keeps the orders, deletes passport data and photos, ends the sessions', async () => {
    const c = await customerWithDocuments();
    const filesBefore = (await files()).length;
    const res = await app.inject({ method: 'DELETE', url: '/api/user', headers: auth(c.token), payload: { password: c.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PRIVACY_MSG.deleted);

    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, c.userId));
    expect(row).toMatchObject({
      email: `verwijderd-${c.userId}@anoniem.invalid`,
      firstName: 'Verwijderd',
      phoneNumber: '',
      address: '',
      dateOfBirth: null,
    });
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(order).toMatchObject({ userId: c.userId, status: OrderStatus.COMPLETED });
    expect(await app.ctx.db.select().from(visaDocuments).where(eq(visaDocuments.orderId, c.orderId))).toHaveLength(0);
    expect((await files()).length).toBe(filesBefore - 1);

    expect((await app.inject({ method: 'GET', url: '/api/user', headers: auth(c.token) })).statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: c.email, password: c.password } });
    expect(login.statusCode).toBe(401);
    // The admin still finds the order (bookkeeping), without the person.
    const adminView = await app.inject({ method: 'GET', url: `/api/order/${c.orderId}`, headers: auth(admin) });
    expect(adminView.statusCode).toBe(200);
    expect(adminView.body).not.toContain(c.email);
    // The address is free again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...validAccount({ email: c.email }), password: 'Opnieuw-2026-x', altcha: await solveCaptcha(app) },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('is not for staff accounts', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/user', headers: auth(admin), payload: { password: 'x' } });
    expect(res.statusCode).toBe(403);
  });
});
