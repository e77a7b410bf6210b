import { count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { orders, payments, users } from '../../db/schema.ts';
import { paymentDto } from './dto.ts';

// Reading payments: the staff's payments list and the payments of order lists and documents.

type PaymentRow = typeof payments.$inferSelect;

/** Who a payment is from, as the payments list and the payments export show it (join users first). */
export const payerColumns = { email: users.email, firstName: users.firstName, lastName: users.lastName };

export async function listPayments(ctx: Pick<AppContext, 'db'>, q: { order_id?: number; page: number; pageSize: number }) {
  const where = q.order_id !== undefined ? eq(payments.orderId, q.order_id) : undefined;
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ payment: payments, ...payerColumns, orderStatus: orders.status })
      .from(payments)
      .leftJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      // The page's ids first (from the primary key's index alone), then the joins for those 25 rows
      // only: a deep page (page 2000) no longer joins every payment it skips.
      .where(
        inArray(
          payments.id,
          ctx.db
            .select({ id: payments.id })
            .from(payments)
            .where(where)
            .orderBy(desc(payments.id))
            .limit(q.pageSize)
            .offset((q.page - 1) * q.pageSize),
        ),
      )
      .orderBy(desc(payments.id)),
    ctx.db.select({ total: count() }).from(payments).where(where),
  ]);
  return {
    payments: rows.map((r) =>
      paymentDto(r.payment, {
        email: r.email,
        name: r.firstName !== null ? `${r.firstName} ${r.lastName}` : null,
        order_status: r.orderStatus,
      }),
    ),
    total: counted[0]?.total ?? 0,
  };
}

/** Payments per order, for order lists. */
export async function paymentsOfOrders(db: DbOrTx, orderIds: number[]) {
  const map = new Map<number, PaymentRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(payments.id);
  for (const r of rows) {
    if (r.orderId === null) continue;
    map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
  }
  return map;
}
