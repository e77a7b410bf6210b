import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, Role } from '@umrah/domain';
import type { Db } from '../db/index.ts';
import { sessions, users } from '../db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';
import { batchedLookup, perDatabase } from './batched-lookup.ts';
import { preparedQuery } from './prepared.ts';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user?: UserRow;
    /** The admin's id when an admin is logged in as this user. */
    actingAdminId?: number;
    /** The session of the token (sessions row), for refresh and logout. */
    session?: typeof sessions.$inferSelect;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The users of live sessions, by session id: prepared once per database, since every signed-in request runs it. */
const sessionUsersQuery = preparedQuery((db) =>
  db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(sql`${sessions.id} = any(${sql.placeholder('sids')}::text[])`, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .prepare('session_users'),
);

/**
 * The sessions of the requests that arrive together, looked up in one statement (lib/batched-lookup.ts):
 * nothing is cached, so a session revoked (or a user changed or deleted) before a request came, in
 * this process or any other, is seen by that request's lookup.
 */
const lookupSession = perDatabase((db: Db) =>
  batchedLookup(async (sids: string[]) => {
    const rows = await sessionUsersQuery(db).execute({ sids, now: new Date().toISOString() });
    return new Map(rows.map((r) => [r.session.id, r]));
  }),
);

/**
 * Loads the user of a valid token together with its session: the user is read fresh (a changed role
 * or deleted user counts at once) and a revoked or ended session ends every token.
 */
export async function resolveUser(request: FastifyRequest): Promise<UserRow | null> {
  const token = bearer(request);
  if (!token) return null;
  const { tokens, db } = request.server.ctx;
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized(MSG.sessionExpired);
  const row = await lookupSession(db)(claims.sid);
  // The session must be the token's user's, and the token's impersonation claim the session's: a
  // forged 'act' on a user session does nothing.
  if (!row || row.session.userId !== Number(claims.sub) || (row.session.impersonatorId ?? undefined) !== claims.act) {
    throw unauthorized(MSG.sessionExpired);
  }
  request.user = row.user;
  request.session = row.session;
  request.actingAdminId = claims.act;
  return row.user;
}

/** onRequest hook (runs before the body is read): the caller must be logged in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  if (!bearer(request)) throw unauthorized(MSG.loginRequired);
  await resolveUser(request);
}

/** onRequest hook: the caller may be logged in; an invalid token is still refused. */
export async function optionalUser(request: FastifyRequest, _reply: FastifyReply) {
  await resolveUser(request);
}

/** onRequest hook factory: the caller must be logged in with one of these roles. */
export const requireRole =
  (...roles: Role[]) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    await requireUser(request, reply);
    if (!roles.includes(request.user!.role as Role)) throw forbidden(MSG.forbidden);
  };

export const requireAdmin = requireRole(Role.ADMIN);
/** Money matters: admins and the bookkeeper. */
export const requireStaff = requireRole(Role.ADMIN, Role.BOOKKEEPER);

export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(MSG.loginRequired);
  return request.user;
}
