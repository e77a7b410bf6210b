import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import { MSG, Role, type AccountInput, type AdminUserInput } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import { withTrigramSearch, type DbOrTx, type Tx } from '../../db/index.ts';
import { invoices, orders, users } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { welcomeMail } from '../../infra/mail/templates.ts';
import type { UserRow } from '../../lib/auth.ts';
import { AppError, conflict, refusingDuplicates, notFound, sqlState } from '../../lib/errors.ts';
import { eraseFromOtherTables } from '../privacy/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { accountColumns, type AccountFields } from './dto.ts';

/** 422: an account with this e-mail address exists (registration, a request's account, the admin's form). */
export const emailTaken = () => new AppError(422, MSG.emailTaken, 'Unprocessable Entity');

/** A new customer account with its welcome mail queued in the same transaction (registration, a request's guest). */
export async function insertNewAccount(
  ctx: AppContext,
  tx: Tx,
  account: AccountFields & { date_of_birth: string },
  passwordHash: string,
): Promise<UserRow> {
  const [created] = await tx
    .insert(users)
    .values({ ...accountColumns(account), passwordHash, role: Role.USER })
    .returning();
  const user = must(created, 'the inserted account');
  await queueMail(tx, { to: user.email, ...welcomeMail(user.firstName, `${ctx.config.publicUrl}/account`) });
  return user;
}

async function assertEmailFree(ctx: AppContext, email: string, exceptId?: number) {
  const where = exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email);
  const [other] = await ctx.db.select({ id: users.id }).from(users).where(where);
  if (other) throw emailTaken();
}

/** An account write: another account that took the address meanwhile is the same 409 as one found before. */
const write = <T>(fn: () => Promise<T>) => refusingDuplicates(emailTaken, fn);

export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Voer je huidige wachtwoord in om je e-mailadres te wijzigen.';

/**
 * PUT /api/user. The email is the login and where reset links go, so whoever holds a session
 * (a shared computer, a stolen token, an admin logged in as the customer) must not move the account
 * to another address without the current password: missing → 400, wrong → 403.
 */
export async function updateOwnAccount(ctx: AppContext, self: UserRow, input: AccountInput, currentPassword?: string) {
  const userId = self.id;
  if (input.email.trim().toLowerCase() !== self.email.trim().toLowerCase()) {
    const details = [{ path: 'current_password', message: EMAIL_CHANGE_NEEDS_PASSWORD }];
    if (!currentPassword) throw new AppError(400, EMAIL_CHANGE_NEEDS_PASSWORD, undefined, details);
    if (!(await verifyPassword(self.passwordHash, currentPassword))) throw new AppError(403, EMAIL_CHANGE_NEEDS_PASSWORD, undefined, details);
  }
  await assertEmailFree(ctx, input.email, userId);
  const [user] = await write(() =>
    ctx.db
      .update(users)
      .set({ ...accountColumns(input), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning(),
  );
  if (!user) throw notFound('Gebruiker niet gevonden.');
  return user;
}

export async function listUsers(ctx: AppContext, q: string | undefined, page: number, pageSize: number) {
  const term = q?.trim();
  const like = term ? containsPattern(term) : undefined;
  const where = like ? or(ilike(users.email, like), ilike(users.lastName, like), ilike(users.phoneNumber, like), ilike(users.zip, like)) : undefined;
  const pageOf = (db: DbOrTx) =>
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  const countOf = (db: DbOrTx) => db.select({ total: count() }).from(users).where(where);
  const [rows, [{ total } = { total: 0 }]] = term
    ? await withTrigramSearch(ctx.db, term, async (tx) => [await pageOf(tx), await countOf(tx)] as const)
    : await Promise.all([pageOf(ctx.db), countOf(ctx.db)]);
  return { rows, total };
}

export async function createUser(ctx: AppContext, input: AdminUserInput) {
  await assertEmailFree(ctx, input.email);
  // An admin-made account without a password gets a random one; the customer uses 'wachtwoord vergeten'.
  const password = input.password ?? crypto.randomUUID() + crypto.randomUUID();
  const [user] = await write(async () =>
    ctx.db
      .insert(users)
      .values({ ...accountColumns(input), passwordHash: await hashPassword(password), role: input.role ?? 0 })
      .returning(),
  );
  return must(user, 'the inserted user');
}

export async function updateUser(ctx: AppContext, id: number, input: AdminUserInput) {
  await assertEmailFree(ctx, input.email, id);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const [user] = await write(() =>
    ctx.db
      .update(users)
      .set({
        ...accountColumns(input),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning(),
  );
  if (!user) throw notFound('Gebruiker niet gevonden.');
  return user;
}

export async function deleteUser(ctx: AppContext, id: number, actingUserId: number) {
  if (id === actingUserId) throw conflict('Je kunt je eigen account niet verwijderen.');
  // Orders and quotes are kept for the bookkeeping (7 years), so their customer (and the admin who
  // placed an order for someone) stays too.
  const [[{ n: orderCount } = { n: 0 }], [{ n: invoiceCount } = { n: 0 }]] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(orders)
      .where(or(eq(orders.userId, id), eq(orders.createdByUserId, id))),
    ctx.db.select({ n: count() }).from(invoices).where(eq(invoices.userId, id)),
  ]);
  if (orderCount > 0 || invoiceCount > 0) throw conflict(USER_IN_USE);
  try {
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!user) throw notFound('Gebruiker niet gevonden.');
      // Gone for good, so also from the mails, requests, audit details and stored answers that name them.
      await eraseFromOtherTables(tx, user, []);
      await tx.delete(users).where(eq(users.id, id));
    });
  } catch (err) {
    // An order or quote made between the check and the delete, or a table that points at users later.
    if (sqlState(err) === '23503') throw conflict(USER_IN_USE);
    throw err;
  }
}

export const USER_IN_USE = 'Deze gebruiker heeft bestellingen of offertes en kan niet worden verwijderd.';

export { MSG };
