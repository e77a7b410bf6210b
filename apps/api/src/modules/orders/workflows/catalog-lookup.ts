import { and, asc, between, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  DEAD_STATUSES,
  EXCLUSIVE_ROOM_PRODUCT_ID,
  KID_WITHOUT_BED_VOUCHER,
  NON_EU_PASSPORT_PRODUCT_ID,
  toPricingProduct,
  toPricingVoucher,
  type Order,
  type PricingCatalog,
} from '@umrah/domain';
import type { Db, DbOrTx } from '../../../db/index.ts';
import { crowdfunds, orderCrowdfunds, orders, products, vouchers } from '../../../db/schema.ts';
import { batchedLookup, perDatabase } from '../../../lib/batched-lookup.ts';
import { rowsFromJson } from '../../../lib/json-rows.ts';
import { preparedStatement } from '../../../lib/prepared.ts';
import { itemAt, onlyRow } from '../../../lib/present.ts';
import { voucherKeys, vouchersByLabels, type VoucherRow } from '../../vouchers/service.ts';
import { contentIdColumns, contentIdsOf, guestCount, type ContentIdRow, type ContentIds } from './order-rows.ts';

// The rows an order is priced against (products, vouchers, crowdfunds): read inside the order's
// transaction where a crowdfund must be locked, else batched for the orders that arrive together.

/**
 * What live orders (not cancelled, declined or refunded) pledged per crowdfund, in cents; funds
 * without donations are absent. `excludeOrderId` leaves out the order being edited.
 */
export async function fundedSoFar(db: DbOrTx, fundIds: readonly number[], excludeOrderId: number | null = null): Promise<Map<number, number>> {
  if (fundIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orderCrowdfunds.crowdfundId, total: sql<string>`coalesce(sum(${orderCrowdfunds.fundingAmount}), 0)` })
    .from(orderCrowdfunds)
    .innerJoin(orders, eq(orders.id, orderCrowdfunds.orderId))
    .where(
      and(
        inArray(orderCrowdfunds.crowdfundId, [...fundIds]),
        // The domain's countsForCrowdfund, as SQL.
        notInArray(orders.status, [...DEAD_STATUSES]),
        excludeOrderId ? sql`${orders.id} <> ${excludeOrderId}` : undefined,
      ),
    )
    .groupBy(orderCrowdfunds.crowdfundId);
  return new Map(rows.map((r) => [r.id, Number(r.total)]));
}

/**
 * Reads every row the rules need, inside the order's transaction: the rooms' packages, the listed
 * products, products 1 and 999, the vouchers named and 'kid-without-bed', and the crowdfunds with
 * what other live orders pledged. Crowdfund rows are locked first (id order), so two donations
 * cannot both fit in the same remaining amount.
 */
export async function loadCatalog(tx: DbOrTx, order: Order, editingOrderId: number | null, lock = true): Promise<PricingCatalog> {
  return toCatalog(await loadCatalogRows(tx, order, editingOrderId, lock));
}

type ProductRow = typeof products.$inferSelect;
type CrowdfundRow = typeof crowdfunds.$inferSelect;

/** The rows the order rules read (loadCatalog), before they become the domain's catalog. */
export interface CatalogRows {
  products: ProductRow[];
  vouchers: VoucherRow[];
  funds: CrowdfundRow[];
  /** What other live orders pledged per crowdfund. */
  pledged: Map<number, number>;
}

/** The products an order names directly: its listed products, its rooms' trips, products 1 and 999. */
const directProductIds = (order: Order) => [
  ...new Set([...order.products, NON_EU_PASSPORT_PRODUCT_ID, EXCLUSIVE_ROOM_PRODUCT_ID, ...order.rooms.map((r) => r.product_id)]),
];
const roomProductIds = (order: Order) => [...new Set(order.rooms.map((r) => r.product_id))];

/**
 * The products `ids` (an int[]) and, in the same statement, every package product (types 2-10) of the
 * trips `tripIds` (an int[]): same label, dates and region as a listed trip product (one round trip
 * instead of two). Unrun; the lists are array values, so the statement's text is the same for every order.
 */
function catalogProductsSelect(db: DbOrTx, ids: SQL, tripIds: SQL) {
  const tripKey = sql`(${products.label}, ${products.start}, ${products.end}, ${products.region})`;
  return db
    .select()
    .from(products)
    .where(
      or(
        sql`${products.id} = any(${ids})`,
        and(
          between(products.type, 2, 10),
          sql`${tripKey} in (select p.label, p.start, p."end", p.region from ${products} p
            where p.id = any(${tripIds}) and p.type between 2 and 10 and p.start is not null and p."end" is not null)`,
        ),
      ),
    )
    .orderBy(asc(products.id));
}

const catalogProductsQuery = (db: DbOrTx, order: Order) =>
  catalogProductsSelect(db, sql`${sql.param(directProductIds(order))}::int[]`, sql`${sql.param(roomProductIds(order))}::int[]`);

/** The voucher labels an order's rules look up: the codes typed and 'kid-without-bed'. */
const voucherLabels = (order: Order) => [...order.flex.discounts, KID_WITHOUT_BED_VOUCHER];

export async function loadCatalogRows(tx: DbOrTx, order: Order, editingOrderId: number | null, lock: boolean): Promise<CatalogRows> {
  const productRows = await catalogProductsQuery(tx, order);
  const voucherRows = await vouchersByLabels(tx, voucherLabels(order));

  const fundIds = [...new Set(order.crowdfunds.map((c) => c.funding_id))].sort((a, b) => a - b);
  const fundQuery = tx.select().from(crowdfunds).where(inArray(crowdfunds.id, fundIds)).orderBy(asc(crowdfunds.id));
  const funds = fundIds.length ? await (lock ? fundQuery.for('update') : fundQuery) : [];
  const pledged = await fundedSoFar(tx, fundIds, editingOrderId);
  return { products: productRows, vouchers: voucherRows, funds, pledged };
}

export function toCatalog(rows: CatalogRows): PricingCatalog {
  return {
    products: rows.products.map(toPricingProduct),
    vouchers: rows.vouchers.map(toPricingVoucher),
    crowdfunds: rows.funds.map((f) => ({
      id: f.id,
      label: f.label,
      goalAmount: f.goalAmount,
      funded: rows.pledged.get(f.id) ?? 0,
      active: f.isActive,
    })),
  };
}

/**
 * For new orders without donations (so no crowdfund row to lock): the catalog rows and the ids of each
 * order's new rows, in one statement outside any transaction for all the orders that arrive together
 * (lib/batched-lookup.ts). Reading them inside the order's transaction gave nothing more: under READ
 * COMMITTED every statement sees the latest committed rows either way, and stock is checked where it
 * is taken (a conditional UPDATE). Each order's wishes are one element of a JSON list; the products
 * and vouchers of all come once, with each order's own ids, so each order gets exactly the rows its
 * own lookup (catalogProductsSelect, the voucher labels) gives.
 */
const catalogAndIdsStatement = preparedStatement<{ products: unknown; vouchers: unknown; orders: unknown }>('order_catalog_and_ids', (db) => {
  const listed = (field: string, type: string) => sql.raw(`array(select json_array_elements_text(req.x->'${field}')::${type})`);
  const productsQuery = catalogProductsSelect(db, listed('p', 'int'), listed('t', 'int'));
  const vouchersQuery = db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(sql`lower(${vouchers.label}) = any(${listed('v', 'text')})`);
  return sql`with req as (select r.x, r.n from json_array_elements(${sql.placeholder('orders')}::json) with ordinality as r(x, n)),
    per_order as materialized (select req.n,
      array(select cat_p.id from (${productsQuery}) cat_p) as product_ids,
      array(select cat_v.id from (${vouchersQuery}) cat_v) as voucher_ids,
      ${contentIdColumns(sql`(req.x->>'r')::int`, sql`(req.x->>'g')::int`, null)}
      from req)
    select
      (select json_agg(p order by p.id) from ${products} p where p.id in (select unnest(product_ids) from per_order)) as products,
      (select json_agg(v order by v.id) from ${vouchers} v where v.id in (select unnest(voucher_ids) from per_order)) as vouchers,
      (select json_agg(per_order order by per_order.n) from per_order) as orders`;
});

export type CatalogAndIds = { rows: CatalogRows; ids: ContentIds };

type PerOrderIds = ContentIdRow & { product_ids: number[]; voucher_ids: number[] };

/** One order's catalog rows out of the batch's: exactly those its own lookup found. */
function catalogOfOne(order: Order, own: PerOrderIds, all: { products: CatalogRows['products']; vouchers: VoucherRow[] }): CatalogAndIds {
  const productIds = new Set(own.product_ids.map(Number));
  const voucherIds = new Set(own.voucher_ids.map(Number));
  return {
    rows: {
      products: all.products.filter((p) => productIds.has(p.id)),
      vouchers: all.vouchers.filter((v) => voucherIds.has(v.id)),
      funds: [],
      pledged: new Map(),
    },
    ids: contentIdsOf(order, own),
  };
}

const catalogLookups = perDatabase((db: Db) =>
  batchedLookup(async (batch: Order[]) => {
    const row = onlyRow(
      await catalogAndIdsStatement(db, {
        orders: JSON.stringify(
          batch.map((order) => ({
            p: directProductIds(order),
            t: roomProductIds(order),
            v: voucherKeys(voucherLabels(order)),
            r: order.rooms.length,
            g: guestCount(order),
          })),
        ),
      }),
      'catalog and ids',
    );
    const all = { products: rowsFromJson(products, row.products), vouchers: rowsFromJson(vouchers, row.vouchers) };
    const perOrder = (row.orders ?? []) as PerOrderIds[];
    return new Map(batch.map((order, i): [Order, CatalogAndIds] => [order, catalogOfOne(order, itemAt(perOrder, i, 'catalog of order'), all)]));
  }),
);

export async function catalogRowsAndIds(db: Db, order: Order): Promise<CatalogAndIds> {
  const found = await catalogLookups(db)(order);
  if (!found) throw new Error('the batched catalog lookup left an order out');
  return found;
}
