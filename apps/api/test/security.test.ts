import type { FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@umrah/domain';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, validAccount } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let customer: string;

beforeAll(async () => {
  // The real limits (factor 1), whatever the environment says.
  app = await createTestApp({ rateLimitFactor: 1 });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
});
afterAll(async () => {
  await app?.close();
});

// Each test that counts requests comes from its own address, so the rate limits do not mix.
let nextIp = 10;
const freshIp = () => `10.0.0.${nextIp++}`;

/** Fails when an error body shows code internals: stack frames, file paths or exception names. */
function expectNoInternals(body: string) {
  expect(body).not.toMatch(/\bat\s+\S+\s*\(|\bat\s+\/|node_modules|\.ts:\d+|\.js:\d+|stack|TypeError|SyntaxError|ZodError/i);
}

const DUTCH = new Set<string>(Object.values(MSG));

describe('bad bodies give a Dutch 400 on every auth route, never a stack trace', () => {
  const routes: { name: string; opts: () => InjectOptions; empty: string }[] = [
    { name: 'POST /api/login', opts: () => ({ method: 'POST', url: '/api/login' }), empty: 'Email is verplicht!' },
    { name: 'POST /api/register', opts: () => ({ method: 'POST', url: '/api/register' }), empty: 'Email is verplicht!' },
    { name: 'POST /api/reset_pw_request', opts: () => ({ method: 'POST', url: '/api/reset_pw_request' }), empty: 'Email is verplicht!' },
    { name: 'POST /api/reset_pw', opts: () => ({ method: 'POST', url: '/api/reset_pw' }), empty: 'Token is verplicht!' },
    {
      name: 'POST /api/login_by_mail',
      opts: () => ({ method: 'POST', url: '/api/login_by_mail', headers: auth(admin) }),
      empty: 'Email is verplicht!',
    },
    { name: 'PUT /api/user', opts: () => ({ method: 'PUT', url: '/api/user', headers: auth(customer) }), empty: 'Email is verplicht!' },
  ];

  it.each(routes)('$name: empty object, wrong types, bad JSON, JSON that is no object', async ({ opts, empty }) => {
    const base = opts();
    const headers = { ...(base.headers ?? {}), 'content-type': 'application/json' };
    const cases: [string, string | undefined][] = [
      ['{}', empty],
      ['{"email": 123, "password": true, "token": 5}', undefined],
      ['{"email": "x", ', MSG.invalidInput],
      ['"hallo"', undefined],
      ['[]', undefined],
      ['null', undefined],
      ['42', undefined],
      ['{"__proto__": {"role": 1}}', undefined],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ ...base, headers, payload, remoteAddress: freshIp() });
      expect(res.statusCode, `${payload} → ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json();
      expect(typeof body.message).toBe('string');
      if (message) expect(body.message).toBe(message);
      // Every message is Dutch: one of the catalogue's or a field rule's '... is verplicht!' kind.
      expect(DUTCH.has(body.message) || /verplicht|geldig|Wachtwoord|hetzeflde/.test(body.message), body.message).toBe(true);
      expectNoInternals(res.body);
    }
  });
});

describe('requests the server cannot read', () => {
  it('a text body gives a 400 with a Dutch message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.nl&password=x',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidInput);
    expectNoInternals(res.body);
  });

  it('a POST without any body gives a 400 with a Dutch message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(DUTCH.has(res.json().message) || /verplicht/.test(res.json().message), res.body).toBe(true);
    expectNoInternals(res.body);
  });

  it('a form-encoded body is refused the same way', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.nl',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MSG.invalidInput);
    expectNoInternals(res.body);
  });

  it('a body over the limit gives 413 with a Dutch message', async () => {
    const huge = JSON.stringify({ email: 'a@b.nl', password: 'x'.repeat(13 * 1024 * 1024) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: huge,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Het verzoek is te groot.');
    expectNoInternals(res.body);
  });

  it('an overlong password is refused by the schema before hashing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...validAccount(), password: 'x'.repeat(5000), altcha: 'x' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Wachtwoord is te lang.');
  });

  it('an unknown API path gives a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bestaat-niet' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.notFound);
    expectNoInternals(res.body);
  });
});

describe('tokens', () => {
  const secret = () => new TextEncoder().encode(app.ctx.config.jwtSecret);
  async function customerId() {
    return (await app.inject({ method: 'GET', url: '/api/user', headers: auth(customer) })).json().id as number;
  }

  it('issues tokens that expire after the configured time', async () => {
    const { iat, exp } = decodeJwt(customer);
    expect(exp! - iat!).toBe(app.ctx.config.tokenTtlSeconds);
  });

  it('refuses an expired token with 401 and the session message', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(await customerId()))
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secret());
    const res = await app.inject({ method: 'GET', url: '/api/user', headers: auth(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
    const refresh = await app.inject({ method: 'POST', url: '/api/refresh_token', headers: auth(expired) });
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses a token signed with another key, an unsigned one and garbage', async () => {
    const id = String(await customerId());
    const otherKey = await new SignJWT({ role: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('een-ander-geheim-van-minstens-32-tekens!'));
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none' })}.${b64({ sub: id, role: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    for (const token of [otherKey, unsigned, 'garbage', `${customer}x`]) {
      const res = await app.inject({ method: 'GET', url: '/api/users', headers: auth(token) });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().message).toBe(MSG.sessionExpired);
      expectNoInternals(res.body);
    }
  });

  it('treats a non-bearer authorization header as no login', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Basic ${customer}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.loginRequired);
  });

  it('a short token lifetime from the config ends the session', async () => {
    const short = await createTestApp({ tokenTtlSeconds: 1, seedDemo: true });
    try {
      // The clock stands still (Date only: timers and the database's I/O keep running), so a slow
      // machine cannot let the token run out before it has been used once.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now());
      const res = await short.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
      });
      const { token } = res.json();
      const { exp } = decodeJwt(token);
      if (exp === undefined) throw new Error('the token has no expiry');
      expect((await short.inject({ method: 'GET', url: '/api/user', headers: auth(token) })).statusCode).toBe(200);
      // One second past the token's expiry second (the check compares whole seconds).
      vi.setSystemTime((exp + 1) * 1000);
      const me = await short.inject({ method: 'GET', url: '/api/user', headers: auth(token) });
      expect(me.statusCode).toBe(401);
      expect(me.json().message).toBe(MSG.sessionExpired);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('rate limits', () => {
  it('login: after 10 attempts a minute from one address, 429 with a Dutch message', async () => {
    const ip = freshIp();
    // Guesses at many (unknown) accounts: the per-address limit, not the per-account lockout (sessions.test.ts).
    let guess = 0;
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `onbekend-${guess++}@example.nl`, password: 'fout-wachtwoord' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyRequests);
    expectNoInternals(blocked.body);
    // Even the right password is refused while the limit lasts...
    const right = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
      remoteAddress: ip,
    });
    expect(right.statusCode).toBe(429);
    // ...but another address is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
      remoteAddress: freshIp(),
    });
    expect(other.statusCode).toBe(200);
  });

  it('register and reset requests are limited too', async () => {
    for (const [url, payload] of [
      ['/api/register', { email: 'x' }],
      ['/api/reset_pw_request', { email: 'onbekend@example.nl' }],
    ] as const) {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await app.inject({ method: 'POST', url, payload, remoteAddress: ip })).statusCode);
      expect(statuses.slice(0, 5), url).not.toContain(429);
      expect(statuses[5], url).toBe(429);
    }
  });
});
