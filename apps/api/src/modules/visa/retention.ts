import dayjs from 'dayjs';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { visaDocuments } from '../../db/schema.ts';
import { eraseWithNotes, guestsWhoseTripEndedBefore } from '../../lib/trip-ended.ts';
import { periodicJob } from '../../lib/periodic.ts';
import { dutchToday } from '../../lib/dutch-time.ts';
import { purgeExpiredVisaPdfs } from '../my-trip/index.ts';
import { deleteFiles } from './service.ts';

// Passport data is kept only as long as the trip needs it: N days (VISA_RETENTION_DAYS, default 30)
// after the trip's last day the visa rows, photos and visa PDFs are deleted, by a daily run inside the server
// and by `npm run visa:purge`.

type Ctx = Pick<AppContext, 'db' | 'files'>;

/** Any fixed number: the advisory lock that lets one process at a time purge. */
const PURGE_LOCK_ID = 71_046_001;
const BATCH = 500;

export interface PurgeResult {
  /** Trips that ended before this day ('YYYY-MM-DD') are purged. */
  cutoff: string;
  total: number;
  orders: { order_id: number; count: number }[];
  /** Another process held the lock: it is purging right now. */
  skipped: boolean;
  /** Files that could not be deleted (their rows are gone); logged, retried by nobody. */
  failedFiles: number;
}

/** Tries the transaction-scoped advisory lock (released by the commit, so no session is pinned). */
async function tryLock(tx: Tx): Promise<boolean> {
  const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_ID}) as ok`)) as unknown as { rows: { ok: boolean }[] };
  return res.rows[0]?.ok === true;
}

/**
 * Deletes the visa data and photos of guests whose trip (the guest's product, else the room's, as
 * for the 6-month rule) ended more than `days` days before `today` (Dutch date). Writes an order log
 * per order with the count; no passport data is logged anywhere.
 */
export async function purgeExpiredVisaData(ctx: Ctx, opts: { days: number; today?: string }): Promise<PurgeResult> {
  const cutoff = dayjs(opts.today ?? dutchToday())
    .subtract(opts.days, 'day')
    .format('YYYY-MM-DD');
  const perOrder = new Map<number, number>();
  let failedFiles = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      if (!(await tryLock(tx))) return null;
      const due = await tx
        .select({ key: visaDocuments.id, orderId: visaDocuments.orderId, photoKey: visaDocuments.photoKey })
        .from(visaDocuments)
        .where(inArray(visaDocuments.guestId, guestsWhoseTripEndedBefore(tx, cutoff)))
        .limit(BATCH);
      if (due.length === 0) return [];
      await eraseWithNotes(
        tx,
        [visaDocuments, visaDocuments.id],
        due,
        (n) => `Visumgegevens en pasfoto's van ${n} reiziger(s) verwijderd: ${opts.days} dagen na het einde van de reis (bewaartermijn).`,
      );
      return due;
    });
    if (batch === null) return { cutoff, total: 0, orders: [], skipped: true, failedFiles: 0 };
    if (batch.length === 0) break;
    for (const d of batch) perOrder.set(d.orderId, (perOrder.get(d.orderId) ?? 0) + 1);
    // After the commit: a rolled-back delete must still find its photo.
    failedFiles += (
      await deleteFiles(
        ctx,
        batch.map((d) => d.photoKey).filter((k): k is string => k !== null),
      )
    ).length;
    if (batch.length < BATCH) break;
  }
  // The visa PDFs of the same trips ('Mijn reis'), under the same lock.
  const pdfKeys = await ctx.db.transaction(async (tx) => ((await tryLock(tx)) ? purgeExpiredVisaPdfs(tx, cutoff, opts.days) : []));
  failedFiles += (await deleteFiles(ctx, pdfKeys)).length;
  const orders = [...perOrder].map(([order_id, count]) => ({ order_id, count })).sort((a, b) => a.order_id - b.order_id);
  return { cutoff, total: orders.reduce((s, o) => s + o.count, 0), orders, skipped: false, failedFiles };
}

export interface RetentionJob {
  start(): void;
  stop(): Promise<void>;
  /** One run now (used by the timer; also handy in tests). */
  runNow(): Promise<PurgeResult | null>;
}

/**
 * The daily run: a first pass a few minutes after start-up, then every 24 hours. Timers are unref'd
 * (they never keep the process alive); several processes may run it, the advisory lock lets one purge.
 */
export function createRetentionJob(
  getCtx: () => Ctx & Pick<AppContext, 'config'>,
  log: Pick<FastifyInstance['log'], 'info' | 'error'>,
  opts: { firstDelayMs?: number; intervalMs?: number } = {},
): RetentionJob {
  return periodicJob({
    run: async () => {
      const ctx = getCtx();
      const result = await purgeExpiredVisaData(ctx, { days: ctx.config.visaRetentionDays });
      if (result.total > 0 || result.failedFiles > 0) {
        log.info(
          { cutoff: result.cutoff, total: result.total, orders: result.orders, failedFiles: result.failedFiles },
          'visa retention: data deleted',
        );
      }
      return result;
    },
    failure: 'visa retention run failed',
    log,
    firstDelayMs: () => opts.firstDelayMs ?? 5 * 60_000,
    intervalMs: () => opts.intervalMs ?? 24 * 3600_000,
  });
}

/** The server's job; not in tests, where a purge at a random moment would race the assertions. */
export function startVisaRetention(app: FastifyInstance): RetentionJob {
  const job = createRetentionJob(() => app.ctx, app.log);
  return {
    ...job,
    start: () => {
      if (app.ctx.config.env !== 'test') job.start();
    },
  };
}
