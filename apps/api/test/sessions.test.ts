import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { auditLog, passwordResets, sessions, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, auth, createTestApp, loginToken, solveCaptcha, validAccount } from './helpers.ts';

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 1, sessionMaxAgeSeconds: 7 * 24 * 3600 });
  admin = await loginToken(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
});
afterAll(async () => {
  await app?.close();
});

let nextIp = 1;
const freshIp = () => `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function newAccount(password = 'Sessie-test-2026') {
  const account = validAccount();
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...account, password, altcha: await solveCaptcha(app) },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const user = must((await app.ctx.db.select().from(users).where(eq(users.email, account.email)))[0], 'the registered account');
  return { email: account.email, password, id: user.id, token: res.json().token as string };
}

const me = (token: string) => app.inject({ method: 'GET', url: '/api/user', headers: auth(token) });
const refresh = (token: string) => app.inject({ method: 'POST', url: '/api/refresh_token', headers: auth(token), remoteAddress: freshIp() });
const login = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, headers, remoteAddress });

describe('sessions end', () => {
  it('a password reset ends every session: the old token neither works nor refreshes', async () => {
    const acc = await newAccount();
    const other = (await login(acc.email, acc.password)).json().token;
    expect((await me(acc.token)).statusCode).toBe(200);
    const resetToken = randomBytes(32).toString('base64url');
    await app.ctx.db.insert(passwordResets).values({
      userId: acc.id,
      tokenHash: createHash('sha256').update(resetToken).digest('hex'),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/reset_pw',
      payload: { token: resetToken, password: 'Nieuw-wachtwoord-9', confirm_password: 'Nieuw-wachtwoord-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const token of [acc.token, other]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.sessionExpired);
      expect((await refresh(token)).statusCode).toBe(401);
    }
    expect((await login(acc.email, 'Nieuw-wachtwoord-9')).statusCode).toBe(200);
  });

  it('logout ends this session only; logout_all ends every session of the account', async () => {
    const acc = await newAccount();
    const second = (await login(acc.email, acc.password)).json().token;
    const third = (await login(acc.email, acc.password)).json().token;
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: auth(acc.token) })).statusCode).toBe(200);
    expect((await me(acc.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout_all', headers: auth(second) })).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
  });

  it("an admin's 'log out everywhere' ends the user's sessions; others may not", async () => {
    const acc = await newAccount();
    const victim = await newAccount();
    const forbidden = await app.inject({ method: 'POST', url: `/api/user/${victim.id}/logout_all`, headers: auth(acc.token) });
    expect(forbidden.statusCode).toBe(403);
    expect((await me(victim.token)).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: `/api/user/${acc.id}/logout_all`, headers: auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions).toBeGreaterThanOrEqual(1);
    expect((await me(acc.token)).statusCode).toBe(401);
  });

  it('a refresh keeps the session and never reaches past its maximum age', async () => {
    const acc = await newAccount();
    const session = must((await app.ctx.db.select().from(sessions).where(eq(sessions.userId, acc.id)))[0], 'the login session');
    const refreshed = await refresh(acc.token);
    expect(refreshed.statusCode).toBe(200);
    const claims = decodeJwt(refreshed.json().token);
    expect(claims.sid).toBe(session.id);
    expect(claims.exp! * 1000).toBeLessThanOrEqual(session.expiresAt.getTime());
    // A session near its end gets a token that ends with it; an ended session refreshes nothing.
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 90_000) })
      .where(eq(sessions.id, session.id));
    const late = decodeJwt((await refresh(acc.token)).json().token);
    expect(late.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(91);
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect((await refresh(acc.token)).statusCode).toBe(401);
    expect((await me(acc.token)).statusCode).toBe(401);
  });

  it('requests that arrive together are looked up together, each answered with its own session and user', async () => {
    const [one, two, three] = [await newAccount(), await newAccount(), await newAccount()];
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: auth(two.token) })).statusCode).toBe(200);
    const accounts = [one, two, three, one, two, three, one, two, three, three];
    const answers = await Promise.all(accounts.map((a) => me(a.token)));
    answers.forEach((res, i) => {
      if (accounts[i] === two) return expect(res.statusCode).toBe(401);
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe(accounts[i]!.email);
    });
    // Revoked while others are being looked up: refused from the next request on.
    const during = Promise.all(Array.from({ length: 5 }, () => me(three.token)));
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: auth(one.token) })).statusCode).toBe(200);
    await during;
    const after = await Promise.all([me(one.token), me(three.token), me(one.token)]);
    expect(after.map((r) => r.statusCode)).toEqual([401, 200, 401]);
  });

  it('refuses validly signed tokens without exp or without a session, and a forged impersonation claim', async () => {
    const acc = await newAccount();
    const key = new TextEncoder().encode(app.ctx.config.jwtSecret);
    const { sid } = decodeJwt(acc.token) as { sid: string };
    const sign = (claims: Record<string, unknown>, exp?: number) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(acc.id)).setIssuedAt();
      if (exp) jwt.setExpirationTime(exp);
      return jwt.sign(key);
    };
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const noExp = await sign({ role: 0, sid });
    const noSid = await sign({ role: 0 }, inAnHour);
    const madeUpSid = await sign({ role: 0, sid: 'verzonnen' }, inAnHour);
    const forgedAct = await sign({ role: 0, sid, act: 1 }, inAnHour);
    const fine = await sign({ role: 0, sid }, inAnHour);
    for (const token of [noExp, noSid, madeUpSid, forgedAct]) expect((await me(token)).statusCode).toBe(401);
    expect((await me(fine)).statusCode).toBe(200);
    // A token of another user's session does not work with a changed subject either.
    const other = await newAccount();
    const { sid: otherSid } = decodeJwt(other.token) as { sid: string };
    expect((await me(await sign({ role: 0, sid: otherSid }, inAnHour))).statusCode).toBe(401);
  });

  it("'log in as' is recorded, lasts at most an hour and does not refresh past it", async () => {
    const acc = await newAccount();
    const res = await app.inject({ method: 'POST', url: '/api/login_by_mail', headers: auth(admin), payload: { email: acc.email } });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token as string;
    const claims = decodeJwt(token) as { sid: string; act: number; exp: number };
    const adminRow = must((await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email)))[0], 'the demo admin');
    expect(claims.act).toBe(adminRow.id);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
    const session = must((await app.ctx.db.select().from(sessions).where(eq(sessions.id, claims.sid)))[0], 'the impersonation session');
    expect(session.impersonatorId).toBe(adminRow.id);
    expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    const [audit] = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.impersonate'), eq(auditLog.targetUserId, acc.id)));
    expect(audit).toMatchObject({ actorUserId: adminRow.id, actorEmail: DEMO_ACCOUNTS.admin.email });
    expect((await me(token)).json().email).toBe(acc.email);
    // An hour later the impersonation is over, refresh or not.
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, claims.sid));
    expect((await refresh(token)).statusCode).toBe(401);
  });
});

describe('login attempts are limited per client address and per account', () => {
  it('a made-up X-Forwarded-For per request does not escape the address limit', async () => {
    const acc = await newAccount();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await login(acc.email, `fout-${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` }, ip);
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
  });

  // docs/ABUSE.md, 'Guessing': no lock per account any more (anyone could keep any account locked, and the 429 told
  // which addresses have accounts): see abuse-login.test.ts for the captcha per account and address.
});

describe('behind a configured proxy', () => {
  it('keys the limit on the address the trusted proxy names', async () => {
    const proxied = await createTestApp({ rateLimitFactor: 1, trustProxy: ['127.0.0.1'] });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await proxied.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'niemand@example.nl', password: 'x' },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          remoteAddress: '127.0.0.1',
        });
        statuses.push(res.statusCode);
      }
      // Twelve different clients behind one proxy: none of them is limited.
      expect(statuses.every((s) => s === 401)).toBe(true);
      // A sender that is not the proxy cannot pick its address.
      const direct: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await proxied.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'niemand@example.nl', password: 'x' },
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
          remoteAddress: '10.20.30.40',
        });
        direct.push(res.statusCode);
      }
      expect(direct).toContain(429);
    } finally {
      await proxied.close();
    }
  });
});
