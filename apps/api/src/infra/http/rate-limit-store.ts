import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { rateLimitHits } from '../../db/schema.ts';
import { preparedStatement } from '../../lib/prepared.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * How a route's requests are counted in the shared table (`counting` in the route's rateLimit options):
 * - 'exact' (the default): one upsert per request before it is answered, so N API processes count every
 *   request of a client at once. For limits that guard guessing (login, password reset, forms, tokens).
 * - 'batched': counted in this process's memory and added to the shared row every FLUSH_MS, one
 *   statement for all clients; each process adds the others' counts as of its last flush. In one process
 *   it is as exact as 'exact'; with N processes a client may get up to FLUSH_MS of requests to the other
 *   processes on top before all of them refuse. For signed-in calls whose limit bounds load (placing an
 *   order, starting a payment): those ran one write, with its own commit, per request.
 */
export type RateLimitCounting = 'exact' | 'batched';

/** How long a batched count waits for the shared table at most. */
export const FLUSH_MS = 100;

/** Batched counts of one client on one route, in this process. */
interface LocalCount {
  /** The shared count as of the last flush (this process's flushed requests included). */
  known: number;
  /** Requests counted here since then. */
  unflushed: number;
  /** Being written by the flush under way. */
  flushing: number;
  /** End of the window (epoch ms): the table's, once a flush has told. */
  resetAt: number;
  windowMs: number;
}

/** The upsert every exactly limited request runs: built and prepared once (and parsed once per connection). */
function prepareHit(db: Db) {
  return db
    .insert(rateLimitHits)
    .values({
      key: sql.placeholder('key'),
      count: 1,
      resetAt: sql`now() + make_interval(secs => ${sql.placeholder('seconds')}::double precision)`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${rateLimitHits.resetAt} <= now() then 1 else ${rateLimitHits.count} + 1 end`,
        resetAt: sql`case when ${rateLimitHits.resetAt} <= now() then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({ count: rateLimitHits.count, ttl: sql<number>`greatest(0, extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000)` })
    .prepare('rate_limit_hit');
}

/** The counts not yet written, each marked as being written, with their window's seconds left. */
function takeUnflushed(batched: Map<string, LocalCount>) {
  const keys: string[] = [];
  const counts: number[] = [];
  const seconds: number[] = [];
  const now = Date.now();
  for (const [key, c] of batched) {
    if (c.unflushed === 0) {
      // Nothing new here and the window is over: forget it (the table keeps the shared row).
      if (now >= c.resetAt) batched.delete(key);
      continue;
    }
    c.flushing = c.unflushed;
    c.unflushed = 0;
    keys.push(key);
    counts.push(c.flushing);
    seconds.push((c.resetAt > now ? c.resetAt - now : c.windowMs) / 1000);
  }
  return { keys, counts, seconds };
}

/** The totals the shared rows answered with: known counts and window ends. */
function learnTotals(batched: Map<string, LocalCount>, rows: { key: string; count: number; ttl: number }[]): void {
  const at = Date.now();
  for (const row of rows) {
    const c = batched.get(row.key);
    if (!c) continue;
    c.known = Number(row.count);
    c.flushing = 0;
    c.resetAt = at + Math.ceil(Number(row.ttl));
  }
}

/** A failed write: its counts go with the next flush. */
function giveBack(batched: Map<string, LocalCount>, keys: string[]): void {
  for (const key of keys) {
    const c = batched.get(key);
    if (!c) continue;
    c.unflushed += c.flushing;
    c.flushing = 0;
  }
}

/**
 * Counts of the routes whose limit only bounds load ('batched'): counted in this process and added
 * to the shared rows every FLUSH_MS, in one statement.
 */
function batchedCounter(db: Db, sweep: () => void) {
  const batched = new Map<string, LocalCount>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  /** Adds this process's batched counts to the shared rows and learns the totals, in one statement. */
  async function flush(): Promise<void> {
    timer = null;
    while (flushing) await flushing;
    const { keys, counts, seconds } = takeUnflushed(batched);
    if (keys.length === 0) return;
    flushing = (async () => {
      try {
        const rows = await addCounts(db, { keys, counts, seconds });
        learnTotals(batched, rows);
      } catch {
        // The database is away for a moment: the counts go with the next flush.
        giveBack(batched, keys);
      } finally {
        flushing = null;
      }
      sweep();
    })();
    await flushing;
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => void flush(), FLUSH_MS);
    timer.unref();
  }

  function countBatched(id: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    let c = batched.get(id);
    if (!c || (now >= c.resetAt && c.flushing === 0)) {
      // A new window here; the flush learns whether the other processes have one under way.
      c = { known: 0, unflushed: 0, flushing: 0, resetAt: now + windowMs, windowMs };
      batched.set(id, c);
    }
    c.unflushed++;
    schedule();
    return { current: c.known + c.flushing + c.unflushed, ttl: Math.max(0, c.resetAt - now) };
  }
  return {
    counts: batched,
    count: countBatched,
    flush,
    close: async () => {
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}

/**
 * A @fastify/rate-limit store in the database, so every API process counts into one window per
 * route and client (an in-memory store would give each process behind a load balancer its own).
 * The window restarts once reset_at has passed.
 */
export function databaseRateLimitStore(db: Db) {
  let calls = 0;
  const hit = prepareHit(db);

  const sweep = () => {
    // Now and then drop windows that ended long ago, so the table stays small.
    if (++calls % 500 === 0)
      void db
        .delete(rateLimitHits)
        .where(lt(rateLimitHits.resetAt, sql`now() - interval '1 hour'`))
        .catch(() => undefined);
  };

  const counter = batchedCounter(db, sweep);
  const batched = counter.counts;
  const countBatched = counter.count;
  const flush = counter.flush;

  class DatabaseStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global:',
      private readonly counting: RateLimitCounting = 'exact',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      const id = (this.prefix + key).slice(0, 500);
      if (this.counting === 'batched') return cb(null, countBatched(id, timeWindow));
      hit.execute({ key: id, seconds: timeWindow / 1000 }).then(
        ([row]) => {
          if (!row) return cb(new Error('the rate-limit upsert returned no row'));
          cb(null, { current: row.count, ttl: Math.ceil(Number(row.ttl)) });
          sweep();
        },
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      const id = (this.prefix + key).slice(0, 500);
      db.select({ count: rateLimitHits.count, ttl: sql<number>`extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000` })
        .from(rateLimitHits)
        .where(sql`${rateLimitHits.key} = ${id} and ${rateLimitHits.resetAt} > now()`)
        .then(
          ([row]) => {
            const local = batched.get(id);
            const current = (row?.count ?? 0) + (local ? local.unflushed + local.flushing : 0);
            cb(null, { current, ttl: row ? Math.ceil(Number(row.ttl)) : 0 });
          },
          (err: Error) => cb(err),
        );
    }

    /** One namespace per route, as the plugin's own stores keep one counter per route. */
    child(routeOptions: object) {
      // The plugin passes its merged route settings with the route itself under routeInfo.
      const options = routeOptions as { counting?: RateLimitCounting; routeInfo?: { method?: string | string[]; url?: string } };
      const info = options.routeInfo ?? {};
      return new DatabaseStore(undefined, `${[info.method].flat().join(',')}:${info.url ?? ''}:`, options.counting ?? 'exact');
    }
  }
  return {
    Store: DatabaseStore,
    /** Writes the batched counts now (tests; the app's close). */
    flush,
    close: counter.close,
  };
}

/** Adds batched counts to their shared rows (restarting a window that ended) and returns the totals. */
const addCounts = preparedStatement<{ key: string; count: number; ttl: number }>('rate_limit_add', () => {
  const t = rateLimitHits;
  return sql`insert into ${t} (key, count, reset_at)
    select k, c, now() + make_interval(secs => s) from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('counts')}::int[], ${sql.placeholder('seconds')}::double precision[]) as x(k, c, s)
    on conflict (key) do update set
      count = case when ${t.resetAt} <= now() then excluded.count else ${t.count} + excluded.count end,
      reset_at = case when ${t.resetAt} <= now() then excluded.reset_at else ${t.resetAt} end
    returning key, count, greatest(0, extract(epoch from (reset_at - now())) * 1000) as ttl`;
});

/**
 * Counts distinct things (voucher codes) looked up under `scope` (a client address) in a window, in
 * the shared table, so N processes count together: one marker row per thing (a repeat within its
 * window adds nothing) and one row with the scope's count of new things. The count after this call.
 */
export async function countDistinctLookups(
  db: Db,
  scope: string,
  things: readonly string[],
  windowSeconds: number,
): Promise<{ distinct: number; ttlMs: number }> {
  const keys = [...new Set(things)].map((t) => `${scope}:${createHash('sha256').update(t).digest('hex').slice(0, 32)}`.slice(0, 500));
  const markers = keys.length > 0 ? await addCounts(db, { keys, counts: keys.map(() => 1), seconds: keys.map(() => windowSeconds) }) : [];
  const fresh = markers.filter((m) => Number(m.count) === 1).length;
  const [total] = await addCounts(db, { keys: [scope.slice(0, 500)], counts: [fresh], seconds: [windowSeconds] });
  return { distinct: Number(total!.count), ttlMs: Number(total!.ttl) };
}

/** A count in the shared table under `key` (for a window of `windowSeconds`), without adding to it. */
export async function peekCount(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await addCounts(db, { keys: [key.slice(0, 500)], counts: [0], seconds: [windowSeconds] });
  return Number(row!.count);
}

/** Adds `n` to the count under `key`; the count after. */
export async function addToCount(db: Db, key: string, n: number, windowSeconds: number): Promise<number> {
  const [row] = await addCounts(db, { keys: [key.slice(0, 500)], counts: [n], seconds: [windowSeconds] });
  return Number(row!.count);
}

/** Forgets the count under `key`. */
export async function clearCount(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key.slice(0, 500)));
}
