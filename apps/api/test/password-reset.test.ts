import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { passwordResets } from '../src/db/schema.ts';
import { auth, createTestApp, loginToken, solveCaptcha, validAccount } from './helpers.ts';
import { startSmtpServer } from './smtp.ts';

const SUBJECT = 'Wachtwoord opnieuw instellen';
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'http://shop.test', rateLimitFactor: 100 });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const kick = () => app.ctx.mail.kick();

/** Registers a fresh account through the API, as the register modal does. */
async function register(password: string) {
  const account = validAccount();
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...account, password, altcha: await solveCaptcha(app) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return account.email;
}

async function requestReset(email: string): Promise<string> {
  const before = smtp.mails.length;
  const res = await app.inject({ method: 'POST', url: '/api/reset_pw_request', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Mail is verzonden.');
  const mail = await smtp.waitFor(email, SUBJECT, kick, { after: before });
  const link = mail.text.match(/http:\/\/shop\.test\/reset\/([A-Za-z0-9_-]+)/);
  expect(link, mail.text).not.toBeNull();
  // The HTML part carries the same link for mail clients that show HTML.
  expect(mail.html).toContain(link![0]);
  return must(link?.[1], 'the token in the reset link');
}

const resetPw = (token: string, password: string, confirm = password) =>
  app.inject({ method: 'POST', url: '/api/reset_pw', payload: { token, password, confirm_password: confirm } });

const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

describe('password reset through a real SMTP server', () => {
  it('mails a link whose token sets a new password once', async () => {
    const email = await register('Oud-wachtwoord-1');
    const welcome = await smtp.waitFor(email, 'Welkom bij Umrah Reizen', kick);
    expect(welcome.text).toContain('http://shop.test/account');

    const token = await requestReset(email);
    const mail = smtp.mails.find((m) => m.subject === SUBJECT && m.to.includes(email))!;
    expect(mail.parsed.from?.text).toMatch(/umrahreizen\.nl/);
    expect(mail.text).toContain('Beste Maryam');

    const done = await resetPw(token, 'Nieuw-wachtwoord-2');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Wachtwoord is gewijzigd.');

    expect((await login(email, 'Oud-wachtwoord-1')).statusCode).toBe(401);
    const ok = await login(email, 'Nieuw-wachtwoord-2');
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: auth(ok.json().token) })).json().email).toBe(email);

    // The same link a second time does nothing.
    const again = await resetPw(token, 'Derde-wachtwoord-3');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.resetFailed);
    await expect(loginToken(app, email, 'Nieuw-wachtwoord-2')).resolves.toBeTruthy();
  });

  it('refuses an expired token', async () => {
    const email = await register('Oud-wachtwoord-1');
    const token = await requestReset(email);
    // Move the link's expiry into the past, as an hour of waiting would.
    const rows = await app.ctx.db.select().from(passwordResets);
    const newest = must(rows.sort((a, b) => b.id - a.id)[0], 'the reset just requested');
    await app.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResets.id, newest.id));
    const res = await resetPw(token, 'Nieuw-wachtwoord-2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.resetFailed);
    expect((await login(email, 'Oud-wachtwoord-1')).statusCode).toBe(200);
  });

  it('stops the older link once a newer one was used', async () => {
    const email = await register('Oud-wachtwoord-1');
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect(second).not.toBe(first);
    expect((await resetPw(second, 'Nieuw-wachtwoord-2')).statusCode).toBe(200);
    expect((await resetPw(first, 'Ander-wachtwoord-3')).statusCode).toBe(400);
    expect((await login(email, 'Nieuw-wachtwoord-2')).statusCode).toBe(200);
  });

  it('refuses a made-up token and gives the spec messages for bad input', async () => {
    const garbage = await resetPw('niet-een-echt-token', 'Nieuw-wachtwoord-2');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(MSG.resetFailed);

    const mismatch = await resetPw('iets', 'Nieuw-wachtwoord-2', 'Anders-wachtwoord-2');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Wachtwoord is niet hetzeflde als het gewenste wachtwoord.');

    const empty = await app.inject({ method: 'POST', url: '/api/reset_pw', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining(['Token is verplicht!', 'Wachtwoord is verplicht', 'Bevestig je wachtwoord!']),
    );
  });

  it('answers an unknown address with the spec message and sends nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/reset_pw_request', payload: { email: 'onbekend@example.nl' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.resetRequestFailed);
    await kick();
    expect(smtp.mails.filter((m) => m.to.includes('onbekend@example.nl'))).toHaveLength(0);

    const bad = await app.inject({ method: 'POST', url: '/api/reset_pw_request', payload: { email: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Email is verplicht!');
  });
});
