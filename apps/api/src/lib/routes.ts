import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@umrah/domain';
import type { RateLimitCounting } from '../infra/http/rate-limit-store.ts';

// Pieces every routes.ts shares: the id in the path, who may call, how often, and the plain answers.
// Role checks themselves live in lib/auth.ts (onRequest hooks: they run before the body is read).
import { requireAdmin, requireStaff, requireUser } from './auth.ts';
export { optionalUser, requireAdmin, requireStaff, requireUser } from './auth.ts';

/** The app a module's routes are registered on (with the zod type provider), for its registration steps. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** `/api/thing/:id`: 1..2147483647 (a larger id would overflow the database's integer: a 500). */
export const idParams = (message?: string) => z.object({ id: idParam(message) });
/** The common case: 'Ongeldig id.'. */
export const idParamsSchema = idParams();

/** `?page=&pageSize=` of a paged list, and the same searched with `?q=` (the web's request types come from them). */
export { pageQuery } from '@umrah/domain';

/** Characters of `bytes` bytes in base64: the body limit of a route that carries a photo is sized from it. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** OpenAPI: the routes that need a bearer token. */
export const security = [{ bearerAuth: [] }];

/**
 * Options of a route behind a role check, per module: `const { adminOnly } = guardedRoutes(tags)`, then
 * `app.get(url, adminOnly({ summary, params, response }), handler)` gives the route the module's tags,
 * the bearer security in its docs, and the check as an onRequest hook (before the body is read).
 */
export const guardedRoutes = (tags: string[]) => {
  const guarded =
    (onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
    <S extends object>(schema: S) => ({ schema: { tags, security, ...schema }, onRequest });
  return { adminOnly: guarded(requireAdmin), staffOnly: guarded(requireStaff), signedIn: guarded(requireUser) };
};

/**
 * Rate-limit options for a route's `config`: `max` calls per window and client address, scaled by
 * RATE_LIMIT_FACTOR (tests and the bench raise it) of the app the request came to. `counting`: 'exact'
 * (every request counted in the shared table before it is answered) unless the route is a signed-in
 * call whose limit bounds load, which may use 'batched' (infra/http/rate-limit-store.ts).
 */
export const limit = (max: number, timeWindow = '1 minute', counting: RateLimitCounting = 'exact') => ({
  rateLimit: { max: (request: FastifyRequest) => max * request.server.ctx.config.rateLimitFactor, timeWindow, counting },
});

/** Options of a route anyone may call, with its rate limit: `app.post(url, limitedRoute({ tags, summary, body, response }, limit(10)), handler)`. */
export const limitedRoute = <S extends object>(schema: S, config: ReturnType<typeof limit>) => ({ schema, config });

/** Common answer schemas (the contracts live in @umrah/domain/contracts). */
export { messageAnswer } from '@umrah/domain/contracts';
