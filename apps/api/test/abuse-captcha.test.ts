import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { createTestApp, solveCaptcha } from './helpers.ts';

// docs/ABUSE.md, 'Guessing': one solved captcha was replayed without limit by re-encoding its payload (one
// solution gave 7 accounts, or 50 contact mails). A solution is used once, whatever its encoding.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 100 });
});
afterAll(async () => {
  await app?.close();
});

/** The same solution, written five other ways the verifier accepts. */
function reencodings(payload: string): string[] {
  const json = Buffer.from(payload, 'base64').toString('utf8');
  const s = JSON.parse(json) as { algorithm: string; challenge: string; number: number; salt: string; signature: string };
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  return [
    // Whitespace around the JSON, its base64 without padding (atob does not need it).
    b64(` ${json}  `).replace(/=+$/, ''),
    // With a line break in the base64.
    `${payload.slice(0, 10)}\n${payload.slice(10)}`,
    // Other key order and whitespace in the JSON.
    b64(JSON.stringify({ signature: s.signature, salt: s.salt, number: s.number, challenge: s.challenge, algorithm: s.algorithm }, null, 2)),
    // The number as a string.
    b64(JSON.stringify({ ...s, number: String(s.number) })),
    // A JSON escape in a value.
    b64(JSON.stringify(s).replace('SHA-256', 'SHA\\u002d256')),
  ];
}

describe('a captcha solution is used once', () => {
  it('the five re-encodings are all the same solution: accepted by the verifier, refused as a replay', async () => {
    const payload = await solveCaptcha(app);
    const others = reencodings(payload);
    expect(new Set([payload, ...others]).size).toBe(6);
    const send = (altcha: string, i: number) =>
      app.inject({ method: 'POST', url: '/api/contact', payload: { name: `Bezoeker ${i}`, email: `b${i}@example.nl`, message: 'Hallo', altcha } });
    expect((await send(payload, 0)).statusCode).toBeLessThan(300);
    for (const [i, altcha] of others.entries()) {
      const res = await send(altcha, i + 1);
      expect(res.statusCode, `re-encoding ${i + 1}`).toBe(400);
      expect(res.json().message).toBe(MSG.robot);
    }
  });

  it('each re-encoding is a valid solution when it comes first (so the refusals above are replays)', async () => {
    for (let i = 0; i < 5; i++) {
      const altcha = reencodings(await solveCaptcha(app))[i]!;
      expect(await app.ctx.captcha.verify(altcha), `re-encoding ${i + 1}`).toBe(true);
      expect(await app.ctx.captcha.verify(altcha), `re-encoding ${i + 1} again`).toBe(false);
    }
  });
});
