import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { apiRoutes, type RouteContract } from '@umrah/domain/contracts/routes';
import { apiRoutes as registeredRoutes, createAppWithRoutes, type RouteInfo } from './route-table.ts';

// The route map in packages/domain (contracts/routes.ts) is what the web client's types come from;
// this holds it to the routes the app really registers: the same method and path, the same query,
// body and answer schemas, and no JSON route left out of the map.

let app: FastifyInstance;
let routes: RouteInfo[];

beforeAll(async () => {
  const built = await createAppWithRoutes();
  app = built.app;
  routes = registeredRoutes(built.routes);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** A schema as JSON Schema, so two schemas built separately (searchPageQuery() twice) compare equal. */
const json = (schema: unknown, io: 'input' | 'output') =>
  schema instanceof z.ZodType ? z.toJSONSchema(schema, { io, unrepresentable: 'any' }) : schema;

const entries = Object.entries(apiRoutes as Record<string, RouteContract>).map(([key, contract]) => {
  const [method = '', path = ''] = key.split(' ');
  return { key, method, path, contract };
});

/** The success answers a route declares (2xx), by status. */
const successAnswers = (route: RouteInfo) =>
  Object.entries((route.schema?.response ?? {}) as Record<string, unknown>).filter(([status]) => /^2\d\d$/.test(status));

describe('route map', () => {
  it.each(entries)('$key is a registered route with the same schemas', ({ method, path, contract }) => {
    const route = routes.find((r) => r.method === method && r.url === path);
    expect(route, `${method} ${path} is not registered`).toBeDefined();
    if (!route) return;
    const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
    expect(json(contract.query, 'input'), 'query').toEqual(json(schema.querystring, 'input'));
    expect(json(contract.body, 'input'), 'body').toEqual(json(schema.body, 'input'));
    const answers = successAnswers(route);
    // A route without a response schema (a document of varying keys) is typed by the map alone.
    if (answers.length === 0) return;
    const status = String(contract.status ?? 200);
    expect(
      answers.map(([s]) => s),
      'success status',
    ).toEqual([status]);
    expect(json(contract.response, 'output'), 'response').toEqual(json(schema.response?.[status], 'output'));
  });

  it('lists every route that answers JSON with a schema', () => {
    const inMap = new Set(entries.map((e) => `${e.method} ${e.path}`));
    const missing = routes.filter((r) => successAnswers(r).length > 0 && !inMap.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
