import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOTELS, MY_TRIP_MSG, OrderStatus, ProductType } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { auditLog, orders, products, users } from '../src/db/schema.ts';
import { configurePdfPool } from '../src/infra/pdf/index.ts';
import { purgeExpiredVisaData } from '../src/modules/visa/retention.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { DEMO_ACCOUNTS, TEST_DB, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';

// 'Mijn reis' (docs/RULES.md, 'Mijn reis') on PGlite, or PostgreSQL with DATABASE_URL: who may open a
// trip, what it holds (and what of other orders it does not), the practical details staff fill in,
// and the visa PDF per guest.

let app: FastifyInstance;
let uploads: string;
let admin: string;
let customer: string;
let other: string;
let bookkeeper: string;
let trip: { id: number; start: string; end: string; hotels: number[] };

const OTHER_EMAIL = 'mijn-reis-ander@example.nl';
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, token?: string) =>
  app.inject({ method, url, payload: payload as object, headers: token ? auth(token) : {} });

async function placeOrder(token: string, gender: 0 | 1, first: string, last: string) {
  const res = await send(
    'POST',
    '/api/order',
    {
      rooms: [
        {
          product_id: trip.id,
          room_type: 2,
          room_gender: gender,
          exclusive: false,
          guests: [{ first_name: first, last_name: last, age_category: 0 }],
        },
      ],
      flex: JSON.stringify({ pay_partly: true }),
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order;
  return { id: order.id as number, total: order.total_price as number, guestId: order.rooms[0].guests[0].id as number };
}

/** A bank transfer booked by staff: the order becomes DOWN_PAYMENT or COMPLETED (and its invoice is issued) as in real use. */
async function pay(orderId: number, amount: number, status: number) {
  const res = await send('POST', '/api/payment', { order_id: orderId, payment_type: 2, amount }, admin);
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await app.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  expect(row!.status).toBe(status);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let mine: Awaited<ReturnType<typeof placeOrder>>;
let theirs: Awaited<ReturnType<typeof placeOrder>>;
let unpaid: Awaited<ReturnType<typeof placeOrder>>;

beforeAll(async () => {
  // The invoice is laid out in the PDF pool: on a machine busy with other suites its time limit is no test of this feature.
  configurePdfPool({ timeoutMs: 60_000 });
  uploads = await mkdtemp(path.join(tmpdir(), 'my-trip-uploads-'));
  app = await createTestApp({
    rateLimitFactor: 100,
    visaEncryptionKey: randomBytes(32).toString('base64'),
    visaPreviousKeys: [],
    fileStore: { kind: 'local', dir: uploads },
  });
  const db = app.ctx.db;
  await db
    .insert(users)
    .values({ email: OTHER_EMAIL, passwordHash: await hashPassword('Andere-klant-2026'), firstName: 'Ander', lastName: 'Klant', role: 0 });
  [admin, customer, other, bookkeeper] = await Promise.all([
    adminToken(app),
    customerToken(app),
    loginToken(app, OTHER_EMAIL, 'Andere-klant-2026'),
    loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password),
  ]);
  const [p] = (
    await db
      .select()
      .from(products)
      .where(and(eq(products.type, ProductType.UMRAH_2_ADULT), eq(products.region, 'NL'), like(products.label, '%Firstclass%')))
  )
    .filter((row) => row.stock > 10 && row.start! > dutchToday())
    .sort((a, b) => a.start!.localeCompare(b.start!));
  trip = { id: p!.id, start: p!.start!, end: p!.end!, hotels: must(p!.flex.hotels, "the seeded trip's hotels") };

  // Two sisters who booked apart share a room once the list is saved; a third order is not paid.
  mine = await placeOrder(customer, 1, 'Zainab', 'Amrani');
  theirs = await placeOrder(other, 1, 'Hafsa', 'Bakkali');
  unpaid = await placeOrder(customer, 0, 'Niet', 'Betaald');
  await pay(mine.id, mine.total, OrderStatus.COMPLETED);
  await pay(theirs.id, Math.round(theirs.total / 2), OrderStatus.DOWN_PAYMENT);
});

afterAll(async () => {
  configurePdfPool({ timeoutMs: undefined });
  await app?.close();
  await rm(uploads, { recursive: true, force: true });
});

describe(`Mijn reis (${TEST_DB})`, () => {
  it('only the owner of a paid order (or staff) opens it: another customer 404, unpaid 409, anonymous 401', async () => {
    expect((await get(`/api/my-trips/${mine.id}`)).statusCode).toBe(401);
    const stranger = await get(`/api/my-trips/${mine.id}`, other);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(MY_TRIP_MSG.notFound);
    const notPaid = await get(`/api/my-trips/${unpaid.id}`, customer);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe(MY_TRIP_MSG.notPaid);
    expect((await get(`/api/my-trips/999999`, customer)).statusCode).toBe(404);
    for (const token of [customer, admin, bookkeeper]) expect((await get(`/api/my-trips/${mine.id}`, token)).statusCode).toBe(200);
    // The owner's list holds the paid order only.
    const list = (await get('/api/my-trips', customer)).json();
    expect(list.trips.map((t: { order_id: number }) => t.order_id)).toEqual([mine.id]);
    expect((await get('/api/my-trips', other)).json().trips.map((t: { order_id: number }) => t.order_id)).toEqual([theirs.id]);
  });

  it('holds the dates, the hotels in Dutch and Arabic and the own guests; no room before a rooming list is saved', async () => {
    const res = await get(`/api/my-trips/${mine.id}`, customer);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const body = res.json();
    expect(body).toMatchObject({
      order_id: mine.id,
      order_number: `FCU2${mine.id}`,
      start_date: trip.start,
      end_date: trip.end,
      rooming_saved: false,
    });
    expect(body.hotels.map((h: { name: string }) => h.name)).toEqual(trip.hotels.map((i) => HOTELS[i]!.name));
    for (const h of body.hotels) {
      expect(h.address).toMatch(/Saoedi-Arabië$/);
      expect(h.address_ar).toMatch(/[\u0600-\u06FF]/);
      expect(h.name_ar).toMatch(/[\u0600-\u06FF]/);
    }
    expect(body.guests).toEqual([{ id: mine.guestId, first_name: 'Zainab', last_name: 'Amrani', room: null, visa_pdf_url: null }]);
    expect(body.details).toEqual({ flight: '', meeting_point: '', leader_name: '', leader_phone: '', programme: '' });
    expect(body.documents).toEqual([{ title: 'Factuur', filename: `factuur-FCU${mine.id}.pdf`, url: `/api/my-trips/${mine.id}/documents/invoice` }]);
  });

  it('staff fill the practical details on the trip page (checked by the shared schema); the customer sees them', async () => {
    const details = {
      flight: 'TK1952 Amsterdam 10:40 - Istanbul 15:05, TK94 Istanbul 17:30 - Jeddah 20:55',
      meeting_point: 'Schiphol, vertrekhal 3, bij de Turkish Airlines-balie, 07:30',
      leader_name: 'Ustadh Karim El Idrissi',
      leader_phone: '+31 6 12345678',
      programme: 'Dag 1: aankomst en Umrah\nDag 2: ziyarah Mekka',
    };
    expect((await send('PUT', `/api/admin/trips/${trip.start}/details`, details, customer)).statusCode).toBe(403);
    expect((await send('PUT', `/api/admin/trips/${trip.start}/details`, details, bookkeeper)).statusCode).toBe(403);
    const bad = await send(
      'PUT',
      `/api/admin/trips/${trip.start}/details`,
      { ...details, leader_phone: 'bel me', programme: 'x'.repeat(5001) },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MY_TRIP_MSG.phone);
    expect((await send('PUT', `/api/admin/trips/2001-01-01/details`, details, admin)).statusCode).toBe(404);
    const saved = await send('PUT', `/api/admin/trips/${trip.start}/details`, details, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...details, start_date: trip.start, updated_by: DEMO_ACCOUNTS.admin.email });
    expect((await get(`/api/admin/trips/${trip.start}/details`, admin)).json()).toMatchObject(details);
    expect((await get(`/api/my-trips/${mine.id}`, customer)).json().details).toEqual(details);
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'trip.details.save'));
    expect(audit).toHaveLength(1);
  });

  it("once a rooming list is saved: the guest's room numbers and the roommate's name, nothing else of the other order", async () => {
    const proposal = (await send('POST', `/api/admin/trips/${trip.start}/rooming/proposal`, undefined, admin)).json();
    const rooms = proposal.rooms.map((r: { existing_id: number | null; max_guests: number; guests: { guest_id: number }[] }, i: number) => ({
      flex: JSON.stringify({ room_mekka: `${1201 + i}`, room_medina: `M${801 + i}` }),
      existing_id: r.existing_id,
      max_guests: r.max_guests,
      guests: r.guests.map((g) => ({ guest_id: g.guest_id })),
    }));
    const saved = await send('POST', '/api/merged_rooms', { start_date: trip.start, rooms }, admin);
    expect(saved.statusCode, saved.body).toBe(201);
    const shared = proposal.rooms.findIndex((r: { guests: { guest_id: number }[] }) => r.guests.some((g) => g.guest_id === mine.guestId));
    expect(proposal.rooms[shared].guests.map((g: { guest_id: number }) => g.guest_id).sort()).toEqual([mine.guestId, theirs.guestId].sort());

    const res = await get(`/api/my-trips/${mine.id}`, customer);
    const body = res.json();
    expect(body.rooming_saved).toBe(true);
    expect(body.guests[0].room).toEqual({
      number: shared + 1,
      max_guests: 2,
      room_mekka: `${1201 + shared}`,
      room_medina: `M${801 + shared}`,
      roommates: ['Hafsa Bakkali'],
    });
    // Of the other order only the roommate's name: not its id, number, guest id or the customer's e-mail.
    expect(res.body).not.toContain(OTHER_EMAIL);
    expect(res.body).not.toContain(`FCU2${theirs.id}`);
    expect(res.body).not.toMatch(new RegExp(`"(id|order_id|guest_id)":${theirs.guestId}\\b`));
    expect(res.body).not.toContain(`"order_id":${theirs.id},`);
  });

  it('staff upload a visa PDF per guest (content and size checked); only the owner (and admin) download it', async () => {
    const url = `/api/admin/guests/${mine.guestId}/visa-pdf`;
    expect((await send('PUT', url, { pdf: PDF.toString('base64') }, customer)).statusCode).toBe(403);
    const notPdf = await send('PUT', url, { pdf: Buffer.from('GIF89a not a pdf').toString('base64') }, admin);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(MY_TRIP_MSG.visaPdfNotPdf);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    const tooBig = await send('PUT', url, { pdf: big }, admin);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(MY_TRIP_MSG.visaPdfTooLarge);
    // Uploaded twice: the second replaces the first, whose file is removed.
    for (let i = 0; i < 2; i++) {
      const up = await send('PUT', url, { pdf: `data:application/pdf;base64,${PDF.toString('base64')}` }, admin);
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().message).toBe(MY_TRIP_MSG.visaPdfSaved);
    }
    const files = await readdir(path.join(uploads, 'visa-pdf', String(mine.id)));
    expect(files).toHaveLength(1);
    expect((await get(`/api/admin/trips/${trip.start}/details`, admin)).json().visa_pdf_guest_ids).toEqual([mine.guestId]);

    const body = (await get(`/api/my-trips/${mine.id}`, customer)).json();
    const pdfUrl = `/api/my-trips/${mine.id}/visa/${mine.guestId}`;
    expect(body.guests[0].visa_pdf_url).toBe(pdfUrl);
    const own = await get(pdfUrl, customer);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);
    // Stored sealed: the file on disk is not the PDF.
    const stored = await readFile(path.join(uploads, 'visa-pdf', String(mine.id), files[0]!));
    expect(stored.includes(PDF.subarray(0, 8))).toBe(false);
    expect((await get(pdfUrl, other)).statusCode).toBe(404);
    expect((await get(`/api/my-trips/${theirs.id}/visa/${mine.guestId}`, other)).statusCode).toBe(404);
    expect((await get(pdfUrl, bookkeeper)).statusCode).toBe(404);
    expect((await get(pdfUrl, admin)).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'visa.pdf.view'))).toHaveLength(1);

    const removed = await send('DELETE', url, undefined, admin);
    expect(removed.statusCode).toBe(200);
    expect((await get(pdfUrl, customer)).statusCode).toBe(404);
    expect(await readdir(path.join(uploads, 'visa-pdf', String(mine.id)))).toEqual([]);
  });

  it('the invoice as a GET PDF for the owner; 404 for another customer', async () => {
    const res = await get(`/api/my-trips/${mine.id}/documents/invoice`, customer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/my-trips/${mine.id}/documents/invoice`, other)).statusCode).toBe(404);
    // The down payment proof is the document of a half-paid order, not of this one.
    expect((await get(`/api/my-trips/${mine.id}/documents/down_payment`, customer)).statusCode).toBe(409);
  });

  it('the visa PDF goes with the other visa data after the trip (retention) and when the customer deletes the account', async () => {
    const upload = async (guestId: number) =>
      expect((await send('PUT', `/api/admin/guests/${guestId}/visa-pdf`, { pdf: PDF.toString('base64') }, admin)).statusCode).toBe(200);
    await upload(mine.guestId);
    await upload(theirs.guestId);
    const filesOf = (orderId: number) => readdir(path.join(uploads, 'visa-pdf', String(orderId)));
    expect(await filesOf(theirs.id)).toHaveLength(1);

    // Account deletion: the other customer's visa PDF (row and file) goes, ours stays.
    const del = await app.inject({ method: 'DELETE', url: '/api/user', headers: auth(other), payload: { password: 'Andere-klant-2026' } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await filesOf(theirs.id)).toEqual([]);
    expect(await filesOf(mine.id)).toHaveLength(1);

    // Retention: not before the trip's end plus the retention days, then gone.
    const dayAfter = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await purgeExpiredVisaData(app.ctx, { days: 30, today: dayAfter(trip.end, 30) });
    expect((await get(`/api/my-trips/${mine.id}/visa/${mine.guestId}`, customer)).statusCode).toBe(200);
    await purgeExpiredVisaData(app.ctx, { days: 30, today: dayAfter(trip.end, 31) });
    expect((await get(`/api/my-trips/${mine.id}/visa/${mine.guestId}`, customer)).statusCode).toBe(404);
    expect(await filesOf(mine.id)).toEqual([]);
    expect((await get(`/api/my-trips/${mine.id}`, customer)).json().guests[0].visa_pdf_url).toBeNull();
  });
});
