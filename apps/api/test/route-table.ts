import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { AppConfig } from '../src/config.ts';
import { optionalUser, requireAdmin, requireStaff, requireUser } from '../src/lib/auth.ts';
import { createTestApp } from './helpers.ts';

// The app's route table as the fuzz and role-matrix tests see it: every route the app registers,
// collected by an onRoute hook that is added to the Fastify instance the moment it is created
// (Fastify's 'fastify.initialization' diagnostics channel), so no route can be missed or hand-listed.

export type Access = 'public' | 'user' | 'staff' | 'admin';

/** Who may call a route, declared once per auth hook (found by function identity in onRequest/preHandler). */
export const ACCESS_BY_HOOK = new Map<unknown, Access>([
  [optionalUser, 'public'],
  [requireUser, 'user'],
  [requireStaff, 'staff'],
  [requireAdmin, 'admin'],
]);
const STRENGTH: Record<Access, number> = { public: 0, user: 1, staff: 2, admin: 3 };

export interface RouteInfo {
  method: string;
  /** Fastify's path, e.g. '/api/user/:id'. */
  url: string;
  /** The same path as OpenAPI writes it, e.g. '/api/user/{id}'. */
  openApiPath: string;
  access: Access;
  /** Where the auth hook sits: onRequest runs before the body is read and validated. */
  authPhase: 'onRequest' | 'preHandler' | 'none';
  hidden: boolean;
  /** The route's schemas (params, querystring, body, response) as declared. */
  schema: FastifySchema | undefined;
}

const asArray = (h: unknown): unknown[] => (h === undefined ? [] : Array.isArray(h) ? [...h] : [h]);

function describeRoute(route: RouteOptions, method: string): RouteInfo {
  let access: Access = 'public';
  let authPhase: RouteInfo['authPhase'] = 'none';
  for (const phase of ['onRequest', 'preHandler'] as const) {
    for (const hook of asArray(route[phase])) {
      const level = ACCESS_BY_HOOK.get(hook);
      if (level === undefined) continue;
      if (level !== 'public' && authPhase === 'none') authPhase = phase;
      if (STRENGTH[level] > STRENGTH[access]) access = level;
    }
  }
  return {
    method,
    url: route.url,
    openApiPath: route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
    access,
    authPhase,
    hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
    schema: route.schema,
  };
}

/** Builds the test app (PGlite or PostgreSQL, like createTestApp) and records every route it registers. */
export async function createAppWithRoutes(config: Partial<AppConfig> = {}): Promise<{ app: FastifyInstance; routes: RouteInfo[] }> {
  const routes: RouteInfo[] = [];
  const init = channel('fastify.initialization');
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      for (const method of asArray(route.method) as string[]) routes.push(describeRoute(route, method));
    });
  };
  init.subscribe(onInit);
  let app: FastifyInstance;
  try {
    app = await createTestApp(config);
  } finally {
    init.unsubscribe(onInit);
  }
  return { app, routes };
}

/** The API routes worth calling: no HEAD twins, no API docs, no static files or SPA fallback. */
export const apiRoutes = (routes: RouteInfo[]) =>
  routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.hidden);

/** A response body that gives away internals: a stack frame, a file path or a raw error name. */
export function leaksInternals(body: string): string | null {
  const patterns = [
    /\bat [^\n"]*\(?[^\s"()]+\.(?:ts|js|mjs|cjs):\d+/,
    /\/(?:work|home|root|usr|tmp)\/[^\s"]*\.(?:ts|js|mjs)/,
    /\b[A-Z][A-Za-z]*Error: /,
    /node_modules\//,
  ];
  for (const p of patterns) {
    const m = p.exec(body);
    if (m) return m[0];
  }
  return null;
}

/**
 * A plain value of a JSON schema's shape (first enum value, smallest allowed number, 'Test' strings,
 * required fields only): a body that passes the route's schema often enough to reach the handler.
 */
export function sampleFromSchema(schema: Record<string, any> | undefined, key = ''): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) return sampleFromSchema(options[0], key);
  if (Array.isArray(schema.allOf)) return sampleFromSchema(Object.assign({}, ...schema.allOf), key);
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? (schema.properties ? 'object' : undefined));
  switch (type) {
    case 'string':
      if (/email/i.test(key)) return 'rolmatrix@example.nl';
      if (/date/i.test(key)) return '2030-01-01';
      return 'Test'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return Math.max(1, typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum ? 1 : 0) : 1);
    case 'boolean':
      return false;
    case 'array':
      return (schema.minItems ?? 0) > 0 ? [sampleFromSchema(schema.items, key)] : [];
    case 'object': {
      const props: Record<string, any> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(props)
          .filter(([k]) => required.has(k))
          .map(([k, s]) => [k, sampleFromSchema(s, k)]),
      );
    }
    default:
      return null;
  }
}
