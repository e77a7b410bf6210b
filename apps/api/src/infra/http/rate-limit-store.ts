import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { rateLimitHits } from '../../db/schema.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in the database, so every API process counts into one window per
 * route and client (an in-memory store would give each process behind a load balancer its own).
 * One upsert per limited request: the window restarts once reset_at has passed.
 */
export function databaseRateLimitStore(db: Db) {
  let calls = 0;
  // Every limited request runs it: built and prepared once (and parsed once per connection).
  const hit = db
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
  class DatabaseStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      const id = (this.prefix + key).slice(0, 500);
      hit.execute({ key: id, seconds: timeWindow / 1000 }).then(
        ([row]) => {
          cb(null, { current: row.count, ttl: Math.ceil(Number(row.ttl)) });
          // Now and then drop windows that ended long ago, so the table stays small.
          if (++calls % 500 === 0)
            void db
              .delete(rateLimitHits)
              .where(lt(rateLimitHits.resetAt, sql`now() - interval '1 hour'`))
              .catch(() => undefined);
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
          ([row]) => cb(null, row ? { current: row.count, ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 }),
          (err: Error) => cb(err),
        );
    }

    /** One namespace per route, as the plugin's own stores keep one counter per route. */
    child(routeOptions: object) {
      // The plugin passes its merged route settings with the route itself under routeInfo.
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `${[info.method].flat().join(',')}:${info.url ?? ''}:`);
    }
  }
  return DatabaseStore;
}
