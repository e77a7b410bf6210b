import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { rateLimitHits } from '../src/db/schema.ts';
import { databaseRateLimitStore, FLUSH_MS } from '../src/infra/http/rate-limit-store.ts';
import { auth, createTestApp, customerToken } from './helpers.ts';

// The order and payment calls count in memory and write their counts to the shared table in batches
// (infra/http/rate-limit-store.ts); the limit itself must hold exactly as before in one process, and
// the counts must reach the table, where another process adds them to its own.

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 1 });
  token = await customerToken(app);
});
afterAll(async () => {
  await app?.close();
});

type Result = { current: number; ttl: number };
const incr = (store: { incr: (key: string, cb: (err: Error | null, res?: Result) => void, windowMs: number) => void }, key: string) =>
  new Promise<Result>((resolve, reject) => store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), 60_000));

describe('batched counting (orders and payments)', () => {
  it('places at most 30 orders a minute from one address, then 429 with the Dutch message; another address goes on', async () => {
    const order = (ip: string) =>
      app.inject({ method: 'POST', url: '/api/order', headers: auth(token), payload: { rooms: 'geen' }, remoteAddress: ip });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await order('10.77.0.1')).statusCode);
    // The limit counts before the body is read: refused bodies count too.
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const blocked = await order('10.77.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Too Many Requests', message: MSG.tooManyRequests });
    expect((await order('10.77.0.2')).statusCode).toBe(400);
    // Within a flush the counts are in the shared table, where other processes read them.
    const row = await vi.waitFor(
      async () => {
        const [hit] = await app.ctx.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'POST:/api/order:10.77.0.1'));
        expect(hit?.count).toBe(32);
        return must(hit, 'the counted row');
      },
      { timeout: FLUSH_MS * 20, interval: FLUSH_MS / 2 },
    );
    expect(row.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('limits payment starts to 60 a minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payment/2147483647',
        headers: auth(token),
        payload: { trans: 'none' },
        remoteAddress: '10.77.1.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it("adds another process's flushed counts to its own, and starts a new window once the old one ended", async () => {
    // Two stores on one database are two API processes.
    const a = databaseRateLimitStore(app.ctx.db);
    const b = databaseRateLimitStore(app.ctx.db);
    const route = { counting: 'batched', routeInfo: { method: 'POST', url: '/api/test-batched' } };
    const onA = new a.Store().child(route);
    const onB = new b.Store().child(route);
    expect((await incr(onA, '10.77.2.1')).current).toBe(1);
    expect((await incr(onA, '10.77.2.1')).current).toBe(2);
    expect((await incr(onA, '10.77.2.1')).current).toBe(3);
    await a.flush();
    // B has not heard of A's three until its own first flush.
    expect((await incr(onB, '10.77.2.1')).current).toBe(1);
    await b.flush();
    expect((await incr(onB, '10.77.2.1')).current).toBe(5);
    expect((await incr(onA, '10.77.2.1')).current).toBe(4);
    await a.flush();
    // A's 4 and B's flushed 4 (B's fifth is not flushed yet), and this one.
    expect((await incr(onA, '10.77.2.1')).current).toBe(6);
    // Closing writes what is left: every request counted once in the table.
    await a.close();
    await b.close();
    const [row] = await app.ctx.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'POST:/api/test-batched:10.77.2.1'));
    expect(row?.count).toBe(7);

    // The window is over: both count from 1 again.
    await app.ctx.db
      .update(rateLimitHits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimitHits.key, 'POST:/api/test-batched:10.77.2.1'));
    const c = databaseRateLimitStore(app.ctx.db);
    const onC = new c.Store().child(route);
    expect((await incr(onC, '10.77.2.1')).current).toBe(1);
    await c.close();
    const [restarted] = await app.ctx.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'POST:/api/test-batched:10.77.2.1'));
    expect(restarted?.count).toBe(1);
  });

  it('counts every request of the exact routes in the table at once, whichever process takes it', async () => {
    const a = databaseRateLimitStore(app.ctx.db);
    const b = databaseRateLimitStore(app.ctx.db);
    const route = { routeInfo: { method: 'POST', url: '/api/test-exact' } };
    expect((await incr(new a.Store().child(route), '10.77.3.1')).current).toBe(1);
    expect((await incr(new b.Store().child(route), '10.77.3.1')).current).toBe(2);
    expect((await incr(new a.Store().child(route), '10.77.3.1')).current).toBe(3);
    await a.close();
    await b.close();
  });
});
