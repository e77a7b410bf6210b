import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/index.ts';

// A raw statement of the hot path (the order path runs a few of them per order), built from drizzle
// pieces once per database and run as a named prepared statement: no query builder per call, and on
// PostgreSQL each connection parses and plans it once instead of per call. Its values are given by
// sql.placeholder(name), so its text is the same for every call (lists as arrays: `= any($1::int[])`).
// Rows come with the driver's own types (json parsed, int arrays as number arrays, timestamps as Dates).

interface Driver {
  /** The database's or the transaction's connection: node-postgres' Pool or Client, or PGlite (or its transaction). */
  session: { client: { query: (...args: unknown[]) => Promise<{ rows: unknown[] }>; exec?: unknown } };
  dialect: PgDialect;
}

/** Runs on the database (any pooled connection) or inside a transaction (on its connection). */
export function preparedStatement<Row>(name: string, build: (db: DbOrTx) => SQL) {
  let built: { text: string; params: unknown[] } | undefined;
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    const { session, dialect } = db as unknown as Driver;
    if (!built) {
      const { sql, params } = dialect.sqlToQuery(build(db));
      built = { text: sql, params };
    }
    const params = fillPlaceholders(built.params, values);
    const { client } = session;
    // PGlite (one connection) has exec and takes no statement names; node-postgres prepares by name.
    const result =
      typeof client.exec === 'function' ? await client.query(built.text, params) : await client.query({ name, text: built.text, values: params });
    return result.rows as Row[];
  };
}

/**
 * A drizzle query built and `.prepare(name)`d once per database by `build` (with sql.placeholder()
 * for its values), for queries every request of the hot path runs: `const q = preparedQuery((db) =>
 * db.select()...prepare('name'))`, then `q(ctx.db).execute({ ... })`.
 */
export function preparedQuery<P>(build: (db: Db) => P): (db: Db) => P {
  const prepared = new WeakMap<Db, P>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = build(db)));
    return query;
  };
}
