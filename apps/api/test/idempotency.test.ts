import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { ProductType } from '@umrah/domain';
import { idempotencyKeys, mailOutbox, orders, products } from '../src/db/schema.ts';
import { IDEMPOTENCY_MSG, deleteExpiredIdempotencyKeys } from '../src/infra/http/idempotency.ts';
import { TEST_DB, auth, createTestApp, customerToken, solveCaptcha, validAccount } from './helpers.ts';

// Idempotent writes (docs/records.md): a repeated Idempotency-Key gets the first answer, never a
// second order, mail or payment. The crash between commit and answer is in idempotency-crash.test.ts.

let app: FastifyInstance;
let customer: string;
let adultProduct: number;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 100 });
  customer = await customerToken(app);
  const all = await app.ctx.db.select().from(products).where(eq(products.region, 'NL'));
  adultProduct = all.filter((p) => p.type === ProductType.UMRAH_2_ADULT && p.stock > 5).sort((a, b) => a.start!.localeCompare(b.start!))[0]!.id;
});
afterAll(async () => {
  await app?.close();
});

const oneRoom = (lastName: string) => ({
  rooms: [{ product_id: adultProduct, room_type: 2, room_gender: 0, guests: [{ first_name: 'Idem', last_name: lastName, age_category: 0 }] }],
});
const placeOrder = (key: string | undefined, body: object) =>
  app.inject({ method: 'POST', url: '/api/order', headers: { ...auth(customer), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
const ordersOf = async (lastName: string) =>
  (
    await app.ctx.db
      .select({ n: count() })
      .from(orders)
      .where(sql`exists (select 1 from guests g where g.order_id = ${orders.id} and g.last_name = ${lastName})`)
  )[0]!.n;

describe(`Idempotency-Key on ${TEST_DB}`, () => {
  it('a repeated key gets the first answer (status and body) and places one order', async () => {
    const key = randomUUID();
    const first = await placeOrder(key, oneRoom('Herhaald'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await placeOrder(key, oneRoom('Herhaald'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf('Herhaald')).toBe(1);
  });

  it('without the header every request is its own (as before)', async () => {
    expect((await placeOrder(undefined, oneRoom('ZonderSleutel'))).statusCode).toBe(201);
    expect((await placeOrder(undefined, oneRoom('ZonderSleutel'))).statusCode).toBe(201);
    expect(await ordersOf('ZonderSleutel')).toBe(2);
  });

  it('the same key with another body is refused with a Dutch message (422)', async () => {
    const key = randomUUID();
    expect((await placeOrder(key, oneRoom('AnderLichaamA'))).statusCode).toBe(201);
    const other = await placeOrder(key, oneRoom('AnderLichaamB'));
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MSG.reused);
    expect(await ordersOf('AnderLichaamB')).toBe(0);
  });

  it('simultaneous requests with one key make one order; each gets it or a 409', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => placeOrder(key, oneRoom('Gelijktijdig'))));
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(IDEMPOTENCY_MSG.inFlight);
    }
    expect(new Set(ok.map((a) => a.json().order.id)).size).toBe(1);
    expect(await ordersOf('Gelijktijdig')).toBe(1);
  });

  it('the key belongs to its caller: another customer with the same key places their own order', async () => {
    const key = randomUUID();
    const first = await placeOrder(key, oneRoom('EigenScope'));
    const reg = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...validAccount(), password: 'Geheim-wachtwoord-1', login_user: true, altcha: await solveCaptcha(app) },
    });
    expect(reg.statusCode, reg.body).toBeLessThan(300);
    const other = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...auth(reg.json().token), 'idempotency-key': key },
      payload: oneRoom('EigenScope'),
    });
    expect(other.statusCode).toBe(201);
    expect(other.json().order.id).not.toBe(first.json().order.id);
  });

  it('a malformed key is refused before anything is written', async () => {
    const bad = await placeOrder('kort', oneRoom('SlechteSleutel'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(IDEMPOTENCY_MSG.invalidKey);
    expect(await ordersOf('SlechteSleutel')).toBe(0);
  });

  it('a public form post with a repeated key is handled once (one stored request, one set of mails)', async () => {
    const key = randomUUID();
    const email = `idem-${randomUUID().slice(0, 8)}@example.nl`;
    const form = { name: 'Idem Potent', email, message: 'Twee keer verstuurd door een slechte verbinding.', altcha: await solveCaptcha(app) };
    const send = () => app.inject({ method: 'POST', url: '/api/contact', headers: { 'idempotency-key': key }, payload: form });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    // Without the key the replayed captcha would be refused (400); with it the first answer comes back.
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const mails = await app.ctx.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} = ${email} or ${mailOutbox.replyTo} = ${email}`);
    expect(mails[0]!.n).toBe(2); // the office's copy and the sender's confirmation, once
  });

  it('the cleanup job removes answers older than a day', async () => {
    const key = randomUUID();
    expect((await placeOrder(key, oneRoom('Verlopen'))).statusCode).toBe(201);
    await app.ctx.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(idempotencyKeys.key, key));
    expect(await deleteExpiredIdempotencyKeys(app.ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await app.ctx.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0]!.n).toBe(0);
  });
});
