import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/index.ts';

/** One page of a table's rows, newest (highest id) first, with the count of all rows that match `where`. */
export async function newestFirstPage<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total };
}
