import { and, eq, sql } from 'drizzle-orm';
import { ORDER_TRANSITION_REFUSED, OrderTransitionError, assertTransition, type GuardFacts, type OrderActor } from '@umrah/domain';
import type { Tx } from '../../db/index.ts';
import { orders } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { keepInvoicesInStep } from '../invoices/issued.ts';
import { statusPhrase } from './log.ts';

// The only place that writes orders.status after an order exists: the domain's state machine
// decides, an illegal change is a 409 with its Dutch message and nothing is written.

export interface StatusChange {
  from: number;
  to: number;
  changed: boolean;
  /** ' Status: Niet betaald → Aanbetaald.' or '' — appended to the caller's log message. */
  phrase: string;
}

/**
 * Moves a (locked) order from `order.status` to `to` for `actor`. Same status: nothing written.
 * The UPDATE also checks the status it started from, so a caller that forgot the row lock cannot
 * overwrite a change made meanwhile; that case is refused like an illegal change.
 */
export async function changeOrderStatus(
  tx: Tx,
  order: { id: number; status: number },
  to: number,
  actor: OrderActor,
  facts?: GuardFacts,
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<StatusChange> {
  const from = order.status;
  if (from === to) {
    // The status stays, but the order may have changed (a quick edit of a paid order): its invoice follows.
    await keepInvoicesInStep(tx, order.id, to);
    return { from, to, changed: false, phrase: '' };
  }
  try {
    assertTransition(from, to, actor, facts);
  } catch (err) {
    if (err instanceof OrderTransitionError) throw conflict(err.message);
    throw err;
  }
  const updated = await tx
    .update(orders)
    .set({ ...extra, status: to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (updated.length === 0) throw conflict(ORDER_TRANSITION_REFUSED(from, to));
  // Paid in full: the invoice is issued; cancelled, refunded or changed: it is credited (docs/INVOICES.md).
  await keepInvoicesInStep(tx, order.id, to);
  return { from, to, changed: true, phrase: statusPhrase(from, to) };
}
