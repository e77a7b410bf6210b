import { mkdirSync } from 'node:fs';
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

/**
 * Opens PGlite (in `pgliteDir`, or in memory when it is ':memory:') unless a PostgreSQL URL is
 * given, then applies the committed migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Connections stay open for a minute when idle (pg's default is 10 s): under bursty load a closed one
    // costs a new connection, and each connection prepares the hot path's statements again.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, idleTimeoutMillis: 60_000 });
    // An idle connection dropped by the server must not take the process down; the pool reconnects.
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The admin searches' trigram indexes (migration 0008) need pg_trgm, which PGlite ships as an extension.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.pgliteDir && opts.pgliteDir !== ':memory:' ? opts.pgliteDir : undefined;
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const client = dir ? new PGlite(dir, { extensions: { pg_trgm } }) : new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
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
