import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { createTestApp, customerToken, auth } from './helpers.ts';

// docs/ABUSE.md, 'Guessing': voucher codes could be guessed 50 at a time without logging in (about 3,000
// guesses a minute per address). Lookups are now counted per code, per address, and a lookup names
// no more codes than a cart can use.

let app: FastifyInstance;
let customer: string;
beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 1 });
  customer = await customerToken(app);
});
afterAll(async () => {
  await app?.close();
});

/** Each test its own client address, so the counts do not mix. */
let addresses = 0;
const nextAddress = () => `192.0.2.${++addresses}`;
const codes = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const fromLabel = (discounts: string[], remoteAddress: string, headers = {}) =>
  app.inject({ method: 'POST', url: '/api/vouchers_from_label', payload: { discounts }, remoteAddress, headers });
const request = (label: string, remoteAddress: string, headers = {}) =>
  app.inject({ method: 'POST', url: '/api/requestVoucher', payload: { label }, remoteAddress, headers });

describe('voucher lookups are counted per code', () => {
  it('a lookup of 50 codes at once is refused: no more than a cart can use', async () => {
    const res = await fromLabel(codes(50, 'GOK'), nextAddress());
    expect(res.statusCode).toBe(400);
    expect((await fromLabel(['WELKOM50', ...codes(9, 'X')], nextAddress())).statusCode).toBe(200);
  });

  it('an anonymous address gets ten different codes a minute, then 429 with Retry-After', async () => {
    const ip = nextAddress();
    const first = await fromLabel(codes(10, 'A'), ip);
    expect(first.statusCode).toBe(200);
    const next = await fromLabel(['A-NIEUW'], ip);
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toBe(MSG.tooManyRequests);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    // requestVoucher counts into the same budget.
    expect((await request('B-NIEUW', ip)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await request('WELKOM50', nextAddress())).statusCode).toBe(200);
  });

  it('requestVoucher one code at a time: the eleventh different code is refused', async () => {
    const ip = nextAddress();
    for (const code of codes(10, 'R')) expect((await request(code, ip)).statusCode).toBe(404);
    expect((await request('R-ELF', ip)).statusCode).toBe(429);
  });

  it('the same codes looked up again (the cart shown again) do not count again', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 15; i++) expect((await fromLabel(['WELKOM50', 'welkom50 ', 'ONBEKEND'], ip)).statusCode).toBe(200);
    expect((await request('WELKOM50', ip)).statusCode).toBe(200);
  });

  it('a signed-in customer has more room (thirty codes a minute)', async () => {
    const ip = nextAddress();
    for (const batch of [codes(10, 'K'), codes(10, 'L'), codes(10, 'M')]) {
      expect((await fromLabel(batch, ip, auth(customer))).statusCode).toBe(200);
    }
    expect((await fromLabel(['N'], ip, auth(customer))).statusCode).toBe(429);
  });
});
