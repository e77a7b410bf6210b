import { getTableColumns, type Table } from 'drizzle-orm';

// Rows that come back as JSON from one statement (json_agg / row_to_json of a table's rows), turned
// into the rows drizzle itself would have read: property names of the schema, timestamps as Dates.
// jsonb columns keep the database's own key order, as when read directly. Used where one statement
// reads or writes several tables at once (the order path), so each table does not cost a round trip.

type Columns = [key: string, name: string, timestamp: false | 'tz' | 'plain'][];
const columnsOf = new WeakMap<Table, Columns>();

function columns(table: Table): Columns {
  let cols = columnsOf.get(table);
  if (!cols) {
    cols = Object.entries(getTableColumns(table)).map(([key, col]) => {
      const c = col as typeof col & { withTimezone?: boolean; mode?: string };
      const timestamp = c.columnType === 'PgTimestamp' ? (c.withTimezone ? 'tz' : 'plain') : false;
      return [key, col.name, timestamp];
    });
    columnsOf.set(table, cols);
  }
  return cols;
}

/** One row of `table` from its JSON form (keys are the column names). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, name, timestamp] of columns(table)) {
    const value = json[name];
    // JSON gives timestamptz as ISO text with its offset; a plain timestamp is UTC wall-clock time (as drizzle reads it).
    row[key] = timestamp && typeof value === 'string' ? new Date(timestamp === 'tz' ? value : `${value}Z`) : (value ?? null);
  }
  return row as T['$inferSelect'];
}

/** Rows of `table` from a JSON array (json_agg); null (no rows aggregated) is no rows. */
export const rowsFromJson = <T extends Table>(table: T, json: unknown): T['$inferSelect'][] =>
  Array.isArray(json) ? json.map((r) => rowFromJson(table, r as Record<string, unknown>)) : [];
