import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { jsonShapeProblem } from '../src/infra/http/json-body.ts';
import { adminToken, auth, createTestApp, customerToken } from './helpers.ts';

// docs/ABUSE.md, 'Bodies and query strings': bodies are parsed within bounds (a body limit per route, nesting and
// member count checked on the raw text before JSON.parse), and query strings go through the input guard.

let app: FastifyInstance;
let customer: string;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  customer = await customerToken(app);
  admin = await adminToken(app);
});
afterAll(async () => {
  await app?.close();
});

/**
 * Runs `attack` while a probe calls GET /api/health over and over; the attack's answer, the slowest
 * health answer and the longest the event loop was held (what every other request would wait).
 */
async function healthDuring<R extends { statusCode: number }>(attack: () => Promise<R>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let done = false;
  let healthMs = 0;
  let healthOk = true;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      healthOk &&= res.statusCode === 200;
      healthMs = Math.max(healthMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const res = await attack();
  done = true;
  await probe;
  loop.disable();
  return { res, healthOk, healthMs, stallMs: loop.max / 1e6 };
}

const json = (payload: string, token = customer) => ({
  method: 'POST' as const,
  url: '/api/order/guest/visa',
  headers: { ...auth(token), 'content-type': 'application/json' },
  payload,
});

describe('bounded JSON bodies', () => {
  it('7.8 MB of nested [[[…]]] to the visa route is refused at once and GET /api/health is not stalled', async () => {
    const depth = 3.9 * 1024 * 1024;
    const body = '['.repeat(depth) + ']'.repeat(depth);
    const started = performance.now();
    const { res, healthOk, healthMs, stallMs } = await healthDuring(() => app.inject(json(body)));
    expect([400, 413]).toContain(res.statusCode);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(healthOk).toBe(true);
    expect(healthMs).toBeLessThan(500);
    expect(stallMs).toBeLessThan(500);
  });

  it('nesting within the visa limit (6.5 MB) is a 400 from the scan, before JSON.parse', async () => {
    const depth = 3.25 * 1024 * 1024;
    const body = `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const { res, healthOk, healthMs, stallMs } = await healthDuring(() => app.inject(json(body)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidInput);
    expect(healthOk).toBe(true);
    expect(healthMs).toBeLessThan(500);
    expect(stallMs).toBeLessThan(500);
  });

  it('a body of a million tiny members is refused before it is built', async () => {
    const body = `[${'0,'.repeat(1_000_000)}0]`;
    const res = await app.inject(json(body));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidInput);
  });

  it('an ordinary JSON route takes at most 64 kB', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.nl', password: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('the visa route takes no more than its largest photo needs (5 MB in base64 and the fields)', async () => {
    const photo = 'A'.repeat(Math.ceil((5 * 1024 * 1024) / 3) * 4 + 64 * 1024);
    const res = await app.inject(json(JSON.stringify({ visa_photo: photo })));
    expect(res.statusCode).toBe(413);
  });

  it('still parses ordinary bodies, escaped quotes and all', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@example.nl', password: 'x"]]]\\' } });
    expect(res.statusCode).toBe(401);
    expect(jsonShapeProblem(JSON.stringify({ a: '\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[', b: [[1]] }))).toBeNull();
    expect(jsonShapeProblem('['.repeat(33) + ']'.repeat(33))).toBe('depth');
    expect(jsonShapeProblem(`{"a":"${'\\\\'.repeat(10)}"}`)).toBeNull();
  });

  it('refuses __proto__ keys as before', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.nl","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('query strings go through the input guard', () => {
  it.each([
    ['/api/products?region=N%00L', undefined],
    ['/api/articles?type=%00', undefined],
    ['/api/vouchers?q=a%00b', 'admin'],
    ['/api/users?q=a%00b', 'admin'],
  ])('%s is a 400 from the guard', async (url, who) => {
    const res = await app.inject({ method: 'GET', url, headers: who ? auth(admin) : {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: MSG.invalidInput });
  });
});
