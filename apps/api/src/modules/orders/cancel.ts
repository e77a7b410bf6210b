import { eq } from 'drizzle-orm';
import { DOCUMENT_MSG, ORDER_DOCUMENTS, OrderStatus } from '@umrah/domain';
import { orders } from '../../db/schema.ts';
import type { UserRow } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { AfterCommit, type AfterCommitCtx, type WarnLog } from './after-commit.ts';
import { userActor } from '../../lib/order-log.ts';
import { transitionOrder } from './transition.ts';

// POST /api/order/cancel/{id} (admin): the order becomes CANCELLED through transitionOrder (the state
// machine: a refunded or declined order cannot be cancelled, 409), which gives the places back, logs
// who cancelled and mails the customer, with the credit note of what was paid (transition.ts).

export interface CancelResult {
  changed: boolean;
  credit_document: keyof typeof ORDER_DOCUMENTS | null;
  /** false when the credit note could not be rendered: the mail then says where to download it. */
  credit_note_attached: boolean;
}

export async function cancelOrder(ctx: AfterCommitCtx, admin: UserRow, orderId: number, log?: WarnLog): Promise<CancelResult> {
  const after = new AfterCommit(ctx);
  const moved = await ctx.db.transaction(async (tx) => {
    // The lock makes a second, concurrent cancel wait and then see CANCELLED: stock comes back once.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(DOCUMENT_MSG.orderNotFound);
    if (order.status === OrderStatus.CANCELLED) return null;
    return transitionOrder(tx, after, {
      order,
      to: OrderStatus.CANCELLED,
      actor: 'staff',
      log: { message: 'Bestelling geannuleerd; plaatsen terug in de voorraad.', by: userActor(admin) },
      byUserId: admin.id,
    });
  });
  await after.run(log);
  if (!moved) return { changed: false, credit_document: null, credit_note_attached: false };
  return { changed: true, credit_document: moved.creditDocument, credit_note_attached: moved.creditNoteAttached() };
}
