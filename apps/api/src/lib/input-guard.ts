import type { FastifyRequest } from 'fastify';
import { MSG, hasInvalidCharacters, jsonWithin, someString } from '@umrah/domain';
import { AppError } from './errors.ts';

/** Deeper than any form of the shop nests; deeper bodies only come from a hostile client. */
const MAX_DEPTH = 64;

/**
 * preValidation hook for every route, the last line behind the schemas: a NUL or a lone surrogate
 * anywhere in the body, query string or path (keys included) is a 400 before a handler or the
 * database sees it (PostgreSQL refuses both, which used to surface as 500s), as is absurd nesting.
 * It runs after onRequest, so the auth checks still answer first.
 */
export async function rejectHostileInput(request: FastifyRequest) {
  // The query string parser makes objects of its own class (not a plain object), which the walk below
  // would skip: a copy makes them plain.
  const query = request.query && typeof request.query === 'object' ? { ...(request.query as object) } : request.query;
  for (const part of [request.params, query, request.body]) {
    if (part === undefined || part === null) continue;
    if (someString(part, hasInvalidCharacters) || !jsonWithin(part, Number.POSITIVE_INFINITY, MAX_DEPTH)) {
      throw new AppError(400, MSG.invalidInput);
    }
  }
}
