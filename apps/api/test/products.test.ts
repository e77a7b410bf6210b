import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOTELS, type ProductDto } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { guests, orders, products, rooms, users } from '../src/db/schema.ts';
import { adminToken, auth, createTestApp, customerToken } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let customer: string;

beforeAll(async () => {
  app = await createTestApp();
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
});
afterAll(async () => {
  await app?.close();
});

const trip = (over: Record<string, unknown> = {}) => ({
  type: 2,
  label: 'Testreis Firstclass',
  description: 'Een testreis.',
  price: 199900,
  stock: 12,
  start: dayjs().add(3, 'month').date(20).format('YYYY-MM-DD'),
  end: dayjs().add(3, 'month').date(30).format('YYYY-MM-DD'),
  payment_deadline: dayjs().add(2, 'month').format('YYYY-MM-DD'),
  region: 'NL',
  flex: { hotels: [0, 3], bulletpoints: [{ label: 'Vlucht', description: 'Retour' }], priority: 0, type_class: 0, extras: [] },
  ...over,
});

const getCatalog = (query = '', headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/products${query}`, headers });
const adminList = async (query = '') =>
  (await app.inject({ method: 'GET', url: `/api/admin/products${query}`, headers: auth(admin) })).json().products as ProductDto[];

describe('public catalog', () => {
  it('serves the active products of NL by default, with the fields of docs/RULES.md, Entities', async () => {
    const res = await getCatalog();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const list: ProductDto[] = res.json().products;
    expect(list.length).toBeGreaterThan(50);
    expect(list.every((p) => p.region === 'NL' && p.is_active)).toBe(true);
    const trip = list.find((p) => p.type === 2)!;
    expect(Object.keys(trip).sort()).toEqual(
      [
        'product_id',
        'id',
        'type',
        'label',
        'description',
        'start',
        'end',
        'payment_deadline',
        'stock',
        'price',
        'is_active',
        'region',
        'currency',
        'created_at',
        'flex',
      ].sort(),
    );
    expect(trip.product_id).toBe(trip.id);
    expect(trip.currency).toBe('EUR');
    expect(trip.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(trip.flex).toMatchObject({ type_class: expect.any(Number), priority: expect.any(Number), region: 'NL' });
    expect(trip.flex.hotels.every((h) => h >= 0 && h < HOTELS.length)).toBe(true);
  });

  it('filters by region: BE shows BE products only, with their own prices', async () => {
    const nl: ProductDto[] = (await getCatalog('?region=NL')).json().products;
    const be: ProductDto[] = (await getCatalog('?region=be')).json().products;
    expect(be.length).toBeGreaterThan(0);
    expect(be.every((p) => p.region === 'BE')).toBe(true);
    const nlIds = new Set(nl.map((p) => p.id));
    expect(be.some((p) => nlIds.has(p.id))).toBe(false);
    const bad = await getCatalog('?region=DE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Onbekende regio: kies NL of BE.');
  });

  it('answers 304 to a matching If-None-Match and a new ETag after a save', async () => {
    const first = await getCatalog();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await getCatalog('', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await getCatalog('', { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);

    const target = (first.json().products as ProductDto[]).find((p) => p.type === 2)!;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/product/${target.id}`,
      headers: auth(admin),
      payload: { ...target, label: 'Gewijzigde reis', type: target.type },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe('UPDATED');

    const after = await getCatalog('', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json().products as ProductDto[]).find((p) => p.id === target.id)!.label).toBe('Gewijzigde reis');
  });

  it('serves the same JSON precompressed with brotli or gzip when the client accepts it', async () => {
    const plain = await getCatalog();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const br = await getCatalog('', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    const gz = await getCatalog('', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('hides a deactivated product from the shop but keeps it in the admin list', async () => {
    const [first] = (
      await app.inject({ method: 'POST', url: '/api/products', headers: auth(admin), payload: [trip({ is_active: false, label: 'Verborgen reis' })] })
    ).json().products as ProductDto[];
    const created = must(first, 'the created product');
    const shop: ProductDto[] = (await getCatalog()).json().products;
    expect(shop.some((p) => p.id === created.id)).toBe(false);
    expect((await adminList('?q=verborgen')).map((p) => p.id)).toEqual([created.id]);
  });

  it('lists for half a year only products that start from today within six months', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products_within_halfyear?region=BE' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const list: ProductDto[] = res.json().products;
    expect(list.length).toBeGreaterThan(0);
    const from = dayjs().format('YYYY-MM-DD');
    const until = dayjs().add(6, 'month').format('YYYY-MM-DD');
    expect(list.every((p) => p.region === 'BE' && p.start! >= from && p.start! < until)).toBe(true);
  });
});

describe('who may change products', () => {
  it('refuses a customer with 403 and a visitor with 401 on create, edit, delete and the admin list', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/products', payload: [trip()] },
      { method: 'PUT' as const, url: '/api/product/1000', payload: trip() },
      { method: 'DELETE' as const, url: '/api/product/1001' },
      { method: 'GET' as const, url: '/api/admin/products' },
    ];
    for (const call of calls) {
      const asCustomer = await app.inject({ ...call, headers: auth(customer) });
      expect(asCustomer.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(asCustomer.json().message).toBe('Je bent niet toegestaan om deze pagina te bekijken.');
      expect((await app.inject(call)).statusCode).toBe(401);
    }
    // Nothing changed on the way.
    const [p] = (await adminList()).filter((x) => x.id === 1001);
    expect(p).toBeDefined();
  });
});

describe('creating and editing', () => {
  it('creates one product per item of the array and shows them in the shop at once', async () => {
    const before = (await getCatalog()).headers.etag as string;
    const res = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: auth(admin),
      payload: [trip({ type: 2 }), trip({ type: 3, price: 150000 }), trip({ type: 4, price: 50000, flex: { hotels: [1], evil: 'x' } })],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Product is succesvol aangemaakt.');
    const created: ProductDto[] = res.json().products;
    expect(created.map((p) => p.type)).toEqual([2, 3, 4]);
    expect(created[2]?.flex).toEqual({ hotels: [1], bulletpoints: [], priority: 0, type_class: 0, extras: [], region: 'NL' });
    const shop = await getCatalog('', { 'if-none-match': before });
    expect(shop.statusCode).toBe(200);
    const ids = new Set((shop.json().products as ProductDto[]).map((p) => p.id));
    expect(created.every((p) => ids.has(p.id))).toBe(true);
  });

  it('refuses bad bodies with 400 and a Dutch message, writing nothing (all or nothing)', async () => {
    const count = async () => (await adminList()).length;
    const n = await count();
    const cases: [unknown, string][] = [
      [[trip({ price: -100 })], 'Prijs moet minimaal 0 zijn.'],
      [[trip({ stock: -1 })], 'Voorraad moet minimaal 0 zijn.'],
      [[trip({ flex: { hotels: [HOTELS.length] } })], 'Onbekend hotel.'],
      [[trip({ label: undefined })], 'Titel is verplicht!'],
      [[trip({ region: 'DE' })], 'Land is verplicht!'],
      [[trip({ start: null })], 'Periode is verplicht!'],
      [[trip({ flex: { hotels: [0], bulletpoints: [{ label: '' }] } })], 'Label is verplicht!'],
      [[trip({ flex: { hotels: [0], priority: -2 } })], 'Prioriteit moet minimaal 0 zijn.'],
      [[trip(), trip({ price: -1 })], 'Prijs moet minimaal 0 zijn.'],
      // An empty list gets the schema's message; a body that is no list, the app's general one.
      [[], 'Minimaal 1 item!'],
      [trip(), 'Ongeldige invoer.'],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/products', headers: auth(admin), payload: payload as object });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, JSON.stringify(payload).slice(0, 80)).toBe(message);
    }
    expect(await count()).toBe(n);
  });

  it('edits with the same rules and answers 404 for an unknown product', async () => {
    const p = must((await adminList('?region=BE&q=Premiumclass'))[0], 'a seeded BE Premiumclass trip');
    const bad = await app.inject({ method: 'PUT', url: `/api/product/${p.id}`, headers: auth(admin), payload: { ...p, price: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Prijs moet minimaal 0 zijn.');
    const missing = await app.inject({ method: 'PUT', url: '/api/product/987654', headers: auth(admin), payload: trip() });
    expect(missing.statusCode).toBe(404);
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/product/${p.id}`,
      headers: auth(admin),
      payload: { ...p, stock: 3, flex: { ...p.flex, hotels: [2, 4], priority: 5 } },
    });
    expect(ok.json()).toMatchObject({ message: 'UPDATED', product: { stock: 3, region: 'BE', flex: { hotels: [2, 4], priority: 5, region: 'BE' } } });
  });

  it('keeps the special products plain and lessons lessons', async () => {
    const [visa] = (await adminList()).filter((p) => p.id === 1);
    const res = await app.inject({ method: 'PUT', url: '/api/product/1', headers: auth(admin), payload: { ...visa, ...trip() } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Het type van dit product kan niet worden gewijzigd.');
    const fee = await app.inject({ method: 'PUT', url: '/api/product/1', headers: auth(admin), payload: { ...visa, price: 35000 } });
    expect(fee.json().message).toBe('UPDATED');
    const lesson = must((await adminList('?region=NL')).filter((p) => p.type === 11)[0], 'a seeded NL lesson');
    const turned = await app.inject({ method: 'PUT', url: `/api/product/${lesson.id}`, headers: auth(admin), payload: trip() });
    expect(turned.statusCode).toBe(409);
  });
});

describe('deleting', () => {
  it('refuses to delete a lesson product with a clear Dutch message', async () => {
    const lessons = (await adminList()).filter((p) => p.type >= 11 && p.type <= 14);
    expect(lessons.length).toBe(8);
    const lesson = must(lessons[0], 'a seeded lesson');
    const res = await app.inject({ method: 'DELETE', url: `/api/product/${lesson.id}`, headers: auth(admin) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Lesproducten \(Arabisch\) kunnen niet worden verwijderd/);
    expect((await adminList()).some((p) => p.id === lesson.id)).toBe(true);
  });

  it('refuses products 1 and 999', async () => {
    for (const id of [1, 999]) {
      const res = await app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: auth(admin) });
      expect(res.statusCode).toBe(409);
    }
  });

  it('deletes an unused product and the shop no longer shows it', async () => {
    const [first] = (await app.inject({ method: 'POST', url: '/api/products', headers: auth(admin), payload: [trip({ label: 'Weg ermee' })] })).json()
      .products as ProductDto[];
    const created = must(first, 'the created product');
    const res = await app.inject({ method: 'DELETE', url: `/api/product/${created.id}`, headers: auth(admin) });
    expect(res.json()).toEqual({ message: 'Product succesvol verwijderd', deactivated: false });
    expect((await adminList()).some((p) => p.id === created.id)).toBe(false);
    expect(((await getCatalog()).json().products as ProductDto[]).some((p) => p.id === created.id)).toBe(false);
    const again = await app.inject({ method: 'DELETE', url: `/api/product/${created.id}`, headers: auth(admin) });
    expect(again.statusCode).toBe(404);
  });

  it('deactivates instead of deleting a product that an order refers to', async () => {
    const [first] = (await app.inject({ method: 'POST', url: '/api/products', headers: auth(admin), payload: [trip({ label: 'Besteld' })] })).json()
      .products as ProductDto[];
    const created = must(first, 'the created product');
    const { db } = app.ctx;
    const user = must((await db.select().from(users).where(eq(users.email, 'klant@example.nl')))[0], 'the demo customer');
    const order = must((await db.insert(orders).values({ userId: user.id }).returning())[0], 'the inserted order');
    const room = must(
      (await db.insert(rooms).values({ orderId: order.id, productId: created.id, roomType: 2, maxGuests: 2, roomGender: 2 }).returning())[0],
      'the inserted room',
    );
    await db.insert(guests).values({ orderId: order.id, roomId: room.id, productId: created.id, firstName: 'A', lastName: 'B', ageCategory: 0 });

    const res = await app.inject({ method: 'DELETE', url: `/api/product/${created.id}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().deactivated).toBe(true);
    const [row] = await db.select().from(products).where(eq(products.id, created.id));
    expect(row?.isActive).toBe(false);
    expect(((await getCatalog()).json().products as ProductDto[]).some((p) => p.id === created.id)).toBe(false);
  });
});
