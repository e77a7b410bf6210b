import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MSG, WAITLIST_MSG } from '@umrah/domain';
import { orders, products, waitlistEntries } from '../src/db/schema.ts';
import { toProductDto } from '../src/modules/products/service.ts';
import { runScheduledJobs } from '../src/modules/reminders/scheduler.ts';
import { adminToken, auth, createTestApp, customerToken, loginToken, validAccount } from './helpers.ts';
import { exampleTrip } from './documents-helpers.ts';
import { startSmtpServer } from './smtp.ts';

// The waiting list of a sold-out room type (docs/WAITLIST.md): places that come back (cancel, lead expiry,
// staff raising stock, a lapsed hold) are held for the first waiting customer who fits, taken from
// stock in the same transaction, and only that customer's order can use them.

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;
let customer: string;
let trip: Awaited<ReturnType<typeof exampleTrip>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'http://shop.test', rateLimitFactor: 50, waitlistHoldHours: 24 });
  admin = await adminToken(app);
  customer = await customerToken(app);
  trip = await exampleTrip(app);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

// Each test starts from an empty list on the trip's adult 2-person room.
beforeEach(async () => {
  await app.ctx.db.delete(waitlistEntries).where(eq(waitlistEntries.productId, trip.id));
});

const kick = () => app.ctx.mail.kick();
const HOLD_SUBJECT = 'Er is plaats voor je vrijgekomen';

async function newCustomer() {
  const account = validAccount();
  const res = await app.inject({ method: 'POST', url: '/api/users', headers: auth(admin), payload: { ...account, password: 'Eigen-wachtwoord-1' } });
  expect(res.statusCode, res.body).toBe(201);
  return { email: account.email, token: await loginToken(app, account.email, 'Eigen-wachtwoord-1') };
}

const setStock = (stock: number) => app.ctx.db.update(products).set({ stock }).where(eq(products.id, trip.id));
const stockNow = async () => (await app.ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, trip.id)))[0]!.stock;

const adults = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ first_name: `Gast${i}`, last_name: 'Test', age_category: 0, european_passport: true }));
const placeOrder = (token: string, persons = 2) =>
  app.inject({
    method: 'POST',
    url: '/api/order',
    headers: auth(token),
    payload: { rooms: [{ product_id: trip.id, room_type: 2, room_gender: 0, guests: adults(persons) }], flex: JSON.stringify({ pay_partly: true }) },
  });
const join = (token: string, persons: number, room_type = 2) =>
  app.inject({ method: 'POST', url: '/api/waitlist', headers: auth(token), payload: { product_id: trip.id, room_type, persons } });
const entryOf = async (id: number) => (await app.ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
const cancel = (orderId: number) => app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}`, headers: auth(admin), payload: {} });

/** A customer's order of `persons` that takes the last places, leaving the room sold out. */
async function soldOutByOrder(persons = 2) {
  await setStock(persons);
  const owner = await newCustomer();
  const res = await placeOrder(owner.token, persons);
  expect(res.statusCode, res.body).toBe(201);
  expect(await stockNow()).toBe(0);
  return res.json().order.id as number;
}

describe('joining the waiting list', () => {
  it('only where the room type has too few places, once per customer, logged in', async () => {
    await setStock(5);
    expect((await join(customer, 2)).json().message).toBe(WAITLIST_MSG.notSoldOut);
    await setStock(1);
    const joined = await join(customer, 2);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({
      message: WAITLIST_MSG.joined,
      entry: { product_id: trip.id, room_type: 2, persons: 2, status: 'waiting', place: 1 },
    });
    const again = await join(customer, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WAITLIST_MSG.already);
    expect((await app.inject({ method: 'POST', url: '/api/waitlist', payload: { product_id: trip.id, room_type: 2, persons: 1 } })).statusCode).toBe(
      401,
    );
    const tooMany = await join(customer, 13);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(WAITLIST_MSG.persons);

    const mine = await app.inject({ method: 'GET', url: '/api/waitlist', headers: auth(customer) });
    expect(mine.json().entries).toEqual([expect.objectContaining({ id: joined.json().entry.id, status: 'waiting', place: 1 })]);
    expect(mine.json().entries[0].email).toBeUndefined();
  });
});

describe('places that come back', () => {
  it("a cancelled order's places are held for the first who fits, mailed; nobody else can take them; the holder books them", async () => {
    const cancelled = await soldOutByOrder(2);
    const big = await newCustomer();
    const first = await newCustomer();
    const second = await newCustomer();
    // Three places wanted first: does not fit in the two that come back, so the next one gets them.
    const bigEntry = (await join(big.token, 3)).json().entry.id as number;
    const firstEntry = (await join(first.token, 2)).json().entry.id as number;
    const secondEntry = (await join(second.token, 2)).json().entry.id as number;

    const before = smtp.mails.length;
    expect((await cancel(cancelled)).statusCode).toBe(200);
    // Given back and held again in the same transaction: the stock never shows them free.
    expect(await stockNow()).toBe(0);
    const held = await entryOf(firstEntry);
    expect(held.status).toBe('held');
    const hours = (held.heldUntil!.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await entryOf(bigEntry)).status).toBe('waiting');
    expect((await entryOf(secondEntry)).status).toBe('waiting');
    const mail = await smtp.waitFor(first.email, HOLD_SUBJECT, kick, { after: before });
    expect(mail.text).toContain('Er zijn 2 plaatsen voor je vrijgekomen');
    expect(mail.text).toContain('http://shop.test/account/bestellingen');

    // Another customer cannot take them.
    const other = await placeOrder(second.token, 2);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(ORDER_MSG.soldOutRoom);

    // The holder books: the order uses the hold instead of taking stock again.
    const mine = await app.inject({ method: 'GET', url: '/api/waitlist', headers: auth(first.token) });
    expect(mine.json().entries[0]).toMatchObject({ status: 'held', held_until: held.heldUntil!.toISOString() });
    const booked = await placeOrder(first.token, 2);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await stockNow()).toBe(0);
    expect(await entryOf(firstEntry)).toMatchObject({ status: 'booked', orderId: booked.json().order.id });
  });

  it('a hold not used in time lapses and goes to the next on the list (the scheduler)', async () => {
    const cancelled = await soldOutByOrder(2);
    const first = await newCustomer();
    const second = await newCustomer();
    const firstEntry = (await join(first.token, 2)).json().entry.id as number;
    const secondEntry = (await join(second.token, 2)).json().entry.id as number;
    await cancel(cancelled);
    expect((await entryOf(firstEntry)).status).toBe('held');

    // Within the hold the scheduler leaves it alone.
    await runScheduledJobs(app.ctx, { now: new Date(Date.now() + 23 * 3600_000) });
    expect((await entryOf(firstEntry)).status).toBe('held');

    const before = smtp.mails.length;
    await runScheduledJobs(app.ctx, { now: new Date(Date.now() + 25 * 3600_000) });
    expect((await entryOf(firstEntry)).status).toBe('lapsed');
    expect((await entryOf(secondEntry)).status).toBe('held');
    expect(await stockNow()).toBe(0);
    await smtp.waitFor(second.email, HOLD_SUBJECT, kick, { after: before });
    // The lapsed customer's order now finds the room sold out.
    expect((await placeOrder(first.token, 2)).statusCode).toBe(409);
  });

  it("an expired lead's places go to the waiting list", async () => {
    const lead = await soldOutByOrder(2);
    const waiting = await newCustomer();
    const entry = (await join(waiting.token, 1)).json().entry.id as number;
    await app.ctx.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 72 * 3600_000) })
      .where(eq(orders.id, lead));
    const result = await runScheduledJobs(app.ctx);
    expect(result.expired).toContain(lead);
    expect((await entryOf(entry)).status).toBe('held');
    // Two came back, one is held: one is free for anyone.
    expect(await stockNow()).toBe(1);
  });

  it('staff raising the stock offer the new places to the list; the answer shows what is left', async () => {
    await setStock(0);
    const waiting = await newCustomer();
    const entry = (await join(waiting.token, 2)).json().entry.id as number;
    const [row] = await app.ctx.db.select().from(products).where(eq(products.id, trip.id));
    const res = await app.inject({
      method: 'PUT',
      url: `/api/product/${trip.id}`,
      headers: auth(admin),
      payload: { ...toProductDto(row!), stock: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(row!.stock).toBe(0);
    expect(await stockNow()).toBe(1);
    expect((await entryOf(entry)).status).toBe('held');
    expect(JSON.stringify(res.json())).toContain('"stock":1');
  });
});

describe('staff on the trip page', () => {
  it('see the list in order, move an entry, remove a held one (its places go to the next)', async () => {
    const cancelled = await soldOutByOrder(2);
    const a = await newCustomer();
    const b = await newCustomer();
    const c = await newCustomer();
    const ea = (await join(a.token, 2)).json().entry.id as number;
    const eb = (await join(b.token, 2)).json().entry.id as number;
    const ec = (await join(c.token, 2)).json().entry.id as number;
    const list = async () =>
      (await app.inject({ method: 'GET', url: `/api/admin/trips/${trip.start}/waitlist`, headers: auth(admin) }))
        .json()
        .entries.filter((e: { id: number }) => [ea, eb, ec].includes(e.id)) as { id: number; place: number | null; status: string; email: string }[];
    expect((await list()).map((e) => [e.email, e.place])).toEqual([
      [a.email, 1],
      [b.email, 2],
      [c.email, 3],
    ]);
    // Customers cannot see the trip's list.
    expect((await app.inject({ method: 'GET', url: `/api/admin/trips/${trip.start}/waitlist`, headers: auth(customer) })).statusCode).toBe(403);

    const move = await app.inject({ method: 'POST', url: `/api/admin/waitlist/${ec}/move`, headers: auth(admin), payload: { direction: 'up' } });
    expect(move.statusCode, move.body).toBe(200);
    expect((await list()).map((e) => e.id)).toEqual([ea, ec, eb]);

    // The moved one is now second: after A, it gets the places.
    await cancel(cancelled);
    expect((await entryOf(ea)).status).toBe('held');
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/waitlist/${ea}/move`, headers: auth(admin), payload: { direction: 'down' } })).json()
        .message,
    ).toBe(WAITLIST_MSG.cannotMove);
    // Another customer cannot remove A's place.
    expect((await app.inject({ method: 'DELETE', url: `/api/waitlist/${ea}`, headers: auth(b.token) })).statusCode).toBe(404);
    const removed = await app.inject({ method: 'DELETE', url: `/api/admin/waitlist/${ea}`, headers: auth(admin) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await entryOf(ec)).status).toBe('held');
    expect((await entryOf(eb)).status).toBe('waiting');
    expect(await stockNow()).toBe(0);
    const rows = await app.ctx.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.productId, trip.id), inArray(waitlistEntries.id, [ea])));
    expect(rows).toEqual([]);
  });

  it('a customer leaving with a held place passes it on', async () => {
    const cancelled = await soldOutByOrder(1);
    const a = await newCustomer();
    const b = await newCustomer();
    const ea = (await join(a.token, 1)).json().entry.id as number;
    const eb = (await join(b.token, 1)).json().entry.id as number;
    await cancel(cancelled);
    expect((await entryOf(ea)).status).toBe('held');
    expect((await app.inject({ method: 'DELETE', url: `/api/waitlist/${ea}`, headers: auth(a.token) })).statusCode).toBe(200);
    expect((await entryOf(eb)).status).toBe('held');
  });
});
