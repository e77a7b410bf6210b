import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { MSG, Role, type RegisterInput, type ResetPasswordInput } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { addToCount, clearCount, peekCount } from '../../infra/http/rate-limit-store.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { resetPasswordMail } from '../../infra/mail/templates.ts';
import { AppError, badRequest, forbidden, refusingDuplicates, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { emailTaken, insertNewAccount } from '../users/index.ts';
import { revokeAllSessions, startSession } from './sessions.ts';

const RESET_VALID_MINUTES = 60;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function register(ctx: AppContext, input: RegisterInput) {
  if (!(await ctx.captcha.verify(input.altcha))) throw badRequest(MSG.robot);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  // Two registrations racing for one address: the unique index decides.
  const user = await refusingDuplicates(emailTaken, () => ctx.db.transaction((tx) => insertNewAccount(ctx, tx, input, passwordHash)));
  void ctx.mail.kick();
  const token = input.login_user === false ? null : await startSession(ctx, user);
  return { status: 'success' as const, token, user };
}

/**
 * Failed logins of one account from one client address (in 15 minutes) after which that pair needs a
 * solved captcha as well. Per pair, not per account: nobody can lock another's account (the admin's
 * included) from their own address, and the owner elsewhere is not bothered; a guesser behind one
 * address pays a proof of work per try on top of the address's rate limit.
 */
export const LOGIN_CAPTCHA_AFTER = 3;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const failureKey = (address: string, email: string) => `login-failures:${address}:${sha256(email.trim().toLowerCase())}`;

/**
 * The answer to every failed login, whether the password was wrong, the account does not exist or
 * the captcha is missing: the same status and body, so none of them can be told apart. Once the
 * pair needs the captcha, the body says so (for an unknown address exactly as for a known one).
 */
export const loginFailed = (captcha: boolean) =>
  new AppError(401, MSG.loginFailed, 'Unauthorized', captcha ? [{ path: 'altcha', message: MSG.robot }] : undefined);

export async function login(ctx: AppContext, input: { email: string; password: string; altcha?: string }, address: string) {
  const key = failureKey(address, input.email);
  const needsCaptcha = (await peekCount(ctx.db, key, FAILURE_WINDOW_SECONDS)) >= LOGIN_CAPTCHA_AFTER;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  // Always the full password check (a made-up hash for an unknown address): the same time for every answer.
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  const human = !needsCaptcha || (await ctx.captcha.verify(input.altcha));
  if (!user || !ok || !human) {
    const failures = await addToCount(ctx.db, key, 1, FAILURE_WINDOW_SECONDS);
    throw loginFailed(failures >= LOGIN_CAPTCHA_AFTER);
  }
  await clearCount(ctx.db, key);
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
