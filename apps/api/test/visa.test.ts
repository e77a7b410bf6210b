import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LogType, OrderStatus, ProductType, VISA_MSG } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { auditLog, guests, mailOutbox, orderLogs, orders, products, rooms, users, visaDocuments } from '../src/db/schema.ts';
import { createSealer } from '../src/infra/crypto/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createRetentionJob, purgeExpiredVisaData } from '../src/modules/visa/retention.ts';
import { reencryptVisaData } from '../src/modules/visa/rotation.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { DEMO_ACCOUNTS, TEST_DB, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';

const KEY1 = randomBytes(32).toString('base64');
const KEY2 = randomBytes(32).toString('base64');

let app: FastifyInstance;
let uploads: string;
let admin: string;
let customer: string;
let other: string;
let bookkeeper: string;
type TripProduct = { id: number; label: string; start: string; end: string };
/** At least three upcoming trips, sorted by start (checked in beforeAll). */
let tripProducts: [TripProduct, TripProduct, TripProduct, ...TripProduct[]];

type ProductRow = typeof products.$inferSelect;

/** Files in the upload folder, relative paths. */
async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(uploads, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

async function photo(opts: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp' } = {}): Promise<Buffer> {
  const img = sharp({ create: { width: opts.width ?? 1600, height: opts.height ?? 2000, channels: 3, background: { r: 200, g: 180, b: 160 } } });
  if ((opts.format ?? 'jpeg') === 'jpeg') {
    // A camera-like photo with EXIF that must not survive.
    return img
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'GEHEIM-EXIF', Make: 'TestCam' } } })
      .toBuffer();
  }
  return opts.format === 'png' ? img.png().toBuffer() : img.webp().toBuffer();
}
const dataUrl = (b: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${b.toString('base64')}`;

let jpegDataUrl: string;

const visaBody = (orderId: number, guestId: number, over: Record<string, unknown> = {}) => ({
  order_id: orderId,
  guest_id: guestId,
  first_name: 'Ahmed',
  last_name: 'Yilmaz',
  gender: 0,
  date_of_birth: '1980-02-29',
  nationality: 'NL',
  city_of_country: 'TR',
  city_of_birth: 'Konya',
  passport_number: `NX${randomBytes(4).toString('hex').toUpperCase()}`,
  passport_creation_date: '2022-05-01',
  passport_expires: '2032-04-30',
  visa_photo: jpegDataUrl,
  ...over,
});

const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

/** Places an order of one room with these guests on the given trip product, as the given customer. */
async function placeOrder(token: string, productId: number, names: string[]) {
  const res = await post(
    '/api/order',
    {
      rooms: [
        {
          product_id: productId,
          room_type: 2,
          room_gender: 0,
          exclusive: false,
          guests: names.map((n) => ({ first_name: n, last_name: 'Yilmaz', age_category: 0 })),
        },
      ],
      flex: JSON.stringify({ pay_partly: true }),
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order;
  const guestIds: number[] = order.rooms[0].guests.map((g: { id: number }) => g.id);
  const [first, ...rest] = guestIds;
  if (first === undefined || guestIds.length !== names.length) throw new Error(`expected ${names.length} guests, got ${guestIds.length}`);
  // A guest per name: the first is always there; the tests that place two read the second with must().
  return { id: order.id as number, total: order.total_price as number, guestIds: [first, ...rest] as [number, ...number[]] };
}

const setStatus = (orderId: number, status: number) => app.ctx.db.update(orders).set({ status }).where(eq(orders.id, orderId));
const mailsTo = async (to: string) => app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
const docOf = async (guestId: number) => (await app.ctx.db.select().from(visaDocuments).where(eq(visaDocuments.guestId, guestId)))[0];

beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), 'visa-uploads-'));
  app = await createTestApp({ rateLimitFactor: 50, visaEncryptionKey: KEY1, visaPreviousKeys: [], fileStore: { kind: 'local', dir: uploads } });
  const db = app.ctx.db;
  await db.insert(users).values({
    email: 'andere-klant@example.nl',
    passwordHash: await hashPassword('Andere-klant-2026'),
    firstName: 'Samira',
    lastName: 'Ouali',
    role: 0,
  });
  [admin, customer, other, bookkeeper] = await Promise.all([
    adminToken(app),
    customerToken(app),
    loginToken(app, 'andere-klant@example.nl', 'Andere-klant-2026'),
    loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password),
  ]);
  const all = await db.select().from(products);
  const firstclass = (p: ProductRow) => p.region === 'NL' && p.flex.type_class === 0;
  tripProducts = all
    .filter((p) => p.type === ProductType.UMRAH_2_ADULT && firstclass(p) && p.stock > 5 && p.start! > dutchToday())
    .sort((a, b) => a.start!.localeCompare(b.start!))
    .map((p) => ({ id: p.id, label: p.label, start: p.start!, end: p.end! })) as typeof tripProducts;
  expect(tripProducts.length).toBeGreaterThanOrEqual(3);
  jpegDataUrl = dataUrl(await photo());
});
afterAll(async () => {
  await app?.close();
  await rm(uploads, { recursive: true, force: true });
});

describe('who may use the visa routes', () => {
  let order: Awaited<ReturnType<typeof placeOrder>>;
  beforeAll(async () => {
    order = await placeOrder(customer, tripProducts[0].id, ['Ahmed']);
    await setStatus(order.id, OrderStatus.DOWN_PAYMENT);
  });

  it('answers 401 to an anonymous caller on every route, before looking at the body', async () => {
    const calls = [
      get(`/api/order/${order.id}/visa`),
      post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0])),
      post('/api/order/guest/visa', { nonsense: true }),
      post(`/api/order/guest/update_name/${order.id}`, { order_id: order.id, id: order.guestIds[0], first_name: 'A', last_name: 'B', gender: 0 }),
      post('/api/order/remind/documents/faulty', { order_id: order.id, guests: [order.guestIds[0]], reason: 'x' }),
      post('/api/order/remind/documents/finish', { order_id: order.id }),
      get(`/api/admin/order/${order.id}/visa`),
      get(`/api/order/guest/${order.guestIds[0]}/visa/photo`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe('Log in om deze pagina te bekijken');
    }
  });

  it("gives another customer 404 on someone else's order (existence is not revealed) and 403 on admin routes", async () => {
    const missing = await get('/api/order/999999/visa', other);
    const res = await get(`/api/order/${order.id}/visa`, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(missing.json());
    expect((await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0]), other)).statusCode).toBe(404);
    expect(
      (
        await post(
          `/api/order/guest/update_name/${order.id}`,
          { order_id: order.id, id: order.guestIds[0], first_name: 'A', last_name: 'B', gender: 0 },
          other,
        )
      ).statusCode,
    ).toBe(404);
    expect((await post('/api/order/remind/documents/finish', { order_id: order.id }, other)).statusCode).toBe(404);
    expect((await get(`/api/order/guest/${order.guestIds[0]}/visa/photo`, other)).statusCode).toBe(404);
    expect((await get(`/api/admin/order/${order.id}/visa`, other)).statusCode).toBe(403);
    expect(
      (await post('/api/order/remind/documents/faulty', { order_id: order.id, guests: [order.guestIds[0]], reason: 'x' }, other)).statusCode,
    ).toBe(403);
    expect(await docOf(order.guestIds[0])).toBeUndefined();
  });

  it('refuses the bookkeeper on the admin routes', async () => {
    expect((await get(`/api/admin/order/${order.id}/visa`, bookkeeper)).statusCode).toBe(403);
    expect(
      (await post('/api/order/remind/documents/faulty', { order_id: order.id, guests: [order.guestIds[0]], reason: 'x' }, bookkeeper)).statusCode,
    ).toBe(403);
  });

  it('refuses a guest of another order', async () => {
    const mine = await placeOrder(customer, tripProducts[0].id, ['Bilal']);
    const res = await post('/api/order/guest/visa', visaBody(order.id, mine.guestIds[0]), customer);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(VISA_MSG.guestNotInOrder);
  });

  it('answers 400 in Dutch to bad ids and bodies, never 500', async () => {
    expect((await get('/api/order/abc/visa', customer)).statusCode).toBe(400);
    expect((await get('/api/order/99999999999/visa', customer)).statusCode).toBe(400);
    const res = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0], { visa_photo: '', date_of_birth: '2001-02-31' }), customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining(['Pasfoto is verplicht !', VISA_MSG.invalidDate]),
    );
  });
});

describe('an order that is not paid', () => {
  it('is not eligible: the overview says why, submitting and finishing answer 409', async () => {
    const order = await placeOrder(customer, tripProducts[0].id, ['Ahmed']);
    const overview = await get(`/api/order/${order.id}/visa`, customer);
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({
      order_id: order.id,
      status: OrderStatus.LEAD,
      eligible: false,
      message: 'Documenten kunnen pas worden aangeleverd nadat er (aan)betaald is.',
      finished: false,
    });
    const res = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0]), customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VISA_MSG.notEligible);
    expect((await post('/api/order/remind/documents/finish', { order_id: order.id }, customer)).statusCode).toBe(409);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('the wizard for two guests', () => {
  let order: Awaited<ReturnType<typeof placeOrder>>;
  const passports: string[] = [];

  beforeAll(async () => {
    order = await placeOrder(customer, tripProducts[0].id, ['Ahmed', 'Yusuf']);
    // Half paid by bank transfer, as staff books it: the order becomes DOWN_PAYMENT.
    const paid = await post('/api/payment', { order_id: order.id, payment_type: 2, amount: Math.round(order.total / 2) }, admin);
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('shows the trip and both guests without documents', async () => {
    const res = await get(`/api/order/${order.id}/visa`, customer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      order_id: order.id,
      status: OrderStatus.DOWN_PAYMENT,
      eligible: true,
      finished: false,
      trip: { label: tripProducts[0].label, start: tripProducts[0].start, end: tripProducts[0].end },
    });
    expect(body.message).toBeUndefined();
    expect(body.guests.map((g: { id: number; has_documents: boolean; age_category: number }) => [g.id, g.has_documents, g.age_category])).toEqual([
      [order.guestIds[0], false, 0],
      [must(order.guestIds[1], 'the second guest'), false, 0],
    ]);
  });

  it('refuses a passport that runs out less than 6 months after the trip starts, and saves nothing', async () => {
    expect(tripProducts[0].end > tripProducts[0].start).toBe(true);
    const tooSoon = dayjs(tripProducts[0].start).add(6, 'month').subtract(1, 'day').format('YYYY-MM-DD');
    const res = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0], { passport_expires: tooSoon }), customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Vervaldatum zal niet meer geldig zijn bij het aanvragen van een visum, bestel alstublieft een nieuwe met SPOED.',
    );
    expect(res.json().details).toEqual([{ path: 'passport_expires', message: VISA_MSG.passportExpiresTooSoon }]);
    expect(await docOf(order.guestIds[0])).toBeUndefined();
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a PDF renamed as an image with 400', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const res = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0], { visa_photo: dataUrl(pdf, 'image/jpeg') }), customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Pasfoto moet een afbeelding zijn (jpg, png of webp).');
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses a photo over 5 MB with 413 and the Dutch message, also when the whole body is too large', async () => {
    const big = Buffer.concat([await photo({ width: 400, height: 500 }), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0], { visa_photo: dataUrl(big) }), customer);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Payload Too Large', message: 'Pasfoto is te groot (maximaal 5 MB).' });
    const huge = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0], { visa_photo: 'A'.repeat(9 * 1024 * 1024) }), customer);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Pasfoto is te groot (maximaal 5 MB).');
    expect(await docOf(order.guestIds[0])).toBeUndefined();
    expect(await storedFiles()).toEqual([]);
  });

  it('lets the customer correct a name before the documents are in', async () => {
    const res = await post(
      `/api/order/guest/update_name/${order.id}`,
      { order_id: order.id, id: order.guestIds[0], first_name: 'Ahmet', last_name: 'Yılmaz', gender: 0 },
      customer,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      guest: { id: order.guestIds[0], first_name: 'Ahmet', last_name: 'Yılmaz', has_documents: false },
    });
    const [g] = await app.ctx.db.select().from(guests).where(eq(guests.id, order.guestIds[0]));
    expect([g?.firstName, g?.lastName]).toEqual(['Ahmet', 'Yılmaz']);
    const logs = await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id));
    expect(logs.some((l) => l.message.includes('Ahmed Yilmaz → Ahmet Yılmaz') && l.userExecutedMail === DEMO_ACCOUNTS.customer.email)).toBe(true);
    // The path's order and the body's must agree.
    const mismatch = await post(
      `/api/order/guest/update_name/${order.id + 1}`,
      { order_id: order.id, id: order.guestIds[0], first_name: 'X', last_name: 'Y', gender: 0 },
      customer,
    );
    expect(mismatch.statusCode).toBe(400);
  });

  it('saves the first guest: sealed in the database, encrypted in the file store, stripped and resized', async () => {
    passports[0] = 'NW12AB345';
    const res = await post(
      '/api/order/guest/visa',
      visaBody(order.id, order.guestIds[0], { first_name: 'Ahmet', passport_number: 'nw12 ab345' }),
      customer,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'success', message: VISA_MSG.saved, guest_id: order.guestIds[0] });

    // The raw row: nothing of the passport readable.
    const raw = await app.ctx.db.execute(sql`select * from visa_documents where guest_id = ${order.guestIds[0]}`);
    const row = must((raw as unknown as { rows: Record<string, unknown>[] }).rows[0], 'the stored row');
    const rowText = JSON.stringify(row);
    expect(rowText).not.toContain('NW12AB345');
    expect(rowText).not.toContain('Konya');
    expect(rowText).not.toContain('1980-02-29');
    expect(row.key_id).toBe(app.ctx.sealer.keyId);
    expect(row.nationality).toBe('NL');
    expect(row.city_of_country).toBe('TR');

    // The raw stored file: no JPEG header, no EXIF text.
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    const stored = await readFile(must(files[0], 'the stored file'));
    expect(stored[0] === 0xff && stored[1] === 0xd8).toBe(false);
    expect(stored.includes(Buffer.from('GEHEIM-EXIF'))).toBe(false);
    expect(files[0]).toBe(path.join(uploads, ...(row.photo_key as string).split('/')));

    // The owner gets the clean JPEG back, never cached.
    const pic = await get(`/api/order/guest/${order.guestIds[0]}/visa/photo`, customer);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.headers['cache-control']).toBe('private, no-store');
    const jpeg = pic.rawPayload;
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(1200);
    expect(meta.exif).toBeUndefined();
    expect(jpeg.includes(Buffer.from('GEHEIM-EXIF'))).toBe(false);
  });

  it('accepts a PNG as well, and refuses a second submission of the same guest', async () => {
    const again = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0]), customer);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('De documenten van deze reiziger zijn al aangeleverd.');
    expect(await storedFiles()).toHaveLength(1);
    const finish = await post('/api/order/remind/documents/finish', { order_id: order.id }, customer);
    expect(finish.statusCode).toBe(409);
    expect(finish.json().message).toBe('Nog niet alle reizigers hebben hun documenten aangeleverd.');

    passports[1] = 'YU7654321';
    const png = dataUrl(await photo({ format: 'png', width: 600, height: 800 }), 'image/png');
    const res = await post(
      '/api/order/guest/visa',
      visaBody(order.id, must(order.guestIds[1], 'the second guest'), { first_name: 'Yusuf', passport_number: passports[1], visa_photo: png }),
      customer,
    );
    expect(res.statusCode, res.body).toBe(201);
    const pic = await get(`/api/order/guest/${must(order.guestIds[1], 'the second guest')}/visa/photo`, admin);
    const meta = await sharp(pic.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 800]);
  });

  it('gives the photo download as a 200x200 JPEG of quality 80 (docs/RULES.md, Constants), to the admin and the owner only', async () => {
    const res = await get(`/api/order/guest/${must(order.guestIds[1], 'the second guest')}/visa/photo/download`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pasfoto-${must(order.guestIds[1], 'the second guest')}-200x200.jpg"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 200]);
    // Quality 80 as libjpeg writes it: the luminance table's first entry is 6 (it is 5 at 85, 3 at 90).
    const dqt = res.rawPayload.indexOf(Buffer.from([0xff, 0xdb]));
    expect(res.rawPayload[dqt + 5]).toBe(6);
    expect((await get(`/api/order/guest/${must(order.guestIds[1], 'the second guest')}/visa/photo/download`, customer)).statusCode).toBe(200);
    expect((await get(`/api/order/guest/${must(order.guestIds[1], 'the second guest')}/visa/photo/download`, other)).statusCode).toBe(404);
  });

  it("shows has_documents and documents_complete in the customer's and the admin's order lists", async () => {
    const mine = (await get('/api/orders', customer)).json().orders.find((o: { id: number }) => o.id === order.id);
    expect(mine.documents_complete).toBe(true);
    expect(mine.rooms[0].guests.map((g: { has_documents: boolean }) => g.has_documents)).toEqual([true, true]);
    const adminList = (await get(`/api/admin/orders?q=FCU2${order.id}`, admin)).json().orders;
    expect(adminList.find((o: { id: number }) => o.id === order.id).documents_complete).toBe(true);
    const overview = (await get(`/api/order/${order.id}/visa`, customer)).json();
    expect(overview.guests.every((g: { has_documents: boolean }) => g.has_documents)).toBe(true);
  });

  it('refuses the customer a name change once the documents are in, allows the admin', async () => {
    const body = { order_id: order.id, id: must(order.guestIds[1], 'the second guest'), first_name: 'Yousef', last_name: 'Yilmaz', gender: 0 };
    const res = await post(`/api/order/guest/update_name/${order.id}`, body, customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('De naam kan niet meer worden gewijzigd: de documenten zijn al aangeleverd. Neem contact met ons op.');
    const byAdmin = await post(`/api/order/guest/update_name/${order.id}`, body, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().guest).toMatchObject({ first_name: 'Yousef', has_documents: true });
    expect((await docOf(must(order.guestIds[1], 'the second guest')))?.firstName).toBe('Yousef');
    const logs = await app.ctx.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, order.id), eq(orderLogs.userExecutedMail, DEMO_ACCOUNTS.admin.email)));
    expect(logs.some((l) => l.message.includes('Yusuf Yilmaz → Yousef Yilmaz'))).toBe(true);
  });

  it('sends the finish mails exactly once: to the office and to the customer', async () => {
    const officeBefore = (await mailsTo(app.ctx.config.officeEmail)).length;
    const customerBefore = (await mailsTo(DEMO_ACCOUNTS.customer.email)).length;
    const first = await post('/api/order/remind/documents/finish', { order_id: order.id }, customer);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', sent: true });
    const office = await mailsTo(app.ctx.config.officeEmail);
    const toCustomer = await mailsTo(DEMO_ACCOUNTS.customer.email);
    expect(office).toHaveLength(officeBefore + 1);
    expect(toCustomer).toHaveLength(customerBefore + 1);
    expect(office.at(-1)!.subject).toBe(`Documenten compleet: FCU2${order.id}`);
    expect(office.at(-1)!.text).toContain('Ahmet Yılmaz');
    expect(office.at(-1)!.text).not.toContain(passports[0]);
    expect(toCustomer.at(-1)!.subject).toBe(`Je documenten zijn ontvangen (FCU2${order.id})`);

    const second = await post('/api/order/remind/documents/finish', { order_id: order.id }, customer);
    const third = await post('/api/order/remind/documents/finish', { order_id: order.id }, admin);
    expect(second.statusCode).toBe(200);
    expect(second.json().sent).toBe(false);
    expect(third.json().sent).toBe(false);
    expect(await mailsTo(app.ctx.config.officeEmail)).toHaveLength(officeBefore + 1);
    expect(await mailsTo(DEMO_ACCOUNTS.customer.email)).toHaveLength(customerBefore + 1);
    const finishLogs = await app.ctx.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, order.id), eq(orderLogs.type, LogType.DOCUMENT_FINISH)));
    expect(finishLogs).toHaveLength(1);
    expect((await get(`/api/order/${order.id}/visa`, customer)).json().finished).toBe(true);
  });

  it('shows the admin the decrypted data, and writes every view to the audit log', async () => {
    const res = await get(`/api/admin/order/${order.id}/visa`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.order_id).toBe(order.id);
    expect(body.guests[0]).toMatchObject({
      id: order.guestIds[0],
      has_documents: true,
      has_photo: true,
      documents: {
        first_name: 'Ahmet',
        passport_number: 'NW12AB345',
        date_of_birth: '1980-02-29',
        city_of_birth: 'Konya',
        nationality: 'NL',
        city_of_country: 'TR',
        passport_creation_date: '2022-05-01',
        passport_expires: '2032-04-30',
      },
    });
    expect(body.guests[1].documents.passport_number).toBe(passports[1]);
    const audits = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'visa.view'));
    expect(audits.at(-1)).toMatchObject({ actorEmail: DEMO_ACCOUNTS.admin.email, details: { order_id: order.id, guests: order.guestIds } });
    const photoAudits = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'visa.photo'));
    expect(photoAudits.length).toBeGreaterThanOrEqual(1);
  });

  it('resets one guest with a reason: row and photo gone, logged, customer mailed; the redo notifies again', async () => {
    const before = await docOf(order.guestIds[0]);
    const file = path.join(uploads, ...must(before, 'the stored documents').photoKey!.split('/'));
    await readFile(file);
    const noReason = await post('/api/order/remind/documents/faulty', { order_id: order.id, guests: [order.guestIds[0]], reason: '  ' }, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reden is verplicht!');
    const mailsBefore = (await mailsTo(DEMO_ACCOUNTS.customer.email)).length;

    const res = await post(
      '/api/order/remind/documents/faulty',
      { order_id: order.id, guests: [order.guestIds[0]], reason: 'De pasfoto is onscherp.' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', deleted: 1 });
    expect(await docOf(order.guestIds[0])).toBeUndefined();
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
    expect(await docOf(must(order.guestIds[1], 'the second guest'))).toBeDefined();

    const [log] = await app.ctx.db
      .select()
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, order.id), eq(orderLogs.type, LogType.DOCUMENT_REQUEST)));
    expect(log?.message).toContain('De pasfoto is onscherp.');
    expect(log?.message).toContain('Ahmet Yılmaz');
    expect(log?.userExecutedMail).toBe(DEMO_ACCOUNTS.admin.email);
    const mails = await mailsTo(DEMO_ACCOUNTS.customer.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.text).toContain('De pasfoto is onscherp.');
    expect(mails.at(-1)!.text).toContain(`http://shop.test/visum/invoeren/${order.id}`);

    const overview = (await get(`/api/order/${order.id}/visa`, customer)).json();
    expect(overview.finished).toBe(false);
    expect(overview.guests.map((g: { has_documents: boolean }) => g.has_documents)).toEqual([false, true]);
    expect((await get(`/api/order/guest/${order.guestIds[0]}/visa/photo`, customer)).statusCode).toBe(404);

    // A guest of another order cannot be reset through this one.
    const foreign = await placeOrder(customer, tripProducts[0].id, ['Zaid']);
    expect(
      (await post('/api/order/remind/documents/faulty', { order_id: order.id, guests: [foreign.guestIds[0]], reason: 'x' }, admin)).statusCode,
    ).toBe(404);

    // The redo is accepted, and finishing notifies the office again for the new set.
    const redo = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0], { passport_number: passports[0] }), customer);
    expect(redo.statusCode).toBe(201);
    const officeBefore = (await mailsTo(app.ctx.config.officeEmail)).length;
    expect((await post('/api/order/remind/documents/finish', { order_id: order.id }, customer)).json().sent).toBe(true);
    expect((await post('/api/order/remind/documents/finish', { order_id: order.id }, customer)).json().sent).toBe(false);
    expect(await mailsTo(app.ctx.config.officeEmail)).toHaveLength(officeBefore + 1);
  });

  it('documents every visa route in OpenAPI', async () => {
    const spec = (await get('/api/docs/json')).json();
    for (const p of [
      '/api/order/{id}/visa',
      '/api/order/guest/visa',
      '/api/order/guest/update_name/{order_id}',
      '/api/order/remind/documents/faulty',
      '/api/order/remind/documents/finish',
      '/api/admin/order/{id}/visa',
      '/api/order/guest/{guestId}/visa/photo',
      '/api/order/guest/{guestId}/visa/photo/download',
    ]) {
      expect(spec.paths[p], p).toBeDefined();
    }
  });
});

describe('two submits of the same guest at once', () => {
  it('saves exactly one, answers the other 409 and leaves no stray photo', async () => {
    const order = await placeOrder(customer, tripProducts[0].id, ['Tariq']);
    await setStatus(order.id, OrderStatus.COMPLETED);
    const before = (await storedFiles()).length;
    const results = await Promise.all([1, 2, 3].map(() => post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0]), customer)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await app.ctx.db.select().from(visaDocuments).where(eq(visaDocuments.guestId, order.guestIds[0]));
    expect(rows).toHaveLength(1);
    const files = await storedFiles();
    expect(files).toHaveLength(before + 1);
    expect(files).toContain(path.join(uploads, ...must(rows[0], 'the stored documents').photoKey!.split('/')));
  });
});

describe('key rotation', () => {
  it('re-seals every row and photo with the new key; the data still opens with only the new key', async () => {
    const original = app.ctx.sealer;
    const rows = await app.ctx.db.select().from(visaDocuments);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.keyId === original.keyId)).toBe(true);
    try {
      // Rotated configuration: KEY2 is current, KEY1 only opens.
      app.ctx.sealer = createSealer(KEY2, [KEY1]);
      const result = await reencryptVisaData(app.ctx, { batchSize: 1 });
      expect(result).toEqual({ rows: rows.length, photos: rows.length, failed: [] });
      const after = await app.ctx.db.select().from(visaDocuments);
      expect(after.every((r) => r.keyId === app.ctx.sealer.keyId)).toBe(true);
      for (const r of after) expect(app.ctx.sealer.envelopeKeyId((await app.ctx.files.get(r.photoKey!))!)).toBe(app.ctx.sealer.keyId);
      expect(await reencryptVisaData(app.ctx)).toEqual({ rows: 0, photos: 0, failed: [] });

      // The old key dropped: everything still opens.
      app.ctx.sealer = createSealer(KEY2);
      const view = await get(`/api/admin/order/${must(rows[0], 'a stored row').orderId}/visa`, admin);
      expect(view.statusCode).toBe(200);
      const guest = view.json().guests.find((g: { id: number }) => g.id === rows[0]?.guestId);
      expect(guest.documents.passport_number).toMatch(/^[A-Z0-9]+$/);
      const pic = await get(`/api/order/guest/${must(rows[0], 'a stored row').guestId}/visa/photo`, admin);
      expect([pic.rawPayload[0], pic.rawPayload[1]]).toEqual([0xff, 0xd8]);

      // Data of a key that is not configured does not open, and the command says so.
      app.ctx.sealer = createSealer(KEY1);
      const failed = await reencryptVisaData(app.ctx);
      expect(failed.rows).toBe(0);
      expect(failed.failed).toHaveLength(rows.length);
    } finally {
      app.ctx.sealer = createSealer(KEY2, [KEY1]);
    }
  });
});

describe('retention', () => {
  it('deletes exactly the visa data of trips that ended before the window, with their photos, and logs per order', async () => {
    // Two more trips: one ended 31 days ago, one 29 days ago (inside the 30-day window).
    const expired = await placeOrder(customer, tripProducts[1].id, ['Omar', 'Hamza']);
    const recent = await placeOrder(customer, tripProducts[2].id, ['Idris']);
    for (const o of [expired, recent]) {
      await setStatus(o.id, OrderStatus.COMPLETED);
      for (const g of o.guestIds) expect((await post('/api/order/guest/visa', visaBody(o.id, g), customer)).statusCode).toBe(201);
    }
    const today = dutchToday();
    const tripIds = async (orderId: number) => {
      const [g, r] = await Promise.all([
        app.ctx.db.select({ id: guests.productId }).from(guests).where(eq(guests.orderId, orderId)),
        app.ctx.db.select({ id: rooms.productId }).from(rooms).where(eq(rooms.orderId, orderId)),
      ]);
      return [...new Set([...g, ...r].map((x) => x.id!))];
    };
    const endOn = async (orderId: number, daysAgo: number) => {
      const end = dayjs(today).subtract(daysAgo, 'day').format('YYYY-MM-DD');
      const start = dayjs(end).subtract(14, 'day').format('YYYY-MM-DD');
      await app.ctx.db
        .update(products)
        .set({ start, end })
        .where(inArray(products.id, await tripIds(orderId)));
    };
    await endOn(expired.id, 31);
    await endOn(recent.id, 29);
    // A trip that ended exactly 30 days ago is still kept (more than N days is the rule).
    const boundary = await placeOrder(customer, tripProducts[3]?.id ?? tripProducts[0].id, ['Anas']);
    await setStatus(boundary.id, OrderStatus.COMPLETED);
    expect((await post('/api/order/guest/visa', visaBody(boundary.id, boundary.guestIds[0]), customer)).statusCode).toBe(201);
    const keepIds = (
      await app.ctx.db
        .select({ id: visaDocuments.id })
        .from(visaDocuments)
        .where(sql`${visaDocuments.orderId} <> ${expired.id}`)
    ).map((r) => r.id);
    if (tripProducts[3]) await endOn(boundary.id, 30);

    const expiredKeys = (await app.ctx.db.select().from(visaDocuments).where(eq(visaDocuments.orderId, expired.id))).map((r) => r.photoKey!);
    expect(expiredKeys).toHaveLength(2);
    const filesBefore = (await storedFiles()).length;

    const result = await purgeExpiredVisaData(app.ctx, { days: 30, today });
    expect(result).toMatchObject({ total: 2, orders: [{ order_id: expired.id, count: 2 }], skipped: false, failedFiles: 0 });
    expect(result.cutoff).toBe(dayjs(today).subtract(30, 'day').format('YYYY-MM-DD'));

    const left = await app.ctx.db.select({ id: visaDocuments.id, orderId: visaDocuments.orderId }).from(visaDocuments);
    expect(left.map((r) => r.id).sort()).toEqual([...keepIds].sort());
    for (const key of expiredKeys) expect(await app.ctx.files.get(key)).toBeNull();
    expect(await storedFiles()).toHaveLength(filesBefore - 2);

    const logs = await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, expired.id));
    const purgeLog = logs.find((l) => l.message.includes('bewaartermijn'));
    expect(purgeLog?.message).toContain('2 reiziger(s)');
    expect(JSON.stringify(logs)).not.toMatch(/NX[0-9A-F]{8}/);

    // A second run finds nothing; the overview of the purged order shows the guests without documents.
    expect((await purgeExpiredVisaData(app.ctx, { days: 30, today })).total).toBe(0);
    expect((await get(`/api/order/${expired.id}/visa`, customer)).json().guests.map((g: { has_documents: boolean }) => g.has_documents)).toEqual([
      false,
      false,
    ]);
  });

  it('runs from the daily job with the configured number of days, and stops cleanly', async () => {
    const lines: unknown[] = [];
    const log = { info: (o: unknown) => void lines.push(o), error: (o: unknown) => void lines.push(o) };
    const recentOrder = must((await app.ctx.db.select({ orderId: visaDocuments.orderId }).from(visaDocuments))[0], 'a stored row').orderId;
    const job = createRetentionJob(() => ({ ...app.ctx, config: { ...app.ctx.config, visaRetentionDays: 0 } }), log as never, {
      firstDelayMs: 5,
      intervalMs: 60_000,
    });
    // With 0 days, a trip that ended yesterday is due.
    const ids = (await app.ctx.db.select({ id: guests.productId }).from(guests).where(eq(guests.orderId, recentOrder))).map((g) => g.id!);
    await app.ctx.db
      .update(products)
      .set({ end: dayjs(dutchToday()).subtract(1, 'day').format('YYYY-MM-DD') })
      .where(inArray(products.id, ids));
    job.start();
    // The first run comes after 5 ms and logs one line when it is done.
    await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 30_000, interval: 20 });
    await job.stop();
    const { n } = must((await app.ctx.db.select({ n: count() }).from(visaDocuments).where(eq(visaDocuments.orderId, recentOrder)))[0], 'a count row');
    expect(n).toBe(0);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).toContain(`"order_id":${recentOrder}`);
  });

  it.skipIf(TEST_DB !== 'postgres')('lets only one process purge at a time (advisory lock)', async () => {
    await app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(71046001)`);
      const result = await purgeExpiredVisaData(app.ctx, { days: 0 });
      expect(result.skipped).toBe(true);
    });
    expect((await purgeExpiredVisaData(app.ctx, { days: 0 })).skipped).toBe(false);
  });
});

// docs/ABUSE.md, 'Heavy work': every decode, resize and re-encode of a photo runs in the image worker.
describe('photos are converted off the main thread', () => {
  it('the conversion runs in a worker thread', async () => {
    const { imageWorkerThreadId } = await import('../src/infra/images/index.ts');
    expect(await imageWorkerThreadId()).toBeGreaterThan(0);
  });

  it('a conversion past its time limit is stopped with a Dutch 503; the next one is converted', async () => {
    const { IMAGE_UNAVAILABLE, configureImagePool } = await import('../src/infra/images/index.ts');
    const order = await placeOrder(customer, tripProducts[0].id, ['Ahmed']);
    await setStatus(order.id, OrderStatus.COMPLETED);
    configureImagePool({ timeoutMs: 1 });
    try {
      const res = await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0]), customer);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(IMAGE_UNAVAILABLE);
    } finally {
      configureImagePool({ timeoutMs: undefined });
    }
    expect((await post('/api/order/guest/visa', visaBody(order.id, order.guestIds[0]), customer)).statusCode).toBe(201);
  });
});
