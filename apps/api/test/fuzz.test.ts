import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, TEST_DB, auth, loginToken } from './helpers.ts';
import { apiRoutes, createAppWithRoutes, leaksInternals, type RouteInfo } from './route-table.ts';

// Hardening (docs/RULES.md, 'Beyond the rules'): a schema-driven fuzz of EVERY route of the app's route table (collected while the app is
// built, see route-table.ts), as anonymous, customer and admin. Bodies, query strings and path
// parameters are generated from the route's JSON schema (the OpenAPI document @fastify/swagger makes
// of the zod schemas), mixed with hostile values: NUL, lone surrogates, 1 MB strings, impossible
// dates, ids of 2^31 and 1e20, -1, wrong types, missing fields, deep nesting and broken JSON.
// Never a 5xx, never a stack trace or file path in the answer, never slower than 2 s.

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const MAX_MS = 2000;
type Role = 'anonymous' | 'customer' | 'admin';
const ROLES: Role[] = ['anonymous', 'customer', 'admin'];
type JsonSchema = Record<string, any>;

let app: FastifyInstance;
let routes: RouteInfo[];
let spec: { paths: Record<string, Record<string, any>> };
const tokens: Partial<Record<Role, string>> = {};
/** Ids of the accounts whose tokens the fuzz uses: never generated as a path id, so no case deletes or logs out the fuzzer. */
let ownIds = new Set<number>();
const stats = { requests: 0, generated: 0, fixed: 0, slowest: 0, slowestRoute: '', byStatus: new Map<number, number>() };

beforeAll(async () => {
  // Rate limits are tested elsewhere; here they would only turn cases into 429s.
  ({ app, routes } = await createAppWithRoutes({ rateLimitFactor: 100_000 }));
  spec = app.swagger() as typeof spec;
  tokens.customer = await loginToken(app, DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  tokens.admin = await loginToken(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
  ownIds = new Set((await app.ctx.db.select({ id: users.id }).from(users).where(inArray(users.email, emails))).map((u) => u.id));
  // Give the customer an order, so ids of real records are among the generated ones.
  await app.inject({ method: 'POST', url: '/api/order', headers: auth(tokens.customer), payload: { products: [1] } });
});
afterAll(async () => {
  await app?.close();
});

// ------------------------------------------------------------------------------------------------
// Hostile values

const MB = 'x'.repeat(1024 * 1024);
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ude00\ud83d',
  MB,
  '2001-02-31',
  '0000-01-01',
  '2026-13-45 25:61:61',
  '',
  '   ',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '../../../../etc/passwd',
  '9'.repeat(400),
  '-1',
  '__proto__',
];
const HOSTILE_NUMBERS = [2 ** 31, 2 ** 31 - 1, 99_999_999_999, 1e20, -1, 0, 1.5, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e308, -1e308];
const WRONG_TYPES: unknown[] = [null, true, false, {}, [], { a: { b: 'c' } }, [null, 'x'], { __proto__: { admin: true } }];
/** A value nested deeper than any JSON body of the shop. */
const deeplyNested = (depth: number) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...WRONG_TYPES),
  fc.constant(deeplyNested(200)),
);
/** Whole bodies that are no valid JSON object at all. */
const RAW_BODIES = [
  'not json',
  '{"a":',
  'null',
  '[]',
  '"x"',
  '12',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(40_000)}${']'.repeat(40_000)}`,
  `{"a":"${'\\u0000'.repeat(10)}"}`,
  `{"a":"\\ud800"}`,
];

// ------------------------------------------------------------------------------------------------
// Values from a JSON schema

const clampInt = (n: number | undefined, fallback: number) =>
  n === undefined || !Number.isFinite(n) ? fallback : Math.max(Math.min(n, Number.MAX_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);

function stringFor(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern JavaScript cannot read: plain strings below.
    }
  }
  if (/email/i.test(key)) return fc.emailAddress();
  if (/date|start|end|deadline|expire/i.test(key)) {
    return fc
      .date({ min: new Date('1950-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => (/expire_date/.test(key) && Math.random() < 0.5 ? d.toISOString().slice(0, 19).replace('T', ' ') : d.toISOString().slice(0, 10)));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.string({
    minLength,
    maxLength,
    unit: fc.oneof(fc.constantFrom('a', 'Z', '5', ' ', 'é', 'ع', '😀', '-', "'"), fc.string({ minLength: 1, maxLength: 1 })),
  });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = clampInt(schema.minimum, -1_000_000);
  let max = clampInt(schema.maximum, 1_000_000);
  if (schema.exclusiveMinimum === true) min += integer ? 1 : Number.EPSILON;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON);
  if (max < min) max = min;
  // Mostly small numbers: ids, amounts and counts that exist in the demo data.
  const small = fc.integer({ min: Math.max(Math.ceil(min), -5), max: Math.max(Math.min(Math.floor(max), 60), Math.max(Math.ceil(min), -5)) });
  const any = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 2, arbitrary: small }, { weight: 1, arbitrary: any });
}

/** A value of the schema's shape, now and then (1 in 8 per node) a hostile one instead. */
function fromSchema(schema: JsonSchema | undefined, key = '', depth = 0): fc.Arbitrary<unknown> {
  const typed = typedFromSchema(schema ?? {}, key, depth);
  return fc.oneof({ weight: 7, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

function typedFromSchema(schema: JsonSchema, key: string, depth: number): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  if (depth > 8) arb = fc.constant(null);
  else if (schema.const !== undefined) arb = fc.constant(schema.const);
  else if (Array.isArray(schema.enum)) arb = fc.constantFrom(...schema.enum);
  else if (Array.isArray(schema.anyOf ?? schema.oneOf))
    arb = fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: JsonSchema) => fromSchema(s, key, depth + 1)));
  else if (Array.isArray(schema.allOf)) arb = typedFromSchema(Object.assign({}, ...schema.allOf), key, depth);
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? (schema.properties ? 'object' : undefined));
    switch (type) {
      case 'string':
        arb = stringFor(schema, key);
        break;
      case 'integer':
        arb = numberFor(schema, true);
        break;
      case 'number':
        arb = numberFor(schema, false);
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'null':
        arb = fc.constant(null);
        break;
      case 'array': {
        const minLength = Math.min(schema.minItems ?? 0, 3);
        arb = fc.array(fromSchema(schema.items, key, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
        break;
      }
      case 'object':
        arb = objectFromSchema(schema, depth);
        break;
      default:
        arb = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable ? fc.option(arb, { nil: null, freq: 6 }) : arb;
}

function objectFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props: Record<string, JsonSchema> = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromSchema(s, k, depth + 1)]));
  const required: string[] = (schema.required ?? []).filter((k: string) => k in props);
  const record = Object.keys(model).length
    ? fc.record(model, { requiredKeys: required })
    : fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  // Now and then a required field is missing.
  return fc.oneof(
    { weight: 8, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc.tuple(record, fc.nat()).map(([o, n]) => {
        const copy = { ...(o as Record<string, unknown>) };
        const keys = Object.keys(copy);
        if (keys.length) delete copy[keys[n % keys.length]!];
        return copy;
      }),
    },
  );
}

// ------------------------------------------------------------------------------------------------
// Requests from a route

interface Case {
  path: Record<string, string>;
  query: Record<string, string>;
  /** An object (sent as JSON), a raw string (sent as it is) or nothing. */
  body?: { json: unknown } | { raw: string; contentType: string };
}

const operationOf = (route: RouteInfo) => spec.paths[route.openApiPath]?.[route.method.toLowerCase()] ?? {};
const bodySchemaOf = (route: RouteInfo): JsonSchema | undefined => operationOf(route).requestBody?.content?.['application/json']?.schema;
const paramsOf = (route: RouteInfo, where: 'path' | 'query'): { name: string; schema: JsonSchema; required: boolean }[] =>
  (operationOf(route).parameters ?? []).filter((p: { in: string }) => p.in === where);
/** Path parameter names from the URL itself, in case the schema does not declare them. */
const pathNames = (route: RouteInfo) => [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

const HOSTILE_PATH = ['2147483648', '99999999999', '1e20', '-1', '0', '1.5', 'abc', '%00', '%ED%A0%80', '%', '%C0%80', 'null', ' 1'];
const HOSTILE_QUERY = ['%00', 'a%00b', '%ED%A0%80', '%', '2147483648', '1e20', '-1', '', encodeURIComponent('2001-02-31'), 'x'.repeat(5000)];

function pathArb(): fc.Arbitrary<string> {
  const real = fc
    .integer({ min: 1, max: 60 })
    .filter((id) => !ownIds.has(id))
    .map(String);
  return fc.oneof({ weight: 3, arbitrary: real }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PATH) });
}

function caseArb(route: RouteInfo): fc.Arbitrary<Case> {
  const path = fc.record(Object.fromEntries(pathNames(route).map((n) => [n, pathArb()])));
  const queryParams = paramsOf(route, 'query');
  const query = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 4, arbitrary: typedFromSchema(p.schema, p.name, 0).map((v) => encodeURIComponent(String(v))) },
          { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_QUERY) },
        ),
      ]),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
  const schema = bodySchemaOf(route);
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
  const rawBody = fc.record({
    raw: fc.constantFrom(...RAW_BODIES),
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
  });
  const body: fc.Arbitrary<Case['body']> = !sendsBody
    ? fc.constant(undefined)
    : schema
      ? fc.oneof({ weight: 6, arbitrary: fromSchema(schema).map((json) => ({ json })) }, { weight: 1, arbitrary: rawBody })
      : fc.oneof(
          fc.constant(undefined),
          fc.jsonValue({ maxDepth: 2 }).map((json) => ({ json })),
          rawBody,
        );
  return fc.record({ path, query, body });
}

function requestOf(route: RouteInfo, c: Case, role: Role): InjectOptions {
  const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => c.path[name] ?? '1');
  const qs = Object.entries(c.query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  const headers: Record<string, string> = role === 'anonymous' ? {} : auth(tokens[role]!);
  const opts: InjectOptions = { method: route.method as InjectOptions['method'], url: qs ? `${url}?${qs}` : url, headers };
  if (c.body && 'json' in c.body) {
    opts.payload = JSON.stringify(c.body.json) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (c.body) {
    opts.payload = c.body.raw;
    headers['content-type'] = c.body.contentType;
  }
  return opts;
}

const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);

async function check(route: RouteInfo, role: Role, request: InjectOptions) {
  const t0 = performance.now();
  const res = await app.inject(request);
  const ms = performance.now() - t0;
  stats.requests++;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  if (ms > stats.slowest) {
    stats.slowest = ms;
    stats.slowestRoute = `${route.method} ${route.url} as ${role}`;
  }
  const what = `${route.method} ${short(String(request.url))} as ${role}, body ${short(String(request.payload ?? ''))}`;
  expect(res.statusCode, `${what} → ${short(res.body)}`).toBeLessThan(500);
  expect(leaksInternals(res.body), `${what} → ${short(res.body)}`).toBeNull();
  expect(ms, `${what} took ${Math.round(ms)} ms`).toBeLessThan(MAX_MS);
}

/** Every string (or number) leaf of a value replaced, for the fixed hostile cases. */
function mapLeaves(v: unknown, f: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(v)) return v.length ? v.map((x) => mapLeaves(x, f)) : [f('x')];
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapLeaves(x, f)]));
  return f(v);
}

/** Fixed hostile requests every route gets, whatever the random ones did. */
function fixedCases(route: RouteInfo): Case[] {
  const names = pathNames(route);
  const pathWith = (value: string) => Object.fromEntries(names.map((n) => [n, value]));
  const queryWith = (value: string) => Object.fromEntries(paramsOf(route, 'query').map((p) => [p.name, value]));
  const cases: Case[] = [];
  for (const value of names.length ? ['2147483648', '99999999999', '1e20', '-1', '%00'] : []) cases.push({ path: pathWith(value), query: {} });
  for (const value of paramsOf(route, 'query').length ? ['a%00b', '%ED%A0%80', '2147483648'] : [])
    cases.push({ path: pathWith('1'), query: queryWith(value) });
  const schema = bodySchemaOf(route);
  if (schema && route.method !== 'GET') {
    // A schema-shaped body without hostile values, then with every leaf made hostile in one way.
    const [sample] = fc.sample(typedFromSchema(schema, '', 0), { numRuns: 1, seed: 16 });
    const leaves: ((leaf: unknown) => unknown)[] = [
      (l) => (typeof l === 'string' ? `a\u0000${l}` : l),
      (l) => (typeof l === 'string' ? '\ud800' : l),
      (l) => (typeof l === 'string' ? '2001-02-31' : l),
      (l) => (typeof l === 'string' ? 'x'.repeat(20_000) : l),
      (l) => (typeof l === 'number' ? 2 ** 31 : l),
      (l) => (typeof l === 'number' ? 1e20 : l),
      (l) => (typeof l === 'number' ? -1 : l),
      () => ({}),
    ];
    for (const f of leaves) cases.push({ path: pathWith('1'), query: {}, body: { json: mapLeaves(sample, f) } });
    cases.push({ path: pathWith('1'), query: {}, body: { json: {} } });
    cases.push({ path: pathWith('1'), query: {}, body: { json: { x: MB } } });
    cases.push({ path: pathWith('1'), query: {}, body: { raw: `${'['.repeat(40_000)}${']'.repeat(40_000)}`, contentType: 'application/json' } });
  }
  return cases;
}

/** Destructive routes last, so deleted records and ended sessions cannot hide problems of later cases. */
const order = (r: RouteInfo) => (/logout|reset_pw$/.test(r.url) ? 2 : r.method === 'DELETE' ? 1 : 0);

describe('schema-driven fuzz of every route', () => {
  it('finds the routes (every API route has its OpenAPI operation)', () => {
    const api = apiRoutes(routes);
    expect(api.length).toBeGreaterThan(60);
    expect(api.filter((r) => !spec.paths[r.openApiPath]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('never answers 5xx, a stack trace or slower than 2 s', { timeout: 600_000 }, async () => {
    const api = apiRoutes(routes).sort((a, b) => order(a) - order(b));
    for (const route of api) {
      for (const role of ROLES) {
        for (const c of fixedCases(route)) {
          await check(route, role, requestOf(route, c, role));
          stats.fixed++;
        }
        await fc.assert(
          fc.asyncProperty(caseArb(route), async (c) => {
            stats.generated++;
            await check(route, role, requestOf(route, c, role));
          }),
          { numRuns: RUNS },
        );
      }
    }
    const statuses = [...stats.byStatus.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `fuzz (${TEST_DB}): ${api.length} routes × ${ROLES.length} roles, ${stats.requests} requests ` +
        `(${stats.fixed} fixed hostile, ${stats.generated} generated, ${RUNS} runs per route and role), 0 × 5xx; ` +
        `slowest ${Math.round(stats.slowest)} ms (${stats.slowestRoute}); statuses ${statuses}`,
    );
    // The fuzz must reach the handlers, not only the auth and schema checks.
    expect([...stats.byStatus.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
  });
});
