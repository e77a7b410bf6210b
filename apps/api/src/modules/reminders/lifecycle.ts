import { OrderStatus } from '@umrah/domain';
import type { DbOrTx } from '../../db/index.ts';
import { orderLogs } from '../../db/schema.ts';

// Stand-ins for the order state machine (packages/domain/src/order-state.ts) and writeOrderLog
// (modules/orders) that issue 12 points 1-2 bring: same names and meaning, replaced by re-exports
// once those land, so the reminder code does not change.

/** The statuses in which an order may still be paid (SPEC 2: pay for PENDING, LEAD, DOWN_PAYMENT). */
export const mayPay = (status: number) =>
  status === OrderStatus.PENDING || status === OrderStatus.LEAD || status === OrderStatus.DOWN_PAYMENT;

/** The scheduler's own transitions; anything else is refused, never written. */
export function assertTransition(from: number, to: number, _by: 'system' | 'staff') {
  if (from === OrderStatus.LEAD && to === OrderStatus.CANCELLED) return;
  throw new Error(`Status ${from} → ${to} is niet toegestaan.`);
}

/** One order log row, in the caller's transaction; `actor` is the email, or 'systeem' for the scheduler. */
export async function writeOrderLog(tx: DbOrTx, row: { orderId: number; type: number; message: string; actor: string | null }) {
  await tx.insert(orderLogs).values({ orderId: row.orderId, type: row.type, message: row.message, userExecutedMail: row.actor });
}
