import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
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
import type { Db, DbOrTx } from '../../db/index.ts';
import { guests, orderLines, products, rooms } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/sql.ts';
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
  const f = (row.flex ?? {}) as Partial<ProductFlex>;
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

// ---------------------------------------------------------------------------------------------
// The public catalog cache. GET /api/products is the hottest call of the shop: it is answered from
// serialized JSON kept in memory, with an ETag hashed once per fill. Every product write here
// invalidates it; the JSON is compressed once per fill too (it shrinks from ~130 kB to ~2-4 kB, which
// is what makes the call cheap under load). The short TTL covers writes this process does not see (stock taken by orders in
// another module or in another API process behind a load balancer).

export const CATALOG_TTL_MS = 10_000;
/** How long after its TTL an entry may still be served once while the refresh runs. */
export const CATALOG_STALE_GRACE_MS = 30_000;

export interface CatalogEntry {
  body: string;
  gzip: Buffer;
  br: Buffer;
  /** Weak: the same validator names the plain, gzip and brotli bodies of one content. */
  etag: string;
  expires: number;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function makeEntry(data: unknown): Promise<CatalogEntry> {
  const body = JSON.stringify(data);
  const raw = Buffer.from(body);
  const [gz, br] = await Promise.all([
    gzipAsync(raw, { level: 9 }),
    brotliAsync(raw, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
  ]);
  return {
    body,
    gzip: gz,
    br,
    etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`,
    expires: Date.now() + CATALOG_TTL_MS,
  };
}

class CatalogCache {
  private entries = new Map<string, CatalogEntry>();
  private pending = new Map<string, Promise<CatalogEntry>>();
  /** Bumped by every invalidation, so a fill that raced a write is served once but not kept. */
  private generation = 0;

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  /** The cached entry if fresh: the synchronous fast path, no promise, no database. */
  peek(key: string, now: number): CatalogEntry | undefined {
    const e = this.entries.get(key);
    return e && e.expires > now ? e : undefined;
  }

  get(key: string, load: () => Promise<unknown>): Promise<CatalogEntry> {
    const hit = this.peek(key, Date.now());
    if (hit) return Promise.resolve(hit);
    // An entry that only timed out (no write invalidated it) is served while a fresh one is made,
    // so callers never wait for the periodic refresh.
    const stale = this.entries.get(key);
    if (stale && Date.now() - stale.expires < CATALOG_STALE_GRACE_MS) {
      void this.fill(key, load).catch(() => undefined);
      return Promise.resolve(stale);
    }
    return this.fill(key, load);
  }

  private fill(key: string, load: () => Promise<unknown>): Promise<CatalogEntry> {
    // Concurrent misses share one database read.
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const fill = load()
      .then(makeEntry)
      .then((entry) => {
        if (generation === this.generation) {
          // Drop stale entries (e.g. yesterday's half-year list) so the map stays small.
          for (const [k, e] of this.entries) if (e.expires <= Date.now()) this.entries.delete(k);
          this.entries.set(key, entry);
        }
        return entry;
      })
      .finally(() => {
        if (this.pending.get(key) === fill) this.pending.delete(key);
      });
    this.pending.set(key, fill);
    return fill;
  }
}

const caches = new WeakMap<Db, CatalogCache>();
export function catalogCache(ctx: Pick<AppContext, 'db'>): CatalogCache {
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new CatalogCache()));
  return cache;
}
/** Call after any write that changes what the public catalog shows (products, stock): here and in every other API process. */
export const invalidateCatalog = (ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'events'>>) => {
  catalogCache(ctx).invalidate();
  ctx.events?.publish('catalog');
};

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
