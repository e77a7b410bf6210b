import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';

// A raw statement of the hot path (the order path runs a few of them per order), built from drizzle
// pieces once per database and run as a named prepared statement: no query builder per call, and on
// PostgreSQL each connection parses and plans it once instead of per call. Its values are given by
// sql.placeholder(name), so its text is the same for every call (lists as arrays: `= any($1::int[])`).
// Rows come with the driver's own types (json parsed, int arrays as number arrays, timestamps as Dates).

interface Driver {
  $client: {
    query: (...args: unknown[]) => Promise<{ rows: unknown[] }>;
    /** node-postgres' Pool has it; PGlite does not (one connection, no statement names needed). */
    totalCount?: number;
  };
  dialect: PgDialect;
}

export function preparedStatement<Row>(name: string, build: (db: Db) => SQL) {
  const built = new WeakMap<Db, { text: string; params: unknown[] }>();
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const { $client: client, dialect } = db as unknown as Driver;
    let query = built.get(db);
    if (!query) {
      const { sql, params } = dialect.sqlToQuery(build(db));
      built.set(db, (query = { text: sql, params }));
    }
    const params = fillPlaceholders(query.params, values);
    const result =
      client.totalCount !== undefined ? await client.query({ name, text: query.text, values: params }) : await client.query(query.text, params);
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
