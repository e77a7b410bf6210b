import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import { MSG, type AccountInput, type AdminUserInput } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { orders, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { emailTaken, isUniqueViolation } from '../auth/service.ts';
import { accountColumns } from './dto.ts';

async function assertEmailFree(ctx: AppContext, email: string, exceptId?: number) {
  const where = exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email);
  const [other] = await ctx.db.select({ id: users.id }).from(users).where(where);
  if (other) throw emailTaken();
}

async function write<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

export async function updateOwnAccount(ctx: AppContext, userId: number, input: AccountInput) {
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
  const where = term
    ? or(
        ilike(users.email, `%${term}%`),
        ilike(users.lastName, `%${term}%`),
        ilike(users.phoneNumber, `%${term}%`),
        ilike(users.zip, `%${term}%`),
      )
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
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
  return user;
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
  const [{ n }] = await ctx.db.select({ n: count() }).from(orders).where(eq(orders.userId, id));
  // Orders are kept for the bookkeeping (7 years), so their customer stays too.
  if (n > 0) throw conflict('Deze gebruiker heeft bestellingen en kan niet worden verwijderd.');
  const [deleted] = await ctx.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  if (!deleted) throw notFound('Gebruiker niet gevonden.');
}

export { MSG };
