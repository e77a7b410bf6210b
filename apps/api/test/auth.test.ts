import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { DEMO_ACCOUNTS, auth, createTestApp, customerToken, solveCaptcha, validAccount } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('register and login', () => {
  it('registers with a solved captcha, logs in and reads the user', async () => {
    const account = validAccount();
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...account, password: 'Geheim-wachtwoord-1', login_user: true, altcha: await solveCaptcha(app) },
    });
    expect(res.statusCode).toBe(201);
    const { token } = res.json();
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: account.email, first_name: 'Maryam', role: 0 });
    expect(me.json()).not.toHaveProperty('passwordHash');
  });

  it('refuses a missing or wrong captcha with the robot message', async () => {
    const body = { ...validAccount(), password: 'Geheim-wachtwoord-1' };
    const missing = await app.inject({ method: 'POST', url: '/api/register', payload: body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.robot);
    const wrong = await app.inject({ method: 'POST', url: '/api/register', payload: { ...body, altcha: 'bm9wZQ==' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.robot);
  });

  it('refuses an email that is taken with 422', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...validAccount({ email: DEMO_ACCOUNTS.customer.email }), password: 'Geheim-wachtwoord-1', altcha: await solveCaptcha(app) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.emailTaken);
  });

  it('gives Dutch 400s for bad bodies, never a stack trace', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining(['Geen geldig email adres.', 'Voornaam is verplicht!', 'Achternaam is verplicht!']),
    );
    const junk = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.body).not.toMatch(/at .*\.ts|stack/i);
    expect(junk.json()).toEqual({ error: 'Bad Request', message: MSG.invalidInput });
  });

  it('rejects a wrong password with the spec message and 401', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNTS.customer.email, password: 'fout' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.loginFailed);
  });

  it('answers 401 for a forged token and 403 for a customer on an admin route', async () => {
    const forged = await app.inject({ method: 'GET', url: '/api/users', headers: auth('abc.def.ghi') });
    expect(forged.statusCode).toBe(401);
    const token = await customerToken(app);
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: auth(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.forbidden);
  });
});

describe('security headers', () => {
  it('every page carries the full set: CSP, nosniff, frame and referrer rules', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('JSON answers, errors included, carry what a JSON answer needs', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });
});
