import { getTableName, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/index.ts';
import { auditLog, payments, products, users, vouchers } from '../db/schema.ts';

// The audit log of staff changes (docs/records.md): who (the signed-in user, and the admin behind
// a 'log in as' session), when, what (action, table, id) and the changed fields before and after.
// Routes wrap one service call in `audited(...)`: the rows are read before and after it, so the
// services stay as they are. Impersonation, visa views and downloads write their own rows.

/** Columns never copied into the log: secrets, and bookkeeping of the row itself. */
const LEFT_OUT = new Set(['passwordHash', 'password_hash', 'updatedAt', 'createdAt', 'failedLogins', 'lockedUntil']);
/** Shown as changed without their value. */
const SECRET = new Set(['passwordHash']);

type Row = Record<string, unknown>;
type AuditedTable = PgTable & { id: PgColumn };

/** The tables whose staff changes routes log by name, so a route needs no database import. */
const AUDITED_TABLES = { users, vouchers, products, payments } satisfies Record<string, AuditedTable>;
export type AuditedTableName = keyof typeof AUDITED_TABLES;

export interface AuditActor {
  id: number;
  email: string;
  /** The admin behind a 'log in as' session. */
  actingAdminId?: number;
}

export const actorOf = (request: FastifyRequest): AuditActor => ({
  id: request.user!.id,
  email: request.user!.email,
  actingAdminId: request.actingAdminId,
});

const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** The fields that differ, each side with its own values (a secret only as 'gewijzigd'). */
export function diff(before: Row | null, after: Row | null): { before: Row | null; after: Row | null } {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})].filter((k) => !LEFT_OUT.has(k) || SECRET.has(k)));
  const b: Row = {};
  const a: Row = {};
  for (const k of keys) {
    const x = plain(before?.[k]);
    const y = plain(after?.[k]);
    if (before && after && JSON.stringify(x) === JSON.stringify(y)) continue;
    if (SECRET.has(k)) {
      if (before && after) a[k] = 'gewijzigd';
      continue;
    }
    if (before) b[k] = x;
    if (after) a[k] = y;
  }
  return { before: before ? b : null, after: after ? a : null };
}

async function rowsOf(db: DbOrTx, table: AuditedTable, ids: number[]): Promise<Map<number, Row>> {
  if (!ids.length) return new Map();
  const rows = (await db.select().from(table).where(inArray(table.id, ids))) as Row[];
  return new Map(rows.map((r) => [r.id as number, r]));
}

export interface AuditSpec<T> {
  /** e.g. 'user.update', 'voucher.delete'. 'user.update' becomes 'user.role_change' when the role changes. */
  action: string;
  table: AuditedTableName;
  /** The row changed or deleted; for a create, `created` gives the new ids from the result. */
  id?: number;
  created?: (result: T) => number[];
  /** Only these fields (e.g. no personal data of a user who is deleted for good). */
  fields?: string[];
}

/**
 * Runs `change` and writes one audit row per changed row, with who and the fields before and after.
 * Not in the change's transaction: a row changed at the same moment by someone else may show in
 * 'before'; the log says what this request saw, which is what an answer later needs.
 */
export async function audited<T>(db: DbOrTx, actor: AuditActor, spec: AuditSpec<T>, change: () => Promise<T>): Promise<T> {
  const table = AUDITED_TABLES[spec.table];
  const before = spec.id !== undefined ? await rowsOf(db, table, [spec.id]) : new Map<number, Row>();
  const result = await change();
  const ids = spec.id !== undefined ? [spec.id] : (spec.created?.(result) ?? []);
  const after = await rowsOf(db, table, ids);
  const pick = (row: Row | undefined) =>
    row ? (spec.fields ? Object.fromEntries(spec.fields.filter((f) => f in row).map((f) => [f, row[f]])) : row) : null;
  const entries = ids.map((id) => {
    const b = pick(before.get(id));
    const a = pick(after.get(id));
    const roleChanged = table === users && b && a && b.role !== a.role;
    return {
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: roleChanged ? spec.action.replace(/\.update$/, '.role_change') : spec.action,
      targetUserId: table === users && a ? id : null,
      details: { table: getTableName(table), id, ...diff(b, a), ...(actor.actingAdminId ? { acting_admin_id: actor.actingAdminId } : {}) },
    };
  });
  if (entries.length) await db.insert(auditLog).values(entries);
  return result;
}
