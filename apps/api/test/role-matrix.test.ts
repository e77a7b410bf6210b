import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { MSG, ProductType } from '@umrah/domain';
import { products, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, TEST_DB, auth, loginToken, validAccount } from './helpers.ts';
import { apiRoutes, createAppWithRoutes, leaksInternals, sampleFromSchema, type Access, type RouteInfo } from './route-table.ts';

// The role matrix (docs/RULES.md, 'Roles'), generated from the app's route table (route-table.ts), not a hand
// list. Every route × anonymous, customer A, customer B, bookkeeper and admin; the expected answer
// follows from the route's access level, which is read from its auth hook (requireUser,
// requireStaff, requireAdmin, optionalUser — by function identity). Customer B never sees a record
// of customer A, on any route.

type Role = 'anonymous' | 'customerA' | 'customerB' | 'bookkeeper' | 'admin';
const ROLES: Role[] = ['anonymous', 'customerA', 'customerB', 'bookkeeper', 'admin'];
/** Which roles an access level lets in. */
const ALLOWED: Record<Access, Role[]> = {
  public: ROLES,
  user: ['customerA', 'customerB', 'bookkeeper', 'admin'],
  staff: ['bookkeeper', 'admin'],
  admin: ['admin'],
};

// Built at collection time: the tests below are generated from its route table.
const { app, routes } = await createAppWithRoutes({ rateLimitFactor: 100_000 });
const spec = app.swagger() as { paths: Record<string, Record<string, any>> };
/** Deletes after the rest, then the session-ending routes, 'end all my sessions' very last. */
const rank = (r: RouteInfo) => (/\/api\/logout_all$/.test(r.url) ? 3 : /logout/.test(r.url) ? 2 : r.method === 'DELETE' ? 1 : 0);
/** Session-ending routes get a token of their own per call, so they cannot end the matrix's tokens. */
const endsSessions = (r: RouteInfo) => rank(r) >= 2;
const table = apiRoutes(routes).sort((a, b) => rank(a) - rank(b));

const tokens: Partial<Record<Role, string>> = {};
const credentials: Partial<Record<Role, { email: string; password: string }>> = {
  customerA: DEMO_ACCOUNTS.customer,
  bookkeeper: DEMO_ACCOUNTS.bookkeeper,
  admin: DEMO_ACCOUNTS.admin,
};
/** What identifies customer A's records: none of it may show up in an answer to customer B. */
const secretsOfA: string[] = [];
let orderOfA = 0;
const seen = { cells: 0, invalidBody: 0, leakChecked: 0, aSeesOwn: false, adminSeesA: false };

/** An id that can exist but does not: admin and bookkeeper calls that change things hit nothing. */
const UNUSED_ID = '2147483647';

beforeAll(async () => {
  tokens.customerA = await loginToken(app, DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  tokens.bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
  tokens.admin = await loginToken(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const other = validAccount();
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: auth(tokens.admin),
    payload: { ...other, password: 'Ander-wachtwoord-1' },
  });
  expect(created.statusCode, created.body).toBe(201);
  credentials.customerB = { email: other.email, password: 'Ander-wachtwoord-1' };
  tokens.customerB = await loginToken(app, other.email, 'Ander-wachtwoord-1');

  // Customer A places an order with a guest name found nowhere else, and gets a quote.
  const today = new Date().toISOString().slice(0, 10);
  const [trip] = await app.ctx.db
    .select()
    .from(products)
    .where(and(eq(products.type, ProductType.UMRAH_2_ADULT), gt(products.stock, 5), gt(products.start, today), eq(products.region, 'NL')));
  const guestName = `Geheimnaam${Date.now()}`;
  const placed = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: auth(tokens.customerA),
    payload: {
      rooms: [{ product_id: trip!.id, room_type: 2, room_gender: 0, guests: [{ first_name: guestName, last_name: 'Alfa', age_category: 0 }] }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  orderOfA = placed.json().order.id;
  const [a] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
  const quote = await app.inject({
    method: 'POST',
    url: '/api/invoice',
    headers: auth(tokens.admin),
    payload: {
      type: 0,
      expire_date: '2099-12-31',
      user_id: a!.id,
      items: [{ label: `Offerte ${guestName}`, amount_in_cents: 10_000, amount: 1, btw_type: 21 }],
    },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  secretsOfA.push(DEMO_ACCOUNTS.customer.email, guestName, `FCU2${orderOfA}`, quote.json().invoice.token);
});

afterAll(async () => {
  console.log(
    `role matrix (${TEST_DB}): ${table.length} routes × ${ROLES.length} roles = ${seen.cells} cells, ` +
      `${seen.invalidBody} anonymous/wrong-role calls with an invalid body, ${seen.leakChecked} answers to customer B checked for customer A's data ` +
      `(access levels: ${(['public', 'user', 'staff', 'admin'] as Access[]).map((a) => `${a} ${table.filter((r) => r.access === a).length}`).join(', ')})`,
  );
  await app.close();
});

const operationOf = (route: RouteInfo) => spec.paths[route.openApiPath]?.[route.method.toLowerCase()] ?? {};

async function requestFor(route: RouteInfo, role: Role, body: 'sample' | 'invalid'): Promise<InjectOptions> {
  // A's own order id, so other roles probe a real record of A; staff calls that change things get
  // an unused id instead (they are allowed, and would cancel or delete what later cells need).
  const changes = route.method !== 'GET';
  const id = changes && (role === 'admin' || role === 'bookkeeper') ? UNUSED_ID : String(orderOfA);
  const url = route.url.replace(/:([A-Za-z0-9_]+)/g, id);
  let token = tokens[role];
  if (role !== 'anonymous' && endsSessions(route)) token = await loginToken(app, credentials[role]!.email, credentials[role]!.password);
  const headers: Record<string, string> = role === 'anonymous' ? {} : auth(token!);
  const opts: InjectOptions = { method: route.method as InjectOptions['method'], url, headers };
  if (route.method === 'GET' || route.method === 'DELETE') return opts;
  headers['content-type'] = 'application/json';
  if (body === 'invalid') {
    // Wrong types everywhere: a route that validated before checking the caller would answer 400.
    opts.payload = JSON.stringify({ email: 5, id: 'x', items: 'x', rooms: 7, label: [], token: {} });
  } else {
    const schema = operationOf(route).requestBody?.content?.['application/json']?.schema;
    opts.payload = JSON.stringify(schema ? sampleFromSchema(schema) : {});
  }
  return opts;
}

function expectDutchAuthAnswer(res: LightMyRequestResponse, status: 401 | 403, what: string) {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBe(status);
  const allowed = status === 401 ? [MSG.loginRequired, MSG.sessionExpired] : [MSG.forbidden];
  expect(allowed, `${what} → ${res.body.slice(0, 300)}`).toContain(res.json().message);
}

describe.each(table.map((r) => ({ ...r, name: `${r.method} ${r.url} (${r.access})` })))('$name', (route) => {
  it.each(ROLES)('as %s', async (role) => {
    const what = `${route.method} ${route.url} as ${role}`;
    const res = await app.inject(await requestFor(route, role, 'sample'));
    seen.cells++;
    expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
    expect(leaksInternals(res.body), what).toBeNull();
    const allowed = ALLOWED[route.access].includes(role);
    if (!allowed) {
      expectDutchAuthAnswer(res, role === 'anonymous' ? 401 : 403, what);
    } else if (route.access !== 'public') {
      // Let in: whatever the handler says (200, 400, 403 for a record of someone else, 404), but
      // never 'log in' or 'not for your role'.
      expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).not.toBe(401);
      if (route.access !== 'user') expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).not.toBe(403);
    } else {
      // Public: nobody is asked to log in.
      expect(res.statusCode === 401 && res.json().message === MSG.loginRequired, `${what} → ${res.body}`).toBe(false);
    }

    if (role === 'customerB') {
      seen.leakChecked++;
      for (const secret of secretsOfA) expect(res.body.includes(secret), `${what} shows customer A's ${secret}`).toBe(false);
    }
    if (role === 'customerA' && secretsOfA.some((s) => res.body.includes(s))) seen.aSeesOwn = true;
    if (role === 'admin' && secretsOfA.some((s) => res.body.includes(s))) seen.adminSeesA = true;
  });

  // The login check comes before the body is read: an invalid body still gets 401/403, never a 400
  // that describes the schema to a caller who may not use the route.
  if (route.access !== 'public' && route.method !== 'GET' && route.method !== 'DELETE') {
    it.each(ROLES.filter((r) => !ALLOWED[route.access].includes(r)))('as %s with an invalid body: refused before validation', async (role) => {
      const res = await app.inject(await requestFor(route, role, 'invalid'));
      seen.invalidBody++;
      expectDutchAuthAnswer(res, role === 'anonymous' ? 401 : 403, `${route.method} ${route.url} as ${role} with an invalid body`);
    });
  }
});

describe('the matrix itself', () => {
  it('covers every API route, each with a known access level', () => {
    expect(table.length).toBeGreaterThan(60);
    // The protected routes must have been recognised by their auth hook (else every one would be 'public').
    expect(table.filter((r) => r.access === 'admin').length).toBeGreaterThan(20);
    expect(table.filter((r) => r.access === 'user').length).toBeGreaterThan(10);
  });

  it("the leak check can fail: A and the admin do see A's data on some route", () => {
    // Runs after the route cells (same file, in order): the secrets were visible where they should be.
    expect(seen.aSeesOwn).toBe(true);
    expect(seen.adminSeesA).toBe(true);
  });

  it('protected routes check the caller in onRequest (before the body is parsed and validated)', () => {
    const late = table.filter((r) => r.access !== 'public' && r.authPhase !== 'onRequest').map((r) => `${r.method} ${r.url}`);
    expect(late).toEqual([]);
  });
});
