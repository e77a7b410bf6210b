import { and, between, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import { PAYMENT_MSG, Role } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx, Tx } from '../../db/index.ts';
import { orderLines, orders, payments, products, rooms, transactions } from '../../db/schema.ts';
import type { PaymentProvider } from '../../infra/payments/index.ts';
import { notFound } from '../../lib/errors.ts';
import { rowsFromJson } from '../../lib/json-rows.ts';
import { batchedLookup, perDatabase } from '../../lib/batched-lookup.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { UserRow } from '../../lib/auth.ts';
import { activeTransactionsQuery, nextTransactionIdSql, type TransactionRow } from './provider-payment.ts';

// What the payment use cases read of an order: what is paid, its trips' payment deadline, its
// fingerprint (the order as a payment is bound to it) and its active provider payments, and the
// order itself, locked or as its owner or staff may see it.

type Ctx = Pick<AppContext, 'db'>;
export type OrderRow = typeof orders.$inferSelect;

export const isStaff = (user: UserRow) => user.role === Role.ADMIN || user.role === Role.BOOKKEEPER;
export const isAdmin = (user: UserRow) => user.role === Role.ADMIN;

/** The SQL of the earliest payment_deadline ('YYYY-MM-DD') of an order's trip products, or null. */
function tripDeadlineSql(db: DbOrTx, orderId: number | SQLWrapper) {
  return db
    .select({ deadline: sql<string | null>`to_char(min(${products.paymentDeadline}), 'YYYY-MM-DD')` })
    .from(products)
    .where(
      and(
        between(products.type, 2, 10),
        or(
          inArray(products.id, db.select({ id: rooms.productId }).from(rooms).where(eq(rooms.orderId, orderId))),
          inArray(
            products.id,
            db
              .select({ id: sql<number>`${orderLines.productId}` })
              .from(orderLines)
              .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.productId} is not null`)),
          ),
        ),
      ),
    );
}

/**
 * The order as a payment is bound to it (docs/MONEY.md): its total and its priced lines (product,
 * quantity, unit price, label), as an md5. Line ids are left out: an edit writes the lines anew.
 */
export const orderFingerprintSql = (orderId: number | SQLWrapper) =>
  sql<string>`(select md5(o.total_price::text || '|' || coalesce(string_agg(concat_ws(':', l.product_id, l.quantity, l.unit_price, l.label), ','
      order by l.product_id nulls first, l.label collate "C", l.quantity, l.unit_price), ''))
    from ${orders} o left join ${orderLines} l on l.order_id = o.id where o.id = ${orderId} group by o.total_price)`;

const paidSql = (orderId: number | SQLWrapper) =>
  sql`(select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.orderId} = ${orderId})`;

/**
 * Orders with the sum of their payments, their trips' payment deadline (paidTotal and
 * tripPaymentDeadline) and their recent active payments at `provider` (activeTransactionsQuery, for
 * syncOrderTransactions) in one statement, built and prepared once: every payment start runs it.
 */
const paymentStateQuery = preparedQuery((db) =>
  db
    .select({
      order: orders,
      paid: sql<string>`${paidSql(orders.id)}`,
      deadline: sql<string | null>`(${tripDeadlineSql(db, sql`${orders.id}`)})`,
      fingerprint: sql<string>`${orderFingerprintSql(sql`${orders.id}`)}`,
      active: sql<unknown>`(select json_agg(t order by t.id desc) from (${activeTransactionsQuery(db, sql.placeholder('provider'), {
        orderId: sql`${orders.id}`,
      })}) t)`,
      // For a provider in the shop's database: the new payment's id, so it is written in one more statement.
      transactionId: sql<number | null>`case when ${sql.placeholder('local')}::boolean then ${nextTransactionIdSql} end`,
    })
    .from(orders)
    .where(sql`${orders.id} = any(${sql.placeholder('orderIds')}::int[])`)
    .prepare('order_payment_state'),
);

export type PaymentState = {
  order: OrderRow;
  paid: number;
  deadline: string | null;
  fingerprint: string;
  active: TransactionRow[];
  transactionId: number | null;
};

/**
 * The payment states of the payment starts that arrive together, in one statement (lib/batched-lookup.ts);
 * an order twice waits for the next statement, so each start has its own transaction id and sees the
 * one before it.
 */
const paymentStateLookups = perDatabase((db: Db) => {
  const byProvider = new Map<string, (orderId: number) => Promise<PaymentState | undefined>>();
  return (provider: PaymentProvider) => {
    let lookup = byProvider.get(provider.name);
    if (!lookup) {
      lookup = batchedLookup(
        async (orderIds: number[]) => {
          const rows = await paymentStateQuery(db).execute({ orderIds, provider: provider.name, local: provider.local !== undefined });
          return new Map(
            rows.map((row) => [
              row.order.id,
              {
                order: row.order,
                paid: Number(row.paid),
                deadline: row.deadline ?? null,
                fingerprint: row.fingerprint,
                active: rowsFromJson(transactions, row.active),
                transactionId: row.transactionId ?? null,
              },
            ]),
          );
        },
        { distinct: true },
      );
      byProvider.set(provider.name, lookup);
    }
    return lookup;
  };
});

export function orderPaymentState(db: Db, orderId: number, provider: PaymentProvider): Promise<PaymentState | undefined> {
  return paymentStateLookups(db)(provider)(orderId);
}

export async function paidTotal(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ paid: sql<string | null>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return Number(row?.paid ?? 0);
}

export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/** The order, when this user may see it; a customer gets 404 for someone else's order (no hint it exists). */
export async function orderFor(ctx: Ctx, user: UserRow, orderId: number): Promise<OrderRow> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (!isStaff(user) && order.userId !== user.id)) throw notFound(PAYMENT_MSG.orderNotFound);
  return order;
}
