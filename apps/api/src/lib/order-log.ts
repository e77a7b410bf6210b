import { asc, eq, inArray } from 'drizzle-orm';
import { LogType, orderStatusLabels, type OrderStatus } from '@umrah/domain';
import type { DbOrTx } from '../db/index.ts';
import { orderLogs } from '../db/schema.ts';
import type { UserRow } from './auth.ts';

// The order log (docs/RULES.md, 'Entities': order logs): every change of an order writes one row, inside the same
// transaction as the change, so a rolled-back change leaves no log and a committed one always has
// it. Types 1-10 are the spec's reminders; LogType.NOTE (0) is any other change, the message says what.

/** Who did it, as stored in user_executed_mail. */
export type LogActor = string | null;
/** The scheduler and other server-side work nobody started by hand. */
export const SYSTEM_ACTOR = 'systeem';
/** The payment provider's exchange (or our sync asking it on someone's behalf). */
export const providerActor = (provider: string) => `betaalprovider (${provider})`;
/** A logged-in user; an admin logged in as a customer is named too (the customer did not do it). */
export const userActor = (user: Pick<UserRow, 'email'>, actingAdminId?: number | null): string =>
  actingAdminId ? `${user.email} (door admin #${actingAdminId})` : user.email;

export interface OrderLogEntry {
  orderId: number;
  /** LogType: 1-10 reminders, 0 (default) a plain note. */
  type?: number;
  message: string;
  actor: LogActor;
}

/** One log row's values (schema property names). */
export function orderLogValues(entry: OrderLogEntry) {
  return {
    orderId: entry.orderId,
    type: entry.type ?? LogType.NOTE,
    // A log line is read by staff; a huge free text (a reason, a name) is cut, never refused here.
    message: entry.message.length > 2000 ? `${entry.message.slice(0, 1999)}…` : entry.message,
    userExecutedMail: entry.actor,
  };
}

/** The insert of one log row, unrun: to be awaited, or run together with others in one statement. */
export function orderLogInsert(tx: DbOrTx, entry: OrderLogEntry) {
  return tx.insert(orderLogs).values(orderLogValues(entry));
}

/** Writes one log row; pass the transaction that makes the change. */
export async function writeOrderLog(tx: DbOrTx, entry: OrderLogEntry): Promise<void> {
  await orderLogInsert(tx, entry);
}

/** One note per order for a batch of removed items (one order id per item): `message` gets that order's count. */
export async function writeCountNotes(tx: DbOrTx, orderIds: readonly number[], message: (n: number) => string): Promise<void> {
  const counts = new Map<number, number>();
  for (const id of orderIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  await tx
    .insert(orderLogs)
    .values([...counts].map(([orderId, n]) => ({ orderId, type: LogType.NOTE, message: message(n), userExecutedMail: null })));
}

export interface OrderLogDto {
  id: number;
  order_id: number;
  type: number;
  message: string;
  user_executed_mail: string | null;
  created_at: string;
}

const toDto = (r: typeof orderLogs.$inferSelect): OrderLogDto => ({
  id: r.id,
  order_id: r.orderId,
  type: r.type,
  message: r.message,
  user_executed_mail: r.userExecutedMail,
  created_at: r.createdAt.toISOString(),
});

/** One order's log, oldest first. */
export async function logsOfOrder(db: DbOrTx, orderId: number): Promise<OrderLogDto[]> {
  const rows = await db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId)).orderBy(asc(orderLogs.id));
  return rows.map(toDto);
}

/** The logs of several orders (an admin list page), oldest first per order. */
export async function logsOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, OrderLogDto[]>> {
  const map = new Map<number, OrderLogDto[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderLogs)
    .where(inArray(orderLogs.orderId, [...orderIds]))
    .orderBy(asc(orderLogs.orderId), asc(orderLogs.id));
  for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), toDto(r)]);
  return map;
}

// Phrases shared by the writers, so the log reads the same whatever module wrote it.
export const statusName = (s: number) => (s === 1 ? 'Niet betaald' : (orderStatusLabels[s as OrderStatus] ?? String(s)));
export const statusPhrase = (from: number, to: number) => (from === to ? '' : ` Status: ${statusName(from)} → ${statusName(to)}.`);
