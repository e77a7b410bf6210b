import { eq } from 'drizzle-orm';
import { ORDER_MSG, Role, type Order } from '@umrah/domain';
import type { DbOrTx } from '../../../db/index.ts';
import { users } from '../../../db/schema.ts';
import type { UserRow } from '../../../lib/auth.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';

// Who places or changes an order, and for whom: shared by every order use case.

/** Who asks: the logged-in user, and the admin behind them when an admin logged in as them. */
export interface Actor {
  user: UserRow;
  actingAdminId?: number;
  /** The request's claimed Idempotency-Key: a new order keeps it (one order per key). */
  idempotencyKey?: string;
}

export const isAdmin = (u: UserRow) => u.role === Role.ADMIN;

/**
 * The customer the order is for. Admins may name anyone by id or email; anyone else may only name
 * themselves, and naming someone else is refused, never obeyed.
 */
export async function resolveCustomer(db: DbOrTx, actor: Actor, user: Order['user']): Promise<UserRow> {
  const self = actor.user;
  if (user === undefined || user === null || user === '') return self;
  const asId = typeof user === 'number' ? user : /^\d+$/.test(user) ? Number(user) : null;
  const isSelf = asId !== null ? asId === self.id : user.toString().trim().toLowerCase() === self.email;
  if (isSelf) return self;
  if (!isAdmin(self)) throw forbidden(ORDER_MSG.otherUser);
  const [row] = await db
    .select()
    .from(users)
    .where(asId !== null ? eq(users.id, asId) : eq(users.email, String(user).trim().toLowerCase()));
  if (!row) throw notFound(ORDER_MSG.userNotFound);
  return row;
}
