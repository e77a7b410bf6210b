import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { MSG, type RegisterInput, type ResetPasswordInput } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { resetPasswordMail, welcomeMail } from '../../infra/mail/templates.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { accountColumns } from '../users/dto.ts';

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
    const token = input.login_user === false ? null : await ctx.tokens.sign(user.id, user.role);
    return { status: 'success' as const, token, user };
  } catch (err) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

export async function login(ctx: AppContext, email: string, password: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) throw unauthorized(MSG.loginFailed);
  return ctx.tokens.sign(user.id, user.role);
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
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, claimed.userId));
    // Other open links for this account stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    return true;
  });
  if (!done) throw badRequest(MSG.resetFailed);
}

export async function loginAsUser(ctx: AppContext, adminId: number, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) throw notFound('Gebruiker niet gevonden.');
  return ctx.tokens.sign(user.id, user.role, adminId);
}
