import { asc, desc, eq } from 'drizzle-orm';
import { CROWDFUND_MSG, remainingGoal, type CrowdfundDto, type CrowdfundInput, type CrowdfundUpdate } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { crowdfunds } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { fundedSoFar } from '../orders/service.ts';
import { catalogCache, invalidateCatalog, type CatalogEntry } from '../../infra/http/catalog-cache.ts';

// Crowdfunds: the public list of active goals with what is funded and what is still
// needed, and the admin's create and update. 'Funded so far' is the order rules' own sum
// (orders/service.ts fundedSoFar): every order that is not cancelled, declined or refunded.

export type CrowdfundRow = typeof crowdfunds.$inferSelect;

export function toCrowdfundDto(row: CrowdfundRow, funded: number): CrowdfundDto {
  return {
    id: row.id,
    label: row.label,
    description: row.description,
    goal_amount: row.goalAmount,
    funded_amount: funded,
    remaining: remainingGoal(row.goalAmount, funded),
    is_active: row.isActive,
  };
}

async function withFunding(db: DbOrTx, rows: CrowdfundRow[]): Promise<CrowdfundDto[]> {
  const funded = await fundedSoFar(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCrowdfundDto(r, funded.get(r.id) ?? 0));
}

/**
 * The list lives in the public catalog cache: orders invalidate it when they are created, changed
 * or cancelled, and its short TTL covers status changes made elsewhere (a declined or refunded
 * payment). The order rules always recount, so a stale 'remaining' can never let a donation through.
 */
export const CROWDFUNDS_KEY = 'crowdfunds';

async function activeList(db: DbOrTx): Promise<{ crowdfunds: CrowdfundDto[] }> {
  const rows = await db.select().from(crowdfunds).where(eq(crowdfunds.isActive, true)).orderBy(asc(crowdfunds.id));
  return { crowdfunds: await withFunding(db, rows) };
}

/** GET /api/crowdfunds: every active crowdfund with funded_amount and remaining (cents). */
export function publicList(ctx: AppContext): Promise<CatalogEntry> {
  return catalogCache(ctx).get(CROWDFUNDS_KEY, () => activeList(ctx.db));
}

/**
 * GET /api/admin/crowdfunds: every goal, closed ones too, with the same sums; open goals first.
 * Read fresh (not from the public cache): the admin sees a just-saved change at once.
 */
export async function adminList(ctx: AppContext): Promise<CrowdfundDto[]> {
  const rows = await ctx.db.select().from(crowdfunds).orderBy(desc(crowdfunds.isActive), asc(crowdfunds.id));
  return withFunding(ctx.db, rows);
}

export async function createCrowdfund(ctx: AppContext, input: CrowdfundInput): Promise<CrowdfundDto> {
  const [row] = await ctx.db
    .insert(crowdfunds)
    .values({ label: input.label, description: input.description, goalAmount: input.goal_amount, isActive: input.is_active })
    .returning();
  invalidateCatalog(ctx);
  return toCrowdfundDto(must(row, 'the inserted crowdfund'), 0);
}

export async function updateCrowdfund(ctx: AppContext, id: number, input: CrowdfundUpdate): Promise<CrowdfundDto> {
  const set: Partial<typeof crowdfunds.$inferInsert> = {};
  if (input.label !== undefined) set.label = input.label;
  if (input.description !== undefined) set.description = input.description;
  if (input.goal_amount !== undefined) set.goalAmount = input.goal_amount;
  if (input.is_active !== undefined) set.isActive = input.is_active;
  const [row] =
    Object.keys(set).length > 0
      ? await ctx.db.update(crowdfunds).set(set).where(eq(crowdfunds.id, id)).returning()
      : await ctx.db.select().from(crowdfunds).where(eq(crowdfunds.id, id));
  if (!row) throw notFound(CROWDFUND_MSG.notFound);
  invalidateCatalog(ctx);
  return must((await withFunding(ctx.db, [row]))[0], 'one crowdfund in, one out');
}
