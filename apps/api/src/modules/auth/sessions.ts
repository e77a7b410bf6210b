import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { auditLog, sessions, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** Starts a session and signs its first token. Impersonation sessions are short and audited. */
export async function startSession(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role' | 'email'>,
  impersonator?: Pick<UserRow, 'id' | 'email'>,
  db: DbOrTx = ctx.db,
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const maxAge = impersonator ? ctx.config.impersonationMaxAgeSeconds : ctx.config.sessionMaxAgeSeconds;
  const expiresAt = new Date(Date.now() + maxAge * 1000);
  await db.insert(sessions).values({ id, userId: user.id, impersonatorId: impersonator?.id ?? null, expiresAt });
  if (impersonator) {
    await db.insert(auditLog).values({
      actorUserId: impersonator.id,
      actorEmail: impersonator.email,
      action: 'user.impersonate',
      targetUserId: user.id,
      details: { session: id, target_email: user.email, expires_at: expiresAt.toISOString() },
    });
  }
  return ctx.tokens.sign({ userId: user.id, role: user.role, sessionId: id, sessionExpiresAt: expiresAt, actingAdminId: impersonator?.id });
}

/** A new token for the same session; never past the session's own end. */
export function refreshSessionToken(ctx: AppContext, user: Pick<UserRow, 'id' | 'role'>, session: SessionRow): Promise<string> {
  return ctx.tokens.sign({
    userId: user.id,
    role: user.role,
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt,
    actingAdminId: session.impersonatorId,
  });
}

export type SessionRow = typeof sessions.$inferSelect;

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user (password reset, 'log out everywhere'); returns how many. */
export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
