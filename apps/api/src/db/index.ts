import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: PGlite and node-postgres share the pg-core query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The key of the PostgreSQL advisory lock held while one process migrates and seeds (any bigint). */
const STARTUP_LOCK = 72_021_550_001;

export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir?: string;
  /** Apply the committed migrations (default: yes). */
  migrate?: boolean;
  /**
   * Runs after the migrations under the same lock (the demo seed): a second process starting at the
   * same moment waits, then finds the work done, instead of racing it.
   */
  init?: (db: Db) => Promise<void>;
}

/**
 * Opens PGlite (in `pgliteDir`, or in memory when it is ':memory:') unless a PostgreSQL URL is
 * given, then applies the committed migrations and runs `init`: on PostgreSQL inside an advisory
 * lock, so processes started together never migrate or seed at the same time; PGlite is one process
 * only, which a lock file next to its folder enforces (see lockPgliteDir).
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Connections stay open for a minute when idle (pg's default is 10 s): under bursty load a closed one
    // costs a new connection, and each connection prepares the hot path's statements again.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, idleTimeoutMillis: 60_000 });
    // An idle connection dropped by the server must not take the process down; the pool reconnects.
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    const db = drizzle(pool, { schema }) as unknown as Db;
    try {
      const lock = await pool.connect();
      try {
        // Session-level: held on this one connection until unlocked (or the process dies).
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        if (opts.migrate !== false) await migrate(db as never, { migrationsFolder });
        await opts.init?.(db);
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        lock.release();
      }
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The admin searches' trigram indexes (migration 0008) need pg_trgm, which PGlite ships as an extension.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.pgliteDir && opts.pgliteDir !== ':memory:' ? opts.pgliteDir : undefined;
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = dir ? lockPgliteDir(dir) : () => undefined;
  try {
    const client = dir ? new PGlite(dir, { extensions: { pg_trgm } }) : new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migrate(db as never, { migrationsFolder });
    await opts.init?.(db);
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** A second process on one PGlite folder: the message names the folder and the process holding it. */
export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (PID ${pid}). PGlite allows one process only: ` +
        `stop that process first, or use PostgreSQL (DATABASE_URL) to run several. ` +
        `If no such process runs, delete ${dir}.lock.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * Takes the PGlite folder for this process: a lock file `<dir>.lock` holding our PID, made with
 * O_EXCL so two processes cannot both win. Two PGlite instances on one folder overwrite each other's
 * files (an order lost after a restart), so a second process refuses to start. The lock of a PID
 * that no longer runs (a crash, kill -9) is taken over. Returns the release function.
 */
export function lockPgliteDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 3) throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) throw new DatabaseInUseError(dir, pid);
      // Stale (or our own from an earlier open in this process): take it over.
      rmSync(file, { force: true });
    }
  }
  const release = () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  // A process that ends without closing the database (an uncaught error) leaves no lock behind.
  process.once('exit', release);
  return () => {
    process.off('exit', release);
    release();
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * How many committed migrations the database has not applied yet (drizzle's own rule: a journal
 * entry newer than the last applied one). 0 once the start-up migration has run.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  // Both drivers answer { rows }.
  const { rows } = (await db.execute(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { created_at: string | number | null }[];
  };
  const last = Number(rows[0]?.created_at ?? 0);
  return journal.entries.filter((e) => e.when > last).length;
}

/**
 * Runs independent drizzle queries together: at once on the pool, one after another inside a
 * transaction, whose single connection cannot run two queries at the same time. Drizzle queries
 * start only when awaited, so passing them unawaited is what makes this work.
 */
export async function allQueries<T extends readonly unknown[]>(db: DbOrTx, queries: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries)) as { -readonly [K in keyof T]: Awaited<T[K]> };
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * Runs a substring search (ILIKE '%term%') with the trigram indexes. The planner prices ILIKE like
 * any cheap operator and so prefers reading the whole table for a selective term, while matching a
 * long term case-insensitively against every row costs far more than the index (e.g. 100-150 ms
 * against 2 ms for an email among 20,000 users). Inside one transaction, `enable_seqscan = off` (for
 * this transaction only) makes it take the indexes; a term shorter than a trigram has none to use.
 */
export async function withTrigramSearch<T>(db: Db, term: string, fn: (db: DbOrTx) => Promise<T>): Promise<T> {
  if (term.length < 3) return fn(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return fn(tx);
  });
}
