import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG, Role, type RegisterInput, type ResetPasswordInput } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { resetPasswordMail, welcomeMail } from '../../infra/mail/templates.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { accountColumns } from '../users/dto.ts';
import { revokeAllSessions, startSession } from './sessions.ts';

const RESET_VALID_MINUTES = 60;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const emailTaken = () => new AppError(422, MSG.emailTaken, 'Unprocessable Entity');

/** Postgres unique violation, from either driver. */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

export async function register(ctx: AppContext, input: RegisterInput) {
  if (!(await ctx.captcha.verify(input.altcha))) throw badRequest(MSG.robot);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ ...accountColumns(input), passwordHash, role: 0 })
        .returning();
      await queueMail(tx, { to: created.email, ...welcomeMail(created.firstName, `${ctx.config.publicUrl}/account`) });
      return created;
    });
    void ctx.mail.kick();
    const token = input.login_user === false ? null : await startSession(ctx, user);
    return { status: 'success' as const, token, user };
  } catch (err) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** Failed logins in a row after which the account waits; the wait doubles per further failure. */
export const LOGIN_LOCK_AFTER = 5;
const LOCK_BASE_SECONDS = 30;
const LOCK_MAX_SECONDS = 15 * 60;

export const accountLocked = (seconds: number) =>
  new AppError(429, `Te veel mislukte inlogpogingen. Probeer het over ${Math.max(1, Math.ceil(seconds / 60))} minuut/minuten opnieuw.`);

export async function login(ctx: AppContext, email: string, password: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  // A locked account is refused before the password is checked, so guessing on cannot find it.
  if (user?.lockedUntil && user.lockedUntil > new Date()) {
    throw accountLocked((user.lockedUntil.getTime() - Date.now()) / 1000);
  }
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user) throw unauthorized(MSG.loginFailed);
  if (!ok) {
    // Counted in the database, so every API process and every client address adds to one count.
    await ctx.db
      .update(users)
      .set({
        failedLogins: sql`${users.failedLogins} + 1`,
        lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${sql.raw(String(LOGIN_LOCK_AFTER))}
          then now() + make_interval(secs => least(${sql.raw(String(LOCK_MAX_SECONDS))}, ${sql.raw(String(LOCK_BASE_SECONDS))} * power(2, ${users.failedLogins} + 1 - ${sql.raw(String(LOGIN_LOCK_AFTER))})))
          else ${users.lockedUntil} end`,
      })
      .where(eq(users.id, user.id));
    throw unauthorized(MSG.loginFailed);
  }
  // Conditional, so a right guess racing with the failures that just locked the account is refused too.
  const [unlocked] = await ctx.db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(users.id, user.id), sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= now())`))
    .returning({ lockedUntil: users.lockedUntil });
  if (!unlocked) throw accountLocked(LOCK_BASE_SECONDS);
  return startSession(ctx, user);
}

export async function requestPasswordReset(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) throw notFound(MSG.resetRequestFailed);
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_VALID_MINUTES * 60_000),
    });
    await queueMail(tx, {
      to: user.email,
      ...resetPasswordMail(user.firstName, `${ctx.config.publicUrl}/reset/${token}`, RESET_VALID_MINUTES),
    });
  });
  void ctx.mail.kick();
}

export async function resetPassword(ctx: AppContext, input: ResetPasswordInput) {
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    // Claiming the token and changing the password happen together, so a token works once.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, sha256(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning();
    if (!claimed) return false;
    // A new password also lifts a lockout, and ends every session: a thief's token stops working.
    await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(users.id, claimed.userId));
    await revokeAllSessions(tx, claimed.userId);
    // Other open links for this account stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    return true;
  });
  if (!done) throw badRequest(MSG.resetFailed);
}

export const IMPERSONATION_MSG = {
  customersOnly: 'Inloggen als een ander kan alleen bij klantaccounts, niet bij beheerders of de boekhouder.',
  notFromImpersonation: 'Vanuit een sessie als een andere gebruiker kun je niet opnieuw inloggen als een ander.',
} as const;

/**
 * POST /api/login_by_mail: an admin's session as a customer, for at most an hour. Only customers:
 * a session as another admin or the bookkeeper would pass on their rights (and could start new
 * sessions without the hour's limit); never from such a session itself (`actingAdminId` set).
 */
export async function loginAsUser(ctx: AppContext, admin: { id: number; email: string; actingAdminId?: number }, email: string) {
  if (admin.actingAdminId !== undefined) throw forbidden(IMPERSONATION_MSG.notFromImpersonation);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) throw notFound('Gebruiker niet gevonden.');
  if (user.role !== Role.USER) throw forbidden(IMPERSONATION_MSG.customersOnly);
  return ctx.db.transaction((tx) => startSession(ctx, user, admin, tx));
}
