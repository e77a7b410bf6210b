import { getTableColumns, is, SQL, sql, type Placeholder, type Table } from 'drizzle-orm';

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

// The other way: rows to write as one JSON parameter (jsonb_to_recordset), so a statement's text does
// not depend on how many rows it writes.

/** The columns of `table` named by `keys` (schema property names). */
const columnsFor = (table: Table, keys: readonly string[]) => {
  const all = getTableColumns(table);
  return keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${key} is no column of this table`);
    return column;
  });
};

/**
 * `insert into table (columns of keys) select ... from jsonb_to_recordset(param)`, in the rows' order
 * (a serial id is taken in that order), returning the whole rows. `param` is JSON text (jsonRows).
 * With `onlyIf` (a boolean SQL expression) nothing is inserted unless it holds.
 */
export function jsonRowsInsert(table: Table, keys: readonly string[], param: Placeholder | SQL, onlyIf: SQL = sql`true`) {
  const columns = columnsFor(table, keys);
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const types = columns.map((c) => `"${c.name}" ${c.getSQLType() === 'serial' ? 'integer' : c.getSQLType()}`).join(', ');
  return sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)}
    from rows from (jsonb_to_recordset(${param}::text::jsonb) as (${sql.raw(types)})) with ordinality as x(${sql.raw(names)}, ord)
    where ${onlyIf} order by ord returning *`;
}

/**
 * The rows as jsonRowsInsert's JSON text, by column name. A value left undefined gets the column's
 * default as drizzle would (a plain default value, else null); a default the database computes (now())
 * cannot be given this way and is refused: leave such columns out of `keys`.
 */
export function jsonRows(table: Table, keys: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const columns = columnsFor(table, keys);
  return JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      keys.forEach((key, i) => {
        const column = columns[i]!;
        let value = row[key];
        if (value === undefined && column.hasDefault) {
          if (column.default === undefined || is(column.default, SQL)) throw new Error(`${column.name}: a database default cannot go into jsonRows`);
          value = column.default;
        }
        out[column.name] = value === undefined ? null : value;
      });
      return out;
    }),
  );
}
