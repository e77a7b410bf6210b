import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken, validAccount } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let customer: string;

beforeAll(async () => {
  // These tests log in far more often than the real limit of 10 a minute allows.
  app = await createTestApp({ rateLimitFactor: 100 });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
});
afterAll(async () => {
  await app?.close();
});

async function createUser(overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: auth(admin),
    payload: { ...validAccount(), password: 'Nieuw-wachtwoord-1', ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().user as { id: number; email: string; last_name: string; role: number };
}

describe('admin user routes: who may call them', () => {
  const routes = [
    { method: 'GET', url: '/api/users' },
    { method: 'POST', url: '/api/users', payload: { ...validAccount(), password: 'Geheim-wachtwoord-1' } },
    { method: 'PUT', url: '/api/user/1', payload: validAccount() },
    { method: 'DELETE', url: '/api/user/1' },
    { method: 'POST', url: '/api/login_by_mail', payload: { email: DEMO_ACCOUNTS.customer.email } },
  ] as const;

  it.each(routes)('$method $url answers 401 without a token', async (route) => {
    const res = await app.inject({ ...route });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.loginRequired);
  });

  it.each(routes)('$method $url answers 403 for a customer', async (route) => {
    const res = await app.inject({ ...route, headers: auth(customer) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.forbidden);
  });

  it('answers 403 for the bookkeeper on user administration', async () => {
    const bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: auth(bookkeeper) });
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 with the session message for a token that is not ours', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: auth('eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl') });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });
});

describe('GET /api/users', () => {
  it('lists users without their password hashes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(3);
    const emails = body.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(Object.values(DEMO_ACCOUNTS).map((a) => a.email)));
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('searches by email, last name, phone number and postcode', async () => {
    const made = await createUser({ last_name: 'Zoekbaar', phone_number: '0687654321', zip: '9999 ZZ' });
    for (const q of ['Zoekbaar', 'zoekbaar', made.email.slice(0, 12), '0687654321', '9999 ZZ']) {
      const res = await app.inject({ method: 'GET', url: '/api/users', query: { q }, headers: auth(admin) });
      expect(res.statusCode).toBe(200);
      expect(
        res.json().users.map((u: { id: number }) => u.id),
        q,
      ).toContain(made.id);
    }
    const none = await app.inject({ method: 'GET', url: '/api/users', query: { q: 'bestaat-niet-xyz' }, headers: auth(admin) });
    expect(none.json()).toMatchObject({ users: [], total: 0 });
  });

  it('pages through the results without overlap', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createUser({ last_name: 'Paginering' }));
    const seen: number[] = [];
    for (const [page, size] of [
      [1, 2],
      [2, 2],
      [3, 1],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/users',
        query: { q: 'Paginering', page: String(page), pageSize: '2' },
        headers: auth(admin),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(5);
      expect(body.page).toBe(page);
      expect(body.users).toHaveLength(size);
      seen.push(...body.users.map((u: { id: number }) => u.id));
    }
    expect(new Set(seen)).toEqual(new Set(made.map((u) => u.id)));
  });

  it('refuses a page size above 100 with a 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users', query: { pageSize: '1000' }, headers: auth(admin) });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/users', () => {
  it('creates a user who can log in with the given password and role', async () => {
    const user = await createUser({ role: 2, password: 'Boekhouder-2-wachtwoord' });
    expect(user.role).toBe(2);
    const token = await loginToken(app, user.email, 'Boekhouder-2-wachtwoord');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth(token) });
    expect(me.json()).toMatchObject({ email: user.email, role: 2 });
  });

  it('creates a user without a password who cannot log in until a reset', async () => {
    const account = validAccount();
    const res = await app.inject({ method: 'POST', url: '/api/users', headers: auth(admin), payload: account });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe(0);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: account.email, password: 'Nieuw-wachtwoord-1' } });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a taken email with 422 and a bad body with Dutch 400s', async () => {
    const taken = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(admin),
      payload: validAccount({ email: DEMO_ACCOUNTS.customer.email.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(MSG.emailTaken);
    const bad = await app.inject({ method: 'POST', url: '/api/users', headers: auth(admin), payload: { email: 'geen-mail' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining(['Geen geldig email adres.', 'Woonplaats is verplicht!', 'Land is verplicht!']),
    );
  });
});

describe('PUT /api/user/{id}', () => {
  it('updates the fields, the role and the password', async () => {
    const user = await createUser();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: auth(admin),
      payload: { ...validAccount({ email: user.email, last_name: 'Gewijzigd', city: 'Utrecht' }), role: 1, password: 'Ander-wachtwoord-9' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.userUpdated, user: { id: user.id, last_name: 'Gewijzigd', city: 'Utrecht', role: 1 } });
    const token = await loginToken(app, user.email, 'Ander-wachtwoord-9');
    // The new role counts at once: this user is now an admin.
    const list = await app.inject({ method: 'GET', url: '/api/users', headers: auth(token) });
    expect(list.statusCode).toBe(200);
  });

  it('keeps the password when none is sent', async () => {
    const user = await createUser({ password: 'Blijft-zo-123' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: auth(admin),
      payload: validAccount({ email: user.email, first_name: 'Nieuw' }),
    });
    expect(res.statusCode).toBe(200);
    await expect(loginToken(app, user.email, 'Blijft-zo-123')).resolves.toBeTruthy();
  });

  it('gives 422 for an email of another user, 404 for an unknown id and 400 for a bad id', async () => {
    const user = await createUser();
    const taken = await app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: auth(admin),
      payload: validAccount({ email: DEMO_ACCOUNTS.bookkeeper.email }),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe(MSG.emailTaken);
    const unknown = await app.inject({ method: 'PUT', url: '/api/user/999999', headers: auth(admin), payload: validAccount() });
    expect(unknown.statusCode).toBe(404);
    const badId = await app.inject({ method: 'PUT', url: '/api/user/abc', headers: auth(admin), payload: validAccount() });
    expect(badId.statusCode).toBe(400);
  });
});

describe('DELETE /api/user/{id}', () => {
  it('deletes a user, whose token and password stop working', async () => {
    const user = await createUser({ password: 'Weg-wachtwoord-1' });
    const token = await loginToken(app, user.email, 'Weg-wachtwoord-1');
    const res = await app.inject({ method: 'DELETE', url: `/api/user/${user.id}`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth(token) });
    expect(me.statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Weg-wachtwoord-1' } });
    expect(login.statusCode).toBe(401);
    const again = await app.inject({ method: 'DELETE', url: `/api/user/${user.id}`, headers: auth(admin) });
    expect(again.statusCode).toBe(404);
  });

  it('does not let an admin delete their own account', async () => {
    const me = (await app.inject({ method: 'GET', url: '/api/user', headers: auth(admin) })).json();
    const res = await app.inject({ method: 'DELETE', url: `/api/user/${me.id}`, headers: auth(admin) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/eigen account/);
  });
});

describe('POST /api/login_by_mail', () => {
  it('gives the admin a token that acts as the user', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login_by_mail',
      headers: auth(admin),
      payload: { email: DEMO_ACCOUNTS.customer.email },
    });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth(res.json().token) });
    expect(me.json()).toMatchObject({ email: DEMO_ACCOUNTS.customer.email, role: 0 });
    // Acting as a customer gives the customer's rights, not the admin's.
    const admins = await app.inject({ method: 'GET', url: '/api/users', headers: auth(res.json().token) });
    expect(admins.statusCode).toBe(403);
  });

  it('answers 404 for an unknown email and 400 for a bad one', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/login_by_mail',
      headers: auth(admin),
      payload: { email: 'niemand@example.nl' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await app.inject({ method: 'POST', url: '/api/login_by_mail', headers: auth(admin), payload: { email: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Geen geldig email adres.');
  });
});

describe('GET and PUT /api/user (own profile)', () => {
  it('updates the own profile with the spec message', async () => {
    const user = await createUser({ password: 'Eigen-profiel-1' });
    const token = await loginToken(app, user.email, 'Eigen-profiel-1');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: auth(token),
      payload: validAccount({ email: user.email, first_name: 'Khadija', address: 'Lange Voorhout 1', city: 'Den Haag' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Gebruiker is gewijzigd.');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth(token) });
    expect(me.json()).toMatchObject({ first_name: 'Khadija', address: 'Lange Voorhout 1', city: 'Den Haag', role: 0 });
  });

  it('changes the own email, which is then used to log in', async () => {
    const user = await createUser({ password: 'Nieuw-adres-12' });
    const token = await loginToken(app, user.email, 'Nieuw-adres-12');
    const newEmail = `Verhuisd-${user.id}@Example.nl`;
    // A stolen session cannot take the account: a new email needs the current password.
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: auth(token),
      payload: { ...validAccount({ email: newEmail }), current_password: 'Nieuw-adres-12' },
    });
    expect(res.statusCode).toBe(200);
    // Addresses are stored in lower case, so the login does not depend on how it was typed.
    expect(res.json().user.email).toBe(newEmail.toLowerCase());
    await expect(loginToken(app, newEmail, 'Nieuw-adres-12')).resolves.toBeTruthy();
  });

  it('refuses an email that another account uses with 422', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: auth(customer),
      payload: { ...validAccount({ email: DEMO_ACCOUNTS.admin.email }), current_password: DEMO_ACCOUNTS.customer.password },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.emailTaken);
  });

  it('cannot change the own role through the profile', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: auth(customer),
      payload: { ...validAccount({ email: DEMO_ACCOUNTS.customer.email }), role: 1 },
    });
    expect([200, 400]).toContain(res.statusCode);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth(customer) });
    expect(me.json().role).toBe(0);
  });

  it('answers 401 without a token and Dutch 400s for a bad body', async () => {
    const anonymous = await app.inject({ method: 'PUT', url: '/api/user', payload: validAccount() });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: auth(customer),
      payload: validAccount({ email: DEMO_ACCOUNTS.customer.email, date_of_birth: '01-05-1990', first_name: '  ' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining(['Geboortedatum is verplicht!', 'Voornaam is verplicht!']),
    );
  });
});

describe('POST /api/refresh_token', () => {
  it('gives a new working token for a valid one and 401 without', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/refresh_token', headers: auth(customer) });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth(res.json().token) });
    expect(me.json().email).toBe(DEMO_ACCOUNTS.customer.email);
    expect((await app.inject({ method: 'POST', url: '/api/refresh_token' })).statusCode).toBe(401);
  });
});
