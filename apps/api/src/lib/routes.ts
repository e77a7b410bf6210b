import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '@umrah/domain';

// Pieces every routes.ts shares: the id in the path, who may call, how often, and the plain answers.
// Role checks themselves live in lib/auth.ts (onRequest hooks: they run before the body is read).
export { optionalUser, requireAdmin, requireRole, requireStaff, requireUser } from './auth.ts';

/** `/api/thing/:id`: 1..2147483647 (a larger id would overflow the database's integer: a 500). */
export const idParams = (message?: string) => z.object({ id: idParam(message) });
/** The common case: 'Ongeldig id.'. */
export const idParamsSchema = idParams();

/** `?page=&pageSize=` of a paged list: from 1, 25 per page by default, at most 100. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
/** A paged list searched with `?q=` (`max`: the longest search text). */
export const searchPageQuery = (max = 200) => pageQuery.extend({ q: z.string().max(max).optional() });

/** OpenAPI: the routes that need a bearer token. */
export const security = [{ bearerAuth: [] }];

/**
 * Rate-limit options for a route's `config`: `max` calls per window and client address, scaled by
 * RATE_LIMIT_FACTOR (tests and the bench raise it).
 */
export const rateLimit = (app: FastifyInstance, max: number, timeWindow = '1 minute') => ({
  rateLimit: { max: max * app.ctx.config.rateLimitFactor, timeWindow },
});
/** The same, bound to one app: `const limit = limiter(app); ... config: limit(10)`. */
export const limiter =
  (app: FastifyInstance) =>
  (max: number, timeWindow = '1 minute') =>
    rateLimit(app, max, timeWindow);

/** Common answer schemas (the contracts live in @umrah/domain/contracts). */
export { messageAnswer, statusAnswer, tokenAnswer } from '@umrah/domain/contracts';
