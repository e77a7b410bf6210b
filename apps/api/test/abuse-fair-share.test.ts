import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { FAIR_SHARE_MSG, createFairShare } from '../src/infra/http/fair-share.ts';
import { closePdfPool, configurePdfPool } from '../src/infra/pdf/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { EXAMPLE, exampleTrip, payManually, placeExampleOrder } from './documents-helpers.ts';
import { adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';

// docs/ABUSE.md, 'Heavy work': a burst of PDF requests from one customer made every PDF download fail with 503
// for everyone (one shared pool, no per-user share). Heavy work now takes turns per user; a user over
// the cap gets 429 with Retry-After, the others are served.

let app: FastifyInstance;
let customer: string;
let other: string;
let orderA: number;
let orderB: number;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 100 });
  await app.ctx.db.insert(users).values({
    email: 'tweede-klant@example.nl',
    passwordHash: await hashPassword('Tweede-klant-2026'),
    firstName: 'Samira',
    lastName: 'Ouali',
    role: 0,
  });
  const admin = await adminToken(app);
  customer = await customerToken(app);
  other = await loginToken(app, 'tweede-klant@example.nl', 'Tweede-klant-2026');
  const trip = await exampleTrip(app);
  orderA = await placeExampleOrder(app, customer, trip.id);
  orderB = await placeExampleOrder(app, other, trip.id);
  await payManually(app, admin, orderA, EXAMPLE.half);
  await payManually(app, admin, orderB, EXAMPLE.half);
});
afterAll(async () => {
  configurePdfPool({ maxThreads: undefined, maxQueue: undefined });
  await app?.close();
});

const proof = (token: string, id: number) => app.inject({ method: 'POST', url: `/api/order/down_payment/${id}`, headers: auth(token) });

describe('heavy work is shared out per user', () => {
  it("one customer's burst of 10 PDFs: 429 with Retry-After past the cap, never a 503, and another customer is served", async () => {
    // A small pool, as a slow day makes it: one thread and two waiting places.
    configurePdfPool({ maxThreads: 1, maxQueue: 2 });
    await closePdfPool();
    const burst = Array.from({ length: 10 }, () => proof(customer, orderA));
    const theirs = proof(other, orderB);
    const answers = await Promise.all(burst);
    const mine = await theirs;
    expect(mine.statusCode, mine.body).toBe(200);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses).not.toContain(503);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.json().message).toBe(FAIR_SHARE_MSG.busy);
    }
    // And once the burst is over, the customer is served again.
    expect((await proof(customer, orderA)).statusCode).toBe(200);
  });
});

describe('the turn-taking itself', () => {
  it('serves waiting users in turn, not in arrival order', async () => {
    const share = createFairShare({ slots: 1, perOwner: 10, retryAfterSeconds: 1 });
    const order: string[] = [];
    const first = await share.enter('a');
    const waits = ['a', 'a', 'a', 'b'].map((o, i) => share.enter(o).then((release) => (order.push(`${o}${i}`), release)));
    first();
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 1));
      const done = await Promise.race(waits.map((w, j) => w.then((release) => ({ release, j }))));
      done.release();
      waits.splice(done.j, 1);
    }
    // b's one request goes second, not behind all of a's.
    expect(order.slice(0, 2)).toEqual(['a0', 'b3']);
  });

  it('refuses a user holding the cap and takes them again after a release', async () => {
    const share = createFairShare({ slots: 1, perOwner: 2, retryAfterSeconds: 1 });
    const r1 = await share.enter('a');
    const second = share.enter('a');
    await expect(share.enter('a')).rejects.toMatchObject({ statusCode: 429 });
    r1();
    (await second)();
    (await share.enter('a'))();
  });
});
