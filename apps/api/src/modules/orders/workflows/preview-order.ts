import { and, inArray, sql } from 'drizzle-orm';
import { downPaymentProblem, type Order } from '@umrah/domain';
import type { AppContext } from '../../../context.ts';
import { products } from '../../../db/schema.ts';
import { dutchToday } from '../../../lib/dutch-time.ts';
import { loadCatalog } from './catalog-lookup.ts';
import type { Actor } from './order-actor.ts';
import { price } from './price-order.ts';

/** POST /api/order/preview: the same rules on the same rows, without writing or taking stock. */
export async function previewOrder(ctx: AppContext, actor: Actor | null, order: Order) {
  const priced = price(order, await loadCatalog(ctx.db, order, null, false), actor);
  // Whether a 50 % down payment can still be chosen: not after the trips' payment deadline, so the
  // checkout never offers what the payment step would then refuse.
  const tripIds = [...new Set(priced.lines.map((l) => l.productId).filter((id): id is number => id !== null && id !== undefined))];
  const [row] = tripIds.length
    ? await ctx.db
        .select({ deadline: sql<string | null>`to_char(min(${products.paymentDeadline}), 'YYYY-MM-DD')` })
        .from(products)
        .where(and(inArray(products.id, tripIds), sql`${products.type} between 2 and 10`))
    : [{ deadline: null }];
  const downPayment = downPaymentProblem({ deadline: row?.deadline ?? null, today: dutchToday() });
  return { ...priced, downPaymentProblem: downPayment };
}
