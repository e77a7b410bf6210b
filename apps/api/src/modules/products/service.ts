import { and, asc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import {
  EXCLUSIVE_ROOM_PRODUCT_ID,
  NON_EU_PASSPORT_PRODUCT_ID,
  ProductType,
  isLessonType,
  type ProductDto,
  type ProductFlex,
  type ProductInput,
  type Region,
} from '@umrah/domain';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/index.ts';
import { guests, orderLines, products, rooms } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { catalogCache, invalidateCatalog, type CatalogEntry } from '../../infra/http/catalog-cache.ts';

import { offerReturnedPlaces } from '../waitlist/service.ts';

export type ProductRow = typeof products.$inferSelect;

export const PRODUCT_TEXT = {
  created: 'Product is succesvol aangemaakt.',
  updated: 'UPDATED',
  deleted: 'Product succesvol verwijderd',
  deactivated: 'Er zijn bestellingen met dit product: het is niet verwijderd maar gedeactiveerd en niet meer zichtbaar in de webshop.',
  notFound: 'Product niet gevonden.',
  lessonDelete: 'Lesproducten (Arabisch) kunnen niet worden verwijderd. Zet het product op inactief als het niet meer verkocht wordt.',
  specialDelete: 'Dit product is nodig voor het samenstellen van bestellingen en kan niet worden verwijderd.',
  specialType: 'Het type van dit product kan niet worden gewijzigd.',
  lessonType: 'Een lesproduct kan niet in een ander type worden veranderd.',
} as const;

const SPECIAL_IDS = new Set<number>([NON_EU_PASSPORT_PRODUCT_ID, EXCLUSIVE_ROOM_PRODUCT_ID]);

/** Stored flex is read defensively: rows written before validation existed may lack keys. */
function flexOf(row: ProductRow): ProductFlex {
  const f = row.flex ?? {};
  return {
    hotels: Array.isArray(f.hotels) ? f.hotels : [],
    bulletpoints: Array.isArray(f.bulletpoints) ? f.bulletpoints : [],
    priority: typeof f.priority === 'number' ? f.priority : 0,
    type_class: f.type_class === 1 ? 1 : 0,
    extras: Array.isArray(f.extras) ? f.extras : [],
    region: row.region as Region,
  };
}

export function toProductDto(row: ProductRow): ProductDto {
  return {
    product_id: row.id,
    id: row.id,
    type: row.type,
    label: row.label,
    description: row.description,
    start: row.start,
    end: row.end,
    payment_deadline: row.paymentDeadline,
    stock: row.stock,
    price: row.price,
    is_active: row.isActive,
    region: row.region as Region,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
    flex: flexOf(row),
  };
}

/** Maps a validated API body onto the table; flex.region always mirrors the product's region. */
function columns(input: ProductInput) {
  return {
    type: input.type,
    label: input.label,
    description: input.description,
    start: input.start,
    end: input.end,
    paymentDeadline: input.payment_deadline,
    stock: input.stock,
    price: input.price,
    isActive: input.is_active,
    region: input.region,
    currency: input.currency,
    flex: { ...input.flex, region: input.region } satisfies ProductFlex,
  };
}

const byStartThenType = [sql`${products.start} asc nulls last`, asc(products.type), asc(products.id)];

async function activeProducts(db: DbOrTx, region: Region, where?: SQL) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.region, region), where))
    .orderBy(...byStartThenType);
  return rows.map(toProductDto);
}

export const catalogKey = (region: Region) => `all:${region}`;
export const halfYearKey = (region: Region, today: string) => `half:${region}:${today}`;

/** GET /api/products: every active product of the region. */
export function publicCatalog(ctx: AppContext, region: Region): Promise<CatalogEntry> {
  return catalogCache(ctx).get(catalogKey(region), async () => ({ products: await activeProducts(ctx.db, region) }));
}

/** GET /api/products_within_halfyear: active products of the region starting from today up to six months ahead. */
export function halfYearCatalog(ctx: AppContext, region: Region, today = dayjs()): Promise<CatalogEntry> {
  const from = today.format('YYYY-MM-DD');
  const until = today.add(6, 'month').format('YYYY-MM-DD');
  return catalogCache(ctx).get(halfYearKey(region, from), async () => ({
    products: await activeProducts(ctx.db, region, and(gte(products.start, from), lt(products.start, until))),
  }));
}

// ---------------------------------------------------------------------------------------------
// Admin

/** Every product (also inactive) of a region, optionally searched by label. */
export async function adminList(ctx: AppContext, region: Region | undefined, q: string | undefined) {
  const term = q?.trim();
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(region ? eq(products.region, region) : undefined, term ? ilike(products.label, containsPattern(term)) : undefined))
    .orderBy(...byStartThenType);
  return rows.map(toProductDto);
}

/** Creates all products or none. */
export async function createProducts(ctx: AppContext, inputs: ProductInput[]): Promise<ProductDto[]> {
  const rows = await ctx.db.transaction((tx) => tx.insert(products).values(inputs.map(columns)).returning());
  invalidateCatalog(ctx);
  return rows.map(toProductDto);
}

export async function updateProduct(ctx: AppContext, id: number, input: ProductInput): Promise<ProductDto> {
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound(PRODUCT_TEXT.notFound);
    // The order rules look these up by id as plain products.
    if (SPECIAL_IDS.has(id) && input.type !== ProductType.PLAIN) throw conflict(PRODUCT_TEXT.specialType);
    // Otherwise a lesson could be turned into a trip and deleted, around the rule that lessons stay.
    if (isLessonType(current.type) && !isLessonType(input.type)) throw conflict(PRODUCT_TEXT.lessonType);
    const [updated] = await tx
      .update(products)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    if (!updated) throw new Error('the locked product was not updated');
    // Places added: offered to the waiting list in this transaction (docs/WAITLIST.md); the answer shows what is left.
    if (updated.stock > current.stock && (await offerReturnedPlaces(tx, ctx.config, [id])) > 0) {
      return must((await tx.select().from(products).where(eq(products.id, id)))[0], 'the product just updated');
    }
    return updated;
  });
  invalidateCatalog(ctx);
  void ctx.mail.kick();
  return toProductDto(row);
}

const isForeignKeyViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23503' || (err as { cause?: { code?: string } })?.cause?.code === '23503';

async function isReferenced(db: DbOrTx, id: number): Promise<boolean> {
  const [room, guest, line] = await Promise.all([
    db.select({ id: rooms.id }).from(rooms).where(eq(rooms.productId, id)).limit(1),
    db.select({ id: guests.id }).from(guests).where(eq(guests.productId, id)).limit(1),
    db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.productId, id)).limit(1),
  ]);
  return room.length + guest.length + line.length > 0;
}

/**
 * Deletes a product. Lessons and the two special products are refused (409). A product that orders
 * refer to is deactivated instead: the orders keep their lines and invoices, the shop no longer shows it.
 */
export async function deleteProduct(ctx: AppContext, id: number): Promise<{ deactivated: boolean }> {
  if (SPECIAL_IDS.has(id)) throw conflict(PRODUCT_TEXT.specialDelete);
  const [current] = await ctx.db.select().from(products).where(eq(products.id, id));
  if (!current) throw notFound(PRODUCT_TEXT.notFound);
  if (isLessonType(current.type)) throw conflict(PRODUCT_TEXT.lessonDelete);
  const deactivate = async () => {
    await ctx.db.update(products).set({ isActive: false, updatedAt: new Date() }).where(eq(products.id, id));
    invalidateCatalog(ctx);
    return { deactivated: true };
  };
  if (await isReferenced(ctx.db, id)) return deactivate();
  try {
    await ctx.db.delete(products).where(eq(products.id, id));
  } catch (err) {
    // An order took the product between the check and the delete.
    if (isForeignKeyViolation(err)) return deactivate();
    throw err;
  }
  invalidateCatalog(ctx);
  return { deactivated: false };
}
