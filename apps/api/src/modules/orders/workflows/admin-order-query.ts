import { and, count, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { OrderStatus, parseOrderNumber } from '@umrah/domain';
import type { AppContext } from '../../../context.ts';
import { allQueries, withTrigramSearch, type DbOrTx } from '../../../db/index.ts';
import { orderLines, orders, rooms, users } from '../../../db/schema.ts';
import { onlyRow } from '../../../lib/present.ts';
import { containsPattern } from '../../../lib/sql.ts';
import { loadOrderDtos } from '../../../lib/order-dto.ts';
import { logsOfOrders } from '../../../lib/order-log.ts';

export interface AdminOrderQuery {
  q?: string;
  products?: number[];
  status?: number;
  page: number;
  pageSize: number;
}

/** The search of the admin orders page: order number ('FCU2123' or '123'), email or name. */
function searchCondition(db: DbOrTx, q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const like = containsPattern(term);
  // The customers first (the users' trigram indexes answer this), then their orders by user id: an OR
  // of the order number with the customer's text across the join made the planner scan every order.
  const customers = inArray(
    orders.userId,
    db
      .select({ id: users.id })
      .from(users)
      .where(
        or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ),
      ),
  );
  const number = parseOrderNumber(term);
  if (number === null) return customers;
  // The number's order and the customers' orders as one set of ids: as an OR, the planner walked
  // every order testing both instead of looking up each.
  return sql`${orders.id} in (select ${number}::int union all ${db.select({ id: orders.id }).from(orders).where(customers)})`;
}

/** Orders that sell one of the products, or have a room of one of those trips. */
function productCondition(db: DbOrTx, ids: number[] | undefined): SQL | undefined {
  if (!ids?.length) return undefined;
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orders.id), inArray(orderLines.productId, ids))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(rooms)
        .where(and(eq(rooms.orderId, orders.id), inArray(rooms.productId, ids))),
    ),
  );
}

/** The ids of one page of orders (newest first) and how many match. */
async function idsPage(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  // No join with users: every order has one (user_id is NOT NULL and a foreign key), so it filtered nothing.
  const ids = db.select({ id: orders.id }).from(orders).where(where).orderBy(desc(orders.id)).limit(limit).offset(offset);
  const total = db.select({ total: count() }).from(orders).where(where);
  const [rows, totals] = await allQueries(db, [ids, total] as const);
  return { ids: rows.map((r) => r.id), total: onlyRow(totals, 'order count').total };
}

/** Staff views carry each order's log (never the customer's own order list: the log names staff). */
async function withLogs<T extends { id: number }>(db: DbOrTx, dtos: T[]) {
  const logs = await logsOfOrders(
    db,
    dtos.map((d) => d.id),
  );
  return dtos.map((d) => ({ ...d, logs: logs.get(d.id) ?? [] }));
}

const ordersWithLogs = async (db: DbOrTx, ids: number[]) => withLogs(db, await loadOrderDtos(db, ids));

/** Leads shown next to the list on the admin orders page (the first ones; ?status=1 pages through all). */
export const LEADS_SHOWN = 50;

/**
 * GET /api/admin/orders: a page of orders (every status but LEAD unless ?status= is given) and the
 * leads matching the same search. The matching ids are found first (a text search through the
 * trigram indexes, see withTrigramSearch), then the orders of the page are read.
 */
export async function adminOrders(ctx: AppContext, query: AdminOrderQuery) {
  const term = query.q?.trim() ?? '';
  const offset = (query.page - 1) * query.pageSize;
  const status = query.status;
  // The page, and the leads unless one status is asked for. Inside the search's transaction (one
  // connection) one after the other, else together on the pool.
  const find = async (db: DbOrTx, together: boolean) => {
    const base = and(searchCondition(db, term), productCondition(db, query.products));
    const page = () =>
      idsPage(db, and(base, status !== undefined ? eq(orders.status, status) : ne(orders.status, OrderStatus.LEAD)), query.pageSize, offset);
    const leads = () => idsPage(db, and(base, eq(orders.status, OrderStatus.LEAD)), LEADS_SHOWN, 0);
    if (status !== undefined) return { page: await page(), leads: undefined };
    if (together) {
      const [onPage, leadRows] = await Promise.all([page(), leads()]);
      return { page: onPage, leads: leadRows };
    }
    const onPage = await page();
    return { page: onPage, leads: await leads() };
  };
  const { page, leads } = term ? await withTrigramSearch(ctx.db, term, (tx) => find(tx, tx === ctx.db)) : await find(ctx.db, true);
  // The page's orders and the leads read together (one set of queries), in that order.
  const both = await ordersWithLogs(ctx.db, [...page.ids, ...(leads?.ids ?? [])]);
  const onPage = new Set(page.ids);
  return {
    orders: both.filter((o) => onPage.has(o.id)),
    total: page.total,
    leads: both.filter((o) => !onPage.has(o.id)),
    leads_total: leads?.total ?? 0,
  };
}
