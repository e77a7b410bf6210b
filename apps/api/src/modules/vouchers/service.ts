import { eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  VOUCHER_MSG,
  isKidWithoutBed,
  toPricingVoucher,
  voucherKey,
  voucherLabelsProblem,
  voucherProblem,
  type RequestVoucherInput,
  type VoucherDto,
  type VoucherInput,
} from '@umrah/domain';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { vouchers } from '../../db/schema.ts';
import { newestFirstPage } from '../../lib/paging.ts';
import { AppError, badRequest, conflict, refusingDuplicates, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { fromDutchDateTime, toDutchDateTime } from '../../lib/dutch-time.ts';

export type VoucherRow = typeof vouchers.$inferSelect;

export function toVoucherDto(v: VoucherRow): VoucherDto {
  return {
    id: v.id,
    label: v.label,
    amount: v.amount,
    expire_date: v.expireDate ? toDutchDateTime(v.expireDate) : null,
    active: v.active,
    flex: { products: toPricingVoucher(v).products },
    created_at: v.createdAt.toISOString(),
  };
}

const lowerLabel = sql<string>`lower(${vouchers.label})`;

/** The labels as vouchersByLabels looks them up: trimmed, lower case, each once, no empty one. */
export const voucherKeys = (labels: readonly string[]) => [...new Set(labels.map((l) => l.trim().toLowerCase()).filter(Boolean))];

/** Vouchers by label, without regard to case (customers type codes as they like). */
export async function vouchersByLabels(db: DbOrTx, labels: readonly string[]): Promise<VoucherRow[]> {
  const wanted = voucherKeys(labels);
  if (wanted.length === 0) return [];
  return db.select().from(vouchers).where(inArray(lowerLabel, wanted));
}

/**
 * POST /api/requestVoucher: the voucher for a typed code, or the Dutch reason it cannot be used.
 * With the cart's current labels, item count and product ids it also checks 'kan niet vaker' and
 * product-bound vouchers; the order itself checks all of it again.
 */
export async function requestVoucher(ctx: AppContext, input: RequestVoucherInput, now = new Date()) {
  const [row] = await vouchersByLabels(ctx.db, [input.label]);
  const problem = voucherProblem(row ? toPricingVoucher(row) : undefined, now);
  if (problem) throw new AppError(problem.status, problem.message);
  // The same rules as the order (pricing.ts): a code the cart already holds is refused in any
  // case; with the cart's count of discountable items (guests, lessons, products; no donations)
  // also more codes than items. The order counts the items itself again.
  const held = input.discounts ?? [];
  if (held.some((l) => voucherKey(l) === voucherKey(input.label))) throw badRequest(VOUCHER_MSG.overused);
  if (input.items !== undefined) {
    const problem = voucherLabelsProblem([...held, input.label], input.items);
    if (problem) throw badRequest(problem);
  }
  const bound = toPricingVoucher(row!).products;
  if (input.products && bound.length > 0 && !input.products.some((id) => bound.includes(id))) {
    throw badRequest(VOUCHER_MSG.noMatch);
  }
  return row!;
}

export async function listVouchers(ctx: AppContext, q: string | undefined, page: number, pageSize: number) {
  const term = q?.trim();
  const where = term ? ilike(vouchers.label, containsPattern(term)) : undefined;
  const { rows, total } = await newestFirstPage(ctx.db, vouchers, where, page, pageSize);
  return { rows, total };
}

export async function createVoucher(ctx: AppContext, input: VoucherInput) {
  // Labels are matched without regard to case, so 'welkom50' next to 'WELKOM50' would be ambiguous.
  if ((await vouchersByLabels(ctx.db, [input.label])).length > 0) throw conflict(VOUCHER_MSG.exists);
  const inserted = await refusingDuplicates(
    () => conflict(VOUCHER_MSG.exists),
    () =>
      ctx.db
        .insert(vouchers)
        .values({
          label: input.label,
          amount: input.amount,
          expireDate: fromDutchDateTime(input.expire_date),
          active: true,
          flex: { products: input.flex.products },
        })
        .returning(),
  );
  return must(inserted[0], 'the inserted voucher');
}

export async function deleteVoucher(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(vouchers).where(eq(vouchers.id, id));
  if (!row) throw notFound(VOUCHER_MSG.notFound);
  // The order rules apply 'kid-without-bed' per child without bed; without it they cannot work.
  if (isKidWithoutBed(row.label)) throw conflict(VOUCHER_MSG.protectedVoucher);
  // Orders keep the label and amount on their own lines, so deleting the voucher changes no order.
  await ctx.db.delete(vouchers).where(eq(vouchers.id, id));
}
