import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { users } from '../src/db/schema.ts';
import { LOGIN_CAPTCHA_AFTER } from '../src/modules/auth/service.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createTestApp, solveCaptcha } from './helpers.ts';

// docs/ABUSE.md, 'Guessing': the lockout told which emails have accounts (429 against 401) and let anyone keep
// any account, the admin's included, locked. Now every failure answers like a wrong password, and
// failures count per account and client address, asking that pair for a captcha after a few.

let app: FastifyInstance;
const PASSWORD = 'Eigen-wachtwoord-2026';
const EMAIL = 'eigenaar@example.nl';

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  await app.ctx.db.insert(users).values({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), firstName: 'Amina', lastName: 'Bakr', role: 0 });
});
afterAll(async () => {
  await app?.close();
});

let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses}`;
const login = (payload: Record<string, string>, remoteAddress: string) => app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });
const answer = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() });

const WRONG = { error: 'Unauthorized', message: MSG.loginFailed };
const WRONG_NEEDS_CAPTCHA = { ...WRONG, details: [{ path: 'altcha', message: MSG.robot }] };

describe('failed logins', () => {
  it('an existing and a made-up address answer alike, however often they fail', async () => {
    const ip = nextAddress();
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(answer(await login({ email: EMAIL, password: `fout-${i}` }, ip)));
      unknown.push(answer(await login({ email: 'niemand-hier@example.nl', password: `fout-${i}` }, ip)));
    }
    expect(known).toEqual(unknown);
    expect(known.slice(0, LOGIN_CAPTCHA_AFTER - 1)).toEqual(Array(LOGIN_CAPTCHA_AFTER - 1).fill({ status: 401, body: WRONG }));
    expect(known.slice(LOGIN_CAPTCHA_AFTER - 1)).toEqual(Array(7 - LOGIN_CAPTCHA_AFTER + 1).fill({ status: 401, body: WRONG_NEEDS_CAPTCHA }));
  });

  it("failures from one address do not lock the owner out elsewhere (the admin's account neither)", async () => {
    const attacker = nextAddress();
    for (let i = 0; i < 8; i++) await login({ email: EMAIL, password: `fout-${i}` }, attacker);
    expect((await login({ email: EMAIL, password: PASSWORD }, nextAddress())).statusCode).toBe(200);
  });

  it('after a few failures the pair needs a captcha: the right password alone answers like a wrong one, with a solved captcha it logs in', async () => {
    const ip = nextAddress();
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i++) await login({ email: EMAIL, password: `fout-${i}` }, ip);
    const without = await login({ email: EMAIL, password: PASSWORD }, ip);
    expect(answer(without)).toEqual({ status: 401, body: WRONG_NEEDS_CAPTCHA });
    const withCaptcha = await login({ email: EMAIL, password: PASSWORD, altcha: await solveCaptcha(app) }, ip);
    expect(withCaptcha.statusCode).toBe(200);
    // A success clears the count: the next login from there needs no captcha.
    expect((await login({ email: EMAIL, password: PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('an answer that needs the captcha takes about as long as a wrong password (the hash is always checked)', async () => {
    const ip = nextAddress();
    const time = async (payload: Record<string, string>) => {
      const started = performance.now();
      await login(payload, ip);
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER; i++) wrong.push(await time({ email: EMAIL, password: `fout-${i}` }));
    const gated: number[] = [];
    for (let i = 0; i < 3; i++) gated.push(await time({ email: EMAIL, password: PASSWORD }));
    expect(median(gated)).toBeGreaterThan(median(wrong) / 3);
  });
});
