import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';

// The public catalog cache. GET /api/products is the hottest call of the shop: it is answered from
// serialized JSON kept in memory, with an ETag hashed once per fill; the articles and crowdfunds use
// the same cache. Every write of what it shows calls invalidateCatalog; the JSON is compressed once
// per fill too (it shrinks from ~130 kB to ~2-4 kB, which is what makes the call cheap under load).
// The short TTL covers writes this process does not see (stock taken by orders in another module or
// in another API process behind a load balancer).

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

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** True when the client's If-None-Match names this ETag (weak comparison, a list and * allowed). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const mine = opaque(etag);
  return header.split(',').some((t) => opaque(t) === mine);
}

/** Whether Accept-Encoding offers a coding (and does not refuse it with q=0). */
function accepts(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header || !header.includes(coding)) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name?.trim() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** Sends cached catalog JSON as it is: no serialization, no database, 304 when the client has it. */
export function sendCatalog(req: FastifyRequest, reply: FastifyReply, entry: CatalogEntry) {
  // no-cache: the browser keeps a copy but asks again each time, so a saved product shows at once.
  reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const acceptEncoding = req.headers['accept-encoding'];
  if (accepts(acceptEncoding, 'br')) return reply.header('content-encoding', 'br').send(entry.br);
  if (accepts(acceptEncoding, 'gzip')) return reply.header('content-encoding', 'gzip').send(entry.gzip);
  return reply.send(entry.body);
}
