import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, ProductType, ROOMING_MSG, TRIP_MSG } from '@umrah/domain';
import { auditLog, mailOutbox, mergedRoomVersions, orders, payments, products, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { csvCell } from '../src/modules/trips/downloads.ts';
import { readAsDutchExcel } from './dutch-excel.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { DEMO_ACCOUNTS, TEST_DB, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';

// Trip overviews (docs/RULES.md, 'Screens: Travel overviews') on PGlite, or PostgreSQL with DATABASE_URL. One trip is booked the way
// the worked example does (a family with a child, two brothers, two sisters who booked
// apart, a man alone, an exclusive room), plus orders that must not count.

let app: FastifyInstance;
let uploads: string;
let admin: string;
let customer: string;
let other: string;
let bookkeeper: string;
let tester: string;
let trip: { id: number; start: string; end: string };
let laterTrip: { id: number; start: string };

const OFFICE = 'office@umrahreizen.nl';
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });

type G = { first_name: string; last_name?: string; age_category?: number; gender?: number; bed_included?: boolean; flex?: { disabled: boolean } };
type Room = { room_type: 2 | 3 | 4; room_gender: 0 | 1 | 2; exclusive?: boolean; guests: G[] };

async function placeOrder(token: string, productId: number, rooms: Room[]) {
  const res = await post(
    '/api/order',
    {
      rooms: rooms.map((r) => ({
        product_id: productId,
        room_type: r.room_type,
        room_gender: r.room_gender,
        exclusive: r.exclusive ?? false,
        guests: r.guests.map((g) => ({ last_name: 'Yilmaz', age_category: 0, ...g })),
      })),
      flex: JSON.stringify({ pay_partly: true }),
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order;
  return {
    id: order.id as number,
    total: order.total_price as number,
    guests: order.rooms.flatMap((r: { guests: { id: number; first_name: string }[] }) => r.guests) as { id: number; first_name: string }[],
  };
}

/** Sets the status and books `paid` cents, directly: the payment rules are not under test here. */
async function settle(orderId: number, status: number, paid: number) {
  await app.ctx.db.update(orders).set({ status }).where(eq(orders.id, orderId));
  if (paid > 0) await app.ctx.db.insert(payments).values({ orderId, paymentType: 2, amount: paid });
}

let jpegDataUrl: string;
const visaBody = (orderId: number, guestId: number, over: Record<string, unknown> = {}) => ({
  order_id: orderId,
  guest_id: guestId,
  first_name: 'Bilal Şükrü',
  last_name: 'Öztürk',
  gender: 0,
  date_of_birth: '1980-02-29',
  nationality: 'NL',
  city_of_country: 'TR',
  city_of_birth: 'Konya',
  passport_number: 'NX1234567',
  passport_creation_date: '2022-05-01',
  passport_expires: '2032-04-30',
  visa_photo: jpegDataUrl,
  ...over,
});

const ids = (o: { guests: { id: number; first_name: string }[] }, ...names: string[]) =>
  names.map((n) => o.guests.find((g) => g.first_name === n)!.id);

let family: Awaited<ReturnType<typeof placeOrder>>;
let brothers: Awaited<ReturnType<typeof placeOrder>>;
let sisterA: Awaited<ReturnType<typeof placeOrder>>;
let sisterB: Awaited<ReturnType<typeof placeOrder>>;
let alone: Awaited<ReturnType<typeof placeOrder>>;
let exclusive: Awaited<ReturnType<typeof placeOrder>>;
let elsewhere: Awaited<ReturnType<typeof placeOrder>>;
let paidTotal = 0;
let openTotal = 0;

beforeAll(async () => {
  process.env.INTERNAL_EMAIL_DOMAINS = 'umrahreizen.nl, intern.test';
  uploads = await mkdtemp(path.join(tmpdir(), 'trips-uploads-'));
  app = await createTestApp({
    rateLimitFactor: 100,
    visaEncryptionKey: randomBytes(32).toString('base64'),
    visaPreviousKeys: [],
    fileStore: { kind: 'local', dir: uploads },
  });
  const db = app.ctx.db;
  for (const [email, password] of [
    ['andere-klant@example.nl', 'Andere-klant-2026'],
    ['tester@intern.test', 'Intern-tester-2026'],
  ] as const) {
    await db.insert(users).values({ email, passwordHash: await hashPassword(password), firstName: 'Test', lastName: 'Account', role: 0 });
  }
  [admin, customer, other, bookkeeper, tester] = await Promise.all([
    adminToken(app),
    customerToken(app),
    loginToken(app, 'andere-klant@example.nl', 'Andere-klant-2026'),
    loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password),
    loginToken(app, 'tester@intern.test', 'Intern-tester-2026'),
  ]);
  const candidates = (
    await db
      .select()
      .from(products)
      .where(and(eq(products.type, ProductType.UMRAH_2_ADULT), eq(products.region, 'NL'), like(products.label, '%Firstclass%')))
  )
    .filter((p) => p.stock > 10 && p.start! > dutchToday())
    .sort((a, b) => a.start!.localeCompare(b.start!));
  trip = { id: candidates[0]!.id, start: candidates[0]!.start!, end: candidates[0]!.end! };
  laterTrip = { id: candidates[1]!.id, start: candidates[1]!.start! };
  jpegDataUrl = `data:image/jpeg;base64,${(
    await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 190, g: 170, b: 150 } } })
      .jpeg()
      .toBuffer()
  ).toString('base64')}`;

  // The worked example: 9 guests in 6 counted orders.
  family = await placeOrder(customer, trip.id, [
    {
      room_type: 3,
      room_gender: 2,
      guests: [
        { first_name: 'Vader', gender: 0 },
        { first_name: 'Moeder', gender: 1 },
        { first_name: 'Kind', gender: 0, age_category: 1 },
      ],
    },
  ]);
  brothers = await placeOrder(other, trip.id, [
    { room_type: 3, room_gender: 0, guests: [{ first_name: 'Broer1', flex: { disabled: true } }, { first_name: 'Broer2' }] },
  ]);
  sisterA = await placeOrder(customer, trip.id, [{ room_type: 2, room_gender: 1, guests: [{ first_name: 'ZusA', last_name: 'O"Neil, Jr' }] }]);
  sisterB = await placeOrder(other, trip.id, [{ room_type: 2, room_gender: 1, guests: [{ first_name: 'ZusB' }] }]);
  alone = await placeOrder(customer, trip.id, [
    { room_type: 3, room_gender: 0, guests: [{ first_name: 'Alleen', last_name: '=HYPERLINK("http://x")' }] },
  ]);
  exclusive = await placeOrder(other, trip.id, [{ room_type: 2, room_gender: 0, exclusive: true, guests: [{ first_name: 'Exclusief' }] }]);
  const settled: [typeof family, number, 'full' | 'half'][] = [
    [family, OrderStatus.COMPLETED, 'full'],
    [brothers, OrderStatus.DOWN_PAYMENT, 'half'],
    [sisterA, OrderStatus.DOWN_PAYMENT, 'half'],
    [sisterB, OrderStatus.COMPLETED, 'full'],
    [alone, OrderStatus.COMPLETED, 'full'],
    [exclusive, OrderStatus.COMPLETED, 'full'],
  ];
  for (const [o, status, share] of settled) {
    const paid = share === 'full' ? o.total : Math.round(o.total / 2);
    await settle(o.id, status, paid);
    paidTotal += paid;
    openTotal += o.total - paid;
  }
  // Not counted: a lead, a cancelled order, an internal test account's paid order.
  const lead = await placeOrder(customer, trip.id, [{ room_type: 2, room_gender: 0, guests: [{ first_name: 'Lead' }] }]);
  await settle(lead.id, OrderStatus.LEAD, 0);
  const cancelled = await placeOrder(customer, trip.id, [{ room_type: 2, room_gender: 0, guests: [{ first_name: 'Geannuleerd' }] }]);
  await settle(cancelled.id, OrderStatus.CANCELLED, 0);
  const internal = await placeOrder(tester, trip.id, [{ room_type: 2, room_gender: 1, guests: [{ first_name: 'Intern' }] }]);
  await settle(internal.id, OrderStatus.COMPLETED, internal.total);
  // A paid guest of another trip.
  elsewhere = await placeOrder(customer, laterTrip.id, [{ room_type: 2, room_gender: 1, guests: [{ first_name: 'Elders' }] }]);
  await settle(elsewhere.id, OrderStatus.COMPLETED, elsewhere.total);

  // Visa documents of two guests (the man alone and a brother).
  for (const [o, guestId, over] of [
    [alone, ids(alone, 'Alleen')[0]!, {}],
    [
      brothers,
      ids(brothers, 'Broer1')[0]!,
      { first_name: 'Yusuf', last_name: 'Demir', passport_number: 'TR7654321', nationality: 'TR', date_of_birth: '1990-12-01' },
    ],
  ] as const) {
    const res = await post('/api/order/guest/visa', visaBody(o.id, guestId, over), o === alone ? customer : other);
    expect(res.statusCode, res.body).toBe(201);
  }
});

afterAll(async () => {
  await app?.close();
  await rm(uploads, { recursive: true, force: true });
  delete process.env.INTERNAL_EMAIL_DOMAINS;
});

describe(`trip cards and statistics (${TEST_DB})`, () => {
  it('lists the trip with only DOWN_PAYMENT and COMPLETED guests of real customers', async () => {
    const res = await get('/api/admin/trips', admin);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().trips.find((t: { start_date: string }) => t.start_date === trip.start);
    expect(card).toMatchObject({ start_date: trip.start, end_date: trip.end, guests_booked: 9, orders: 6, region: 'NL/BE' });
    expect(card.label).toMatch(/^Umrah [a-z]+ \d{4}$/);
    expect(card.month).toBe(Number(trip.start.slice(5, 7)) - 1);
    expect(card.places).toBeGreaterThan(card.guests_booked);
    const later = res.json().trips.find((t: { start_date: string }) => t.start_date === laterTrip.start);
    expect(later).toMatchObject({ guests_booked: 1, orders: 1 });
  });

  it('shows the order cards and counts down payments and full payments apart', async () => {
    const res = await get(`/api/admin/trips/${trip.start}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.orders.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b)).toEqual(
      [family, brothers, sisterA, sisterB, alone, exclusive].map((o) => o.id).sort((a, b) => a - b),
    );
    expect(body.stats).toEqual({
      orders: 6,
      guests: 9,
      down_payments: 2,
      full_payments: 4,
      paid_amount: paidTotal,
      open_amount: openTotal,
      documents_complete: 2,
      documents_missing: 7,
      wheelchairs: 1,
    });
    const b = body.orders.find((o: { id: number }) => o.id === brothers.id);
    expect(b).toMatchObject({
      number: `FCU2${brothers.id}`,
      status: OrderStatus.DOWN_PAYMENT,
      customer: { email: 'andere-klant@example.nl' },
      documents_complete: false,
    });
    expect(b.open_amount).toBe(b.total_price - b.total_payments);
    expect(
      b.rooms[0].guests.map((g: { has_documents: boolean; wheelchair: boolean; gender: number }) => [g.has_documents, g.wheelchair, g.gender]),
    ).toEqual([
      [true, true, 0],
      [false, false, 0],
    ]);
  });

  it('answers 404 for a day without a trip and 400 for a day that does not exist', async () => {
    const none = await get('/api/admin/trips/2001-01-01', admin);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(TRIP_MSG.notFound);
    for (const bad of ['2027-02-31', 'morgen', '2027-1-1', '0000-01-01']) {
      const res = await get(`/api/admin/trips/${bad}`, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/Vertrekdatum/);
    }
  });
});

let proposal: {
  rooms: {
    key: string;
    max_guests: number;
    kind: string;
    existing_id: number | null;
    wheelchair: boolean;
    exclusive: boolean;
    guests: { guest_id: number }[];
  }[];
};
const toSave = (rooms: typeof proposal.rooms, numbers = true) =>
  rooms.map((r, i) => ({
    flex: JSON.stringify(numbers ? { room_mekka: `${101 + i}`, room_medina: `M${201 + i}` } : {}),
    existing_id: r.existing_id,
    max_guests: r.max_guests,
    guests: r.guests.map((g) => ({ guest_id: g.guest_id })),
  }));

describe('the rooming list', () => {
  it('proposes 4 rooms for the example: family alone, exclusive alone, sisters together, brothers with the man alone', async () => {
    const res = await post(`/api/admin/trips/${trip.start}/rooming/proposal`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    proposal = res.json();
    expect(res.json().problems).toEqual([]);
    const sets = proposal.rooms.map((r) => r.guests.map((g) => g.guest_id).sort((a, b) => a - b));
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(sets).toEqual(
      expect.arrayContaining([
        sorted(ids(family, 'Vader', 'Moeder', 'Kind')),
        ids(exclusive, 'Exclusief'),
        sorted([...ids(sisterA, 'ZusA'), ...ids(sisterB, 'ZusB')]),
        sorted([...ids(brothers, 'Broer1', 'Broer2'), ...ids(alone, 'Alleen')]),
      ]),
    );
    expect(proposal.rooms).toHaveLength(4);
    expect(proposal.rooms.find((r) => r.guests.some((g) => g.guest_id === ids(brothers, 'Broer1')[0]))!.wheelchair).toBe(true);
  });

  it('saves twice as two versions, mails the office each time and answers the spec message', async () => {
    const mailsBefore = (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, OFFICE))).length;
    const first = await post('/api/merged_rooms', { start_date: trip.start, rooms: toSave(proposal.rooms) }, admin);
    expect(first.statusCode, first.body).toBe(201);
    const [y, m, d] = trip.start.split('-');
    const [ey, em, ed] = trip.end.split('-');
    expect(first.json()).toMatchObject({
      status: 'success',
      version: 1,
      rooms_count: 4,
      message: `Kamers zijn samengevoegd voor de periode ${d}-${m}-${y} t/m ${ed}-${em}-${ey}. Er is een mail naar het kantoor gestuurd.`,
    });
    // Staff move the man alone into a room of his own (5 rooms).
    const aloneId = ids(alone, 'Alleen')[0]!;
    const moved = proposal.rooms
      .map((r) => ({ ...r, guests: r.guests.filter((g) => g.guest_id !== aloneId) }))
      .concat([
        {
          ...proposal.rooms[0]!,
          key: 'nieuw',
          kind: 'male',
          max_guests: 3,
          existing_id: null,
          exclusive: false,
          wheelchair: false,
          guests: [{ guest_id: aloneId }],
        },
      ]);
    const body = { start_date: trip.start, rooms: toSave(moved).map((r) => ({ ...r, kind: undefined })) };
    const second = await post('/api/merged_rooms', body, admin);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ version: 2, rooms_count: 5 });
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, OFFICE)).orderBy(asc(mailOutbox.id));
    expect(mails.length - mailsBefore).toBe(2);
    expect(mails.at(-1)!.subject).toContain('versie 2');
    expect(mails.at(-1)!.text).toContain('Mekka 101');

    const list = await get(`/api/merged_rooms?start_date=${trip.start}`, admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().versions.map((v: { version: number; rooms_count: number }) => [v.version, v.rooms_count])).toEqual([
      [2, 5],
      [1, 4],
    ]);
    for (const v of list.json().versions) {
      expect(Date.parse(v.created_at)).toBeGreaterThan(Date.now() - 120_000);
      expect(v.created_by).toBe(DEMO_ACCOUNTS.admin.email);
    }
    const current = list.json().current;
    expect(current).toMatchObject({ version: 2, problems: [] });
    expect(current.rooms).toHaveLength(5);
    expect(current.rooms[0].flex).toEqual({ room_mekka: '101', room_medina: 'M201' });
    expect(current.rooms.find((r: { guests: { guest_id: number }[] }) => r.guests[0]!.guest_id === aloneId)).toMatchObject({
      kind: 'male',
      max_guests: 3,
    });
    const v1 = await get(`/api/merged_rooms?start_date=${trip.start}&version=1`, admin);
    expect(v1.json().current).toMatchObject({ version: 1 });
    expect(v1.json().current.rooms).toHaveLength(4);
    expect((await get(`/api/merged_rooms?start_date=${trip.start}&version=9`, admin)).statusCode).toBe(404);
  });

  it('gives concurrent saves their own version numbers and lists only the latest 4 as latest', async () => {
    const saves = await Promise.all(
      [0, 1, 2].map(() => post('/api/merged_rooms', { start_date: trip.start, rooms: toSave(proposal.rooms, false) }, admin)),
    );
    for (const s of saves) expect(s.statusCode, s.body).toBe(201);
    expect(saves.map((s) => s.json().version).sort()).toEqual([3, 4, 5]);
    const versions = (await get(`/api/merged_rooms?start_date=${trip.start}`, admin)).json().versions;
    expect(versions.map((v: { version: number; latest: boolean }) => [v.version, v.latest])).toEqual([
      [5, true],
      [4, true],
      [3, true],
      [2, true],
      [1, false],
    ]);
    // Back to version 2 as the latest (the downloads below use it).
    const again = await post(
      '/api/merged_rooms',
      {
        start_date: trip.start,
        rooms: (await get(`/api/merged_rooms?start_date=${trip.start}&version=2`, admin))
          .json()
          .current.rooms.map((r: { flex: object; max_guests: number; guests: { guest_id: number }[] }) => ({
            flex: r.flex,
            max_guests: r.max_guests,
            guests: r.guests.map((g) => ({ guest_id: g.guest_id })),
          })),
      },
      admin,
    );
    expect(again.json().version).toBe(6);
  });

  it('refuses a man in a women’s room, a guest twice, a guest of another trip and a missing guest, in Dutch', async () => {
    const aloneId = ids(alone, 'Alleen')[0]!;
    const sisterRoom = proposal.rooms.findIndex((r) => r.guests.some((g) => g.guest_id === ids(sisterA, 'ZusA')[0]));
    const manIn = proposal.rooms
      .map((r) => ({ ...r, guests: r.guests.filter((g) => g.guest_id !== aloneId) }))
      .map((r, i) => (i === sisterRoom ? { ...r, max_guests: 3, guests: [...r.guests, { guest_id: aloneId }] } : r));
    const cases: [string, unknown, string][] = [
      [
        'man in women’s room',
        toSave(manIn).map((r, i) => (i === sisterRoom ? { ...r, kind: 'female' } : r)),
        ROOMING_MSG.genderMixed(sisterRoom + 1),
      ],
      [
        'guest twice',
        toSave(proposal.rooms).map((r) =>
          r.guests.some((g) => g.guest_id === aloneId) ? { ...r, guests: [...r.guests, { guest_id: aloneId }] } : r,
        ),
        'Alleen =HYPERLINK("http://x") staat meer dan één keer in de kamerindeling.',
      ],
      [
        'guest of another trip',
        [...toSave(proposal.rooms), { max_guests: 2, guests: [{ guest_id: elsewhere.guests[0]!.id }] }],
        ROOMING_MSG.unknownGuest(elsewhere.guests[0]!.id),
      ],
      ['missing guest', toSave(proposal.rooms).map((r) => ({ ...r, guests: r.guests.filter((g) => g.guest_id !== aloneId) })), 'is niet ingedeeld'],
    ];
    const before = (await app.ctx.db.select().from(mergedRoomVersions)).length;
    for (const [name, rooms, message] of cases) {
      const res = await post('/api/merged_rooms', { start_date: trip.start, rooms }, admin);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toContain(message);
      expect(res.json().details.length, name).toBeGreaterThan(0);
    }
    // The man's gender shows without a kind too (derived from the guests: women and a man → mixed).
    const derived = await post('/api/merged_rooms', { start_date: trip.start, rooms: toSave(manIn) }, admin);
    expect(derived.statusCode).toBe(400);
    expect(derived.json().message).toBe(ROOMING_MSG.genderMixed(sisterRoom + 1));
    // Bad bodies: no rooms, room numbers not JSON, a capacity of 5, an unknown trip day.
    expect((await post('/api/merged_rooms', { start_date: trip.start, rooms: [] }, admin)).json().message).toBe(TRIP_MSG.rooms);
    const badFlex = await post(
      '/api/merged_rooms',
      { start_date: trip.start, rooms: [{ flex: '{kapot', max_guests: 2, guests: [{ guest_id: 1 }] }] },
      admin,
    );
    expect(badFlex.statusCode).toBe(400);
    expect(badFlex.json().message).toBe(TRIP_MSG.roomNumbers);
    const five = await post('/api/merged_rooms', { start_date: trip.start, rooms: [{ max_guests: 5, guests: [{ guest_id: 1 }] }] }, admin);
    expect(five.json().message).toBe(TRIP_MSG.capacity);
    const noTrip = await post('/api/merged_rooms', { start_date: '2001-01-01', rooms: toSave(proposal.rooms) }, admin);
    expect(noTrip.statusCode).toBe(404);
    expect((await app.ctx.db.select().from(mergedRoomVersions)).length).toBe(before);
  });

  it('merges the rooms of every trip in a period (the orders tab dialog) with the spec message', async () => {
    const res = await post('/api/admin/trips/merge', { start: trip.start, end: laterTrip.start }, admin);
    expect(res.statusCode, res.body).toBe(201);
    const [y, m, d] = trip.start.split('-');
    const [ly, lm, ld] = laterTrip.start.split('-');
    expect(res.json().message).toBe(
      `Kamers zijn samengevoegd voor de periode ${d}-${m}-${y} t/m ${ld}-${lm}-${ly}. Er is een mail naar het kantoor gestuurd.`,
    );
    expect(res.json().trips).toEqual([
      { start_date: trip.start, version: 7, rooms_count: 4 },
      { start_date: laterTrip.start, version: 1, rooms_count: 1 },
    ]);
    const empty = await post('/api/admin/trips/merge', { start: '2001-01-01', end: '2001-12-31' }, admin);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(TRIP_MSG.noTripsInPeriod);
    const backwards = await post('/api/admin/trips/merge', { start: '2027-03-01', end: '2027-02-01' }, admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(TRIP_MSG.periodOrder);
    expect((await post('/api/admin/trips/merge', {}, admin)).json().message).toBe(TRIP_MSG.period);
  });
});

const auditCount = async (action: string) =>
  (await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action))).filter(
    (r) => (r.details as { start_date?: string }).start_date === trip.start,
  ).length;

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe('downloads', () => {
  it('rooming.pdf: 3 rooms per page with the hotel room numbers and the wheelchair mark; audited', async () => {
    const before = await auditCount('trip.download.rooming_pdf');
    const res = await get(`/api/admin/trips/${trip.start}/rooming.pdf?version=2`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kamerindeling-${trip.start}-v2.pdf"`);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload }).toString('utf8');
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.map((p) => (p.match(/Kamer \d+ /g) ?? []).length)).toEqual([3, 2]);
    expect(text).toContain('Kamernummer Mekka: 101');
    expect(text).toContain('Kamernummer Medina: M205');
    expect(text).toContain('ROLSTOEL IN DEZE KAMER');
    expect(text).toContain('versie 2');
    expect(await auditCount('trip.download.rooming_pdf')).toBe(before + 1);
    const [row] = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'trip.download.rooming_pdf'));
    expect(row).toMatchObject({ actorEmail: DEMO_ACCOUNTS.admin.email, details: { start_date: trip.start, version: 2 } });
  });

  it('rooming.xlsx: the expected columns and one row per guest', async () => {
    const res = await get(`/api/admin/trips/${trip.start}/rooming.xlsx?version=2`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      'Kamer',
      'Bedden',
      'Soort',
      'Exclusief',
      'Kamer Mekka',
      'Kamer Medina',
      'Achternaam',
      'Voornaam',
      'Geslacht',
      'Leeftijd',
      'Bestelling',
      'Rolstoel',
    ]);
    expect(rows).toHaveLength(1 + 9);
    const broer = rows.find((r) => r[7] === 'Broer1')!;
    expect(broer[11]).toBe('Ja');
    expect(broer[10]).toBe(`FCU2${brothers.id}`);
    const kind = rows.find((r) => r[7] === 'Kind')!;
    expect(kind.slice(1, 4)).toEqual(['3', 'Familie', 'Nee']);
    expect(kind[9]).toBe('Kind');
    expect(rows.find((r) => r[7] === 'Exclusief')![3]).toBe('Ja');
    expect(await auditCount('trip.download.rooming_xlsx')).toBe(1);
  });

  it('airline.xlsx in the Turkish Airlines layout: passport names and data, decrypted', async () => {
    const res = await get(`/api/admin/trips/${trip.start}/airline.xlsx?layout=turkish`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['NO', 'SURNAME', 'NAME', 'TITLE', 'GENDER', 'DOB', 'NATIONALITY', 'PASSPORT NO', 'PASSPORT EXPIRY', 'PAX TYPE']);
    expect(rows).toHaveLength(1 + 9);
    expect(rows).toContainEqual(
      ['', 'OZTURK', 'BILAL SUKRU', 'MR', 'M', '29FEB1980', 'NLD', 'NX1234567', '30APR2032', 'ADT'].map((v, i) => (i === 0 ? expect.any(String) : v)),
    );
    expect(rows).toContainEqual([expect.any(String), 'DEMIR', 'YUSUF', 'MR', 'M', '01DEC1990', 'TUR', 'TR7654321', '30APR2032', 'ADT']);
    const child = rows.find((r) => r[2] === 'KIND')!;
    expect([child[3], child[9]]).toEqual(['CHD', 'CHD']);
    expect(rows.find((r) => r[2] === 'MOEDER')![3]).toBe('MRS');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="passagiers-turkish-airlines-${trip.start}.xlsx"`);
  });

  it('airline.csv (general): BOM, quoting, formula-safe cells, booking names where no passport data is in', async () => {
    const res = await get(`/api/admin/trips/${trip.start}/airline.csv`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    // Opened as Dutch Excel opens it: ';'-separated, so a ',' file would be one column here.
    const rows = readAsDutchExcel(res.rawPayload);
    expect(rows[0]).toEqual([
      'Nr',
      'Achternaam',
      'Voornamen',
      'Geslacht',
      'Geboortedatum',
      'Nationaliteit',
      'Paspoortnummer',
      'Paspoort geldig tot',
      'Type',
      'Bestelling',
      'Documenten',
    ]);
    expect(rows).toHaveLength(1 + 9);
    expect(rows).toContainEqual([
      expect.any(String),
      'Öztürk',
      'Bilal Şükrü',
      'M',
      '29-02-1980',
      'NLD',
      'NX1234567',
      '30-04-2032',
      'ADT',
      `FCU2${alone.id}`,
      'ja',
    ]);
    expect(rows).toContainEqual([expect.any(String), 'O"Neil, Jr', 'ZusA', 'F', '', '', '', '', 'ADT', `FCU2${sisterA.id}`, 'nee']);
    // The one name that starts like a formula was typed by a customer: it reaches Excel as text.
    expect(res.payload).not.toMatch(/(^|;)=HYPERLINK/m);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(['+1', '-1', '@SUM(A1)', '\tx'].map(csvCell)).toEqual(["'+1", "'-1", "'@SUM(A1)", "'\tx"]);
    expect(await auditCount('trip.download.airline_csv')).toBe(1);
  });

  it('documents.zip: one JPEG and one PDF per guest with documents; audited', async () => {
    const res = await get(`/api/admin/trips/${trip.start}/documents.zip`, admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="reisdocumenten-${trip.start}.zip"`);
    const file = path.join(uploads, 'test.zip');
    await writeFile(file, res.rawPayload);
    const names = execFileSync('unzip', ['-Z1', file]).toString('utf8').trim().split('\n').sort();
    const broer1 = ids(brothers, 'Broer1')[0];
    const man = ids(alone, 'Alleen')[0];
    expect(names).toHaveLength(4);
    expect(names.filter((n) => n.endsWith('/pasfoto.jpg'))).toHaveLength(2);
    expect(names.filter((n) => n.endsWith('/gegevens.pdf'))).toHaveLength(2);
    expect(names.some((n) => n.includes(`Demir-Yusuf-${broer1}/`))).toBe(true);
    expect(names.some((n) => n.includes(`Ozturk-Bilal_Sukru-${man}/`))).toBe(true);
    const jpeg = execFileSync('unzip', ['-p', file, names.find((n) => n.endsWith('pasfoto.jpg'))!]);
    expect(jpeg.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const pdf = execFileSync('unzip', ['-p', file, names.find((n) => n.includes(`-${broer1}/gegevens.pdf`))!]);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain('TR7654321');
    expect(text).toContain('01-12-1990');
    expect(await auditCount('trip.download.documents_zip')).toBe(1);
    const none = await get(`/api/admin/trips/${laterTrip.start}/documents.zip`, admin);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(TRIP_MSG.noDocuments);
  });

  it('rooming downloads before any saved version answer 404 in Dutch', async () => {
    const other = (await get('/api/admin/trips', admin))
      .json()
      .trips.find((t: { start_date: string; guests_booked: number }) => t.start_date > laterTrip.start);
    const res = await get(`/api/admin/trips/${other.start_date}/rooming.pdf`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TRIP_MSG.noVersion);
    expect((await get(`/api/admin/trips/${trip.start}/rooming.xlsx?version=99`, admin)).json().message).toBe(TRIP_MSG.versionNotFound);
    expect((await get(`/api/admin/trips/${trip.start}/airline.csv?layout=klm`, admin)).statusCode).toBe(400);
  });
});

describe('who may use the trip overviews', () => {
  const calls = () =>
    [
      ['GET', '/api/admin/trips'],
      ['GET', `/api/admin/trips/${trip.start}`],
      ['POST', `/api/admin/trips/${trip.start}/rooming/proposal`],
      ['GET', `/api/merged_rooms?start_date=${trip.start}`],
      ['POST', '/api/merged_rooms', { start_date: trip.start, rooms: toSave(proposal.rooms) }],
      ['POST', '/api/merged_rooms', { nonsense: true }],
      ['POST', '/api/admin/trips/merge', { start: trip.start, end: trip.start }],
      ['GET', `/api/admin/trips/${trip.start}/rooming.pdf`],
      ['GET', `/api/admin/trips/${trip.start}/rooming.xlsx`],
      ['GET', `/api/admin/trips/${trip.start}/airline.xlsx?layout=turkish`],
      ['GET', `/api/admin/trips/${trip.start}/airline.csv?layout=general`],
      ['GET', `/api/admin/trips/${trip.start}/documents.zip`],
    ] as [string, string, unknown?][];

  it('answers 403 to a customer and the bookkeeper and 401 to an anonymous caller, on every route and download', async () => {
    const versionsBefore = (await app.ctx.db.select().from(mergedRoomVersions)).length;
    const auditBefore = (await app.ctx.db.select().from(auditLog)).length;
    for (const [who, token, status] of [
      ['customer', customer, 403],
      ['bookkeeper', bookkeeper, 403],
      ['anonymous', undefined, 401],
    ] as const) {
      for (const [method, url, payload] of calls()) {
        const res = await app.inject({ method: method as 'GET', url, payload: payload as object, headers: token ? auth(token) : {} });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
        expect(res.json().message).toBe(status === 403 ? 'Je bent niet toegestaan om deze pagina te bekijken.' : 'Log in om deze pagina te bekijken');
      }
    }
    expect((await app.ctx.db.select().from(mergedRoomVersions)).length).toBe(versionsBefore);
    expect((await app.ctx.db.select().from(auditLog)).length).toBe(auditBefore);
  });
});

describe('a saved version after a new booking', () => {
  it('lists the guest who is not in it yet as a broken rule, so staff regenerate', async () => {
    const late = await placeOrder(other, trip.id, [{ room_type: 2, room_gender: 0, guests: [{ first_name: 'Laat' }] }]);
    await settle(late.id, OrderStatus.DOWN_PAYMENT, 1000);
    const res = await get(`/api/merged_rooms?start_date=${trip.start}`, admin);
    expect(res.json().current.problems).toEqual([
      { rule: 'missing_guest', message: ROOMING_MSG.missingGuest('Laat Yilmaz'), guest_id: late.guests[0]!.id },
    ]);
  });
});
