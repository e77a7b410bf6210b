import { z } from 'zod';
import { ArticleType, OrderStatus, REGIONS } from '../enums.ts';
import { idParam } from './common.ts';

// The query strings of the API's lists: the route validates with them and the web client's request
// types come from them (contracts/routes.ts). Query values arrive as text, so numbers are coerced.

/** `?page=&pageSize=` of a paged list: from 1, 25 per page by default, at most 100. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
/** A paged list searched with `?q=` (`max`: the longest search text). */
export const searchPageQuery = (max = 200) => pageQuery.extend({ q: z.string().max(max).optional() });
/** GET /api/users. */
export const usersQuery = searchPageQuery();
/** GET /api/vouchers: a voucher's label is short. */
export const vouchersQuery = searchPageQuery(100);
/** GET /api/invoices/admin and GET /api/invoices/issued. */
export const invoicesQuery = searchPageQuery();

/** `?region=nl`: the region of a product list, case-insensitive. */
export const regionQueryField = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(REGIONS, { error: 'Onbekende regio: kies NL of BE.' }),
);
/** GET /api/products and the other public lists: the Dutch shop unless asked otherwise. */
export const publicProductsQuery = z.object({ region: regionQueryField.default('NL') });
/** GET /api/admin/products: every region unless one is asked, searched with `?q=`. */
export const adminProductsQuery = z.object({ region: regionQueryField.optional(), q: z.string().max(200).optional() });

/** `?products=1,2`: product ids separated by commas. */
export const productIdsQuery = z
  .string()
  .max(2000)
  .regex(/^\d{1,9}(,\d{1,9})*$/, { error: 'products is een lijst ids gescheiden door komma’s.' })
  .transform((s) => s.split(',').map(Number));

/** GET /api/admin/orders: searched, optionally one status (the leads) or some products. */
export const adminOrdersQuery = searchPageQuery().extend({
  products: productIdsQuery.optional(),
  status: z.coerce.number().int().min(0).max(OrderStatus.DOWN_PAYMENT).optional(),
});

/** GET /api/payments: a page, optionally of one order. */
export const paymentsQuery = pageQuery.extend({ order_id: idParam().optional() });

/** GET /api/admin/audit: a page, optionally of one action. */
export const auditQuery = pageQuery.extend({ action: z.string().max(60).optional() });

/** GET /api/articles: `?type=0` knowledge or `?type=1` flyers. */
export const articlesQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .refine((t) => t === ArticleType.ARTICLE || t === ArticleType.FLYER, { error: 'Type is 0 (kennis) of 1 (flyer).' })
    .optional(),
});
