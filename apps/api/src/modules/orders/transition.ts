import { and, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_MSG,
  ORDER_DOCUMENTS,
  ORDER_TRANSITION_REFUSED,
  OrderStatus,
  OrderTransitionError,
  assertTransition,
  creditDocumentFor,
  formatEuro,
  formatOrderNumber,
  type GuardFacts,
  type OrderActor,
  type OrderDocumentKind,
} from '@umrah/domain';
import type { Tx } from '../../db/index.ts';
import { mailOutbox, orders, users } from '../../db/schema.ts';
import { queueMail, type MailAttachment } from '../../infra/mail/outbox.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { keepInvoicesInStep, renderOrderDocument } from '../invoices/index.ts';
import type { AfterCommit } from './after-commit.ts';
import { loadOrderDtos } from '../../lib/order-dto.ts';
import { statusPhrase, writeOrderLog, type LogActor } from '../../lib/order-log.ts';
import { cancellationMail, leadExpiredMail } from './status-mails.ts';
import { giveBackStock } from './stock.ts';

// The one way an existing order changes status (docs/RULES.md, 'Beyond the rules': order lifecycle).
// The domain's state machine (packages/domain/src/order-state.ts) decides; this file does what a
// status brings with it, in the caller's transaction, so a refused or failed change leaves nothing:
//
//   every change     orders.status (guarded by the status it started from), the issued invoices in
//                    step (invoices/issued.ts), one order log line
//   → CANCELLED      the order's places back in stock and offered to the waiting list (stock.ts),
//                    the cancel recorded on the order (flex), the customer's mail: the cancellation
//                    (staff; with the credit note when something was paid) or the lead's expiry
//                    (the scheduler); after the commit: the catalog read again, the credit note
//                    rendered and attached, the mail worker woken
//   → anything else  nothing more: a payment's receipt is the payment's own mail (payments/booking.ts);
//                    no screen moves an order to DECLINED or (PARTIALLY_)REFUNDED yet, and those
//                    leave the stock as it is (a cancel gives the places back)
//
// Mails go through the outbox table in the same transaction (sent only once it committed).
// apps/api/test/order-status-writes.test.ts fails when orders.status is written anywhere else.

type OrderRow = typeof orders.$inferSelect;

export interface TransitionRequest {
  /** The order as read FOR UPDATE in this transaction. */
  order: OrderRow;
  /** The status it moves to; its own status is no change (invoices kept in step and the log line only). */
  to: number;
  actor: OrderActor;
  /** What the edge's guard needs; without them only the edge and the actor are checked. */
  facts?: GuardFacts;
  /** The log line: what the caller did (the status change and what it brought are appended) and who. */
  log: { message: string; by: LogActor };
  /** The staff member who cancels: kept on the cancelled order. */
  byUserId?: number;
  /** When it happens (default now): the scheduler passes its run's clock. */
  at?: Date;
}

export interface TransitionResult {
  from: number;
  to: number;
  changed: boolean;
  /** A cancel by staff of an order with payments: the credit document its mail carries. */
  creditDocument: OrderDocumentKind | null;
  /** Known once the after-commit work ran: the credit note went along as a PDF. */
  creditNoteAttached: () => boolean;
}

/** What entering a status did besides the write, for the log line and the result. */
interface Entered {
  logSuffix: string;
  creditDocument: OrderDocumentKind | null;
  creditNoteAttached: () => boolean;
}

const NOTHING: Entered = { logSuffix: '', creditDocument: null, creditNoteAttached: () => false };

/**
 * Moves the locked `order` to `to` for `actor` in `tx` and does what that status brings (see the
 * table above); work that must wait for the commit is recorded in `after`, which the caller runs
 * once the transaction committed. An edge the state machine refuses is a 409 with its Dutch message,
 * and so is an order whose status changed since it was read.
 */
export async function transitionOrder(tx: Tx, after: AfterCommit, req: TransitionRequest): Promise<TransitionResult> {
  const { order, to } = req;
  const from = order.status;
  let entered = NOTHING;
  if (from !== to) {
    guard(from, to, req.actor, req.facts);
    const at = req.at ?? new Date();
    const flex = to === OrderStatus.CANCELLED ? cancelRecord(req, at) : null;
    const updated = await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()`, ...(flex ? { flex: sql`${orders.flex} || ${JSON.stringify(flex)}::jsonb` } : {}) })
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (updated.length === 0) throw conflict(ORDER_TRANSITION_REFUSED(from, to));
  }
  // Paid in full: the invoice is issued; cancelled, refunded or changed: it is credited (docs/INVOICES.md).
  // With the status unchanged the order itself may have changed (a quick edit of a paid order).
  await keepInvoicesInStep(tx, order.id, to);
  if (from !== to && to === OrderStatus.CANCELLED) entered = await enterCancelled(tx, after, req);
  await writeOrderLog(tx, {
    orderId: order.id,
    message: `${req.log.message}${statusPhrase(from, to)}${entered.logSuffix}`,
    actor: req.log.by,
  });
  return { from, to, changed: from !== to, creditDocument: entered.creditDocument, creditNoteAttached: entered.creditNoteAttached };
}

function guard(from: number, to: number, actor: OrderActor, facts: GuardFacts | undefined) {
  try {
    assertTransition(from, to, actor, facts);
  } catch (err) {
    if (err instanceof OrderTransitionError) throw conflict(err.message);
    throw err;
  }
}

/** What a cancelled order keeps about its cancel (the credit note's date is cancelled_at). */
function cancelRecord(req: TransitionRequest, at: Date): Record<string, unknown> {
  const who = req.actor === 'system' ? { cancel_reason: 'lead_expired' } : { cancelled_by_user_id: req.byUserId ?? null };
  return { cancelled_at: at.toISOString(), ...who, status_before_cancel: req.order.status };
}

/** Longer than a render can take (time limit plus a full queue), short enough if the process died. */
const HOLD_FOR_ATTACHMENT = sql`now() + interval '5 minutes'`;

/**
 * CANCELLED: the places go back (and to the waiting list), the customer is told. The system's only
 * edge here is an unpaid lead past its time: the expiry mail. Staff: the cancellation mail, with
 * the credit note of what was paid. That mail is queued now in its "without the PDF" form (it says
 * where to download it) and held back for a few minutes; after the commit the PDF is rendered (it
 * takes time and may fail: it must not hold row locks or undo the cancel), the mail rewritten with
 * it and released at once; a failed render releases it as it is; a process that died in between
 * leaves it to go out by itself when the hold ends.
 */
async function enterCancelled(tx: Tx, after: AfterCommit, req: TransitionRequest): Promise<Entered> {
  const { config } = after.ctx;
  const orderId = req.order.id;
  // Exactly what the order took: each guest's place, visa fees, exclusive rooms, lessons, products.
  await giveBackStock(tx, orderId, config);
  after.catalogChanged();
  // Returned places may have been offered to the waiting list by mail, and the customer gets one.
  after.mailQueued();
  const [customer] = await tx.select().from(users).where(eq(users.id, req.order.userId));
  if (req.actor === 'system') {
    if (customer) {
      const hours = req.facts?.leadExpiryHours ?? config.leadExpiryHours;
      const mail = leadExpiredMail({
        firstName: customer.firstName,
        orderNumber: formatOrderNumber(orderId),
        hours,
        link: `${config.publicUrl}/pakketten`,
      });
      await queueMail(tx, { to: customer.email, ...mail });
    }
    return NOTHING;
  }

  const [dto] = await loadOrderDtos(tx, [orderId]);
  if (!dto) throw notFound(DOCUMENT_MSG.orderNotFound);
  const credit = creditDocumentFor({ total: dto.total_price, paid: dto.total_payments });
  const logSuffix = credit
    ? ` Betaald: ${formatEuro(dto.total_payments)}; ${ORDER_DOCUMENTS[credit].title.toLowerCase()} mee met de annuleringsmail.`
    : '';
  if (!customer) return { ...NOTHING, logSuffix, creditDocument: credit };
  const mail = (attached: boolean) =>
    cancellationMail({
      firstName: customer.firstName,
      orderNumber: dto.order_number,
      paid: dto.total_payments,
      creditTitle: credit ? ORDER_DOCUMENTS[credit].title : null,
      attached,
      ordersUrl: `${config.publicUrl}/account/bestellingen/${orderId}`,
    });
  const first = mail(false);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: customer.email,
      subject: first.subject,
      text: first.text,
      html: first.html,
      attachments: [],
      // With a credit note to attach, held back until it is (or the render failed).
      ...(credit ? { nextAttemptAt: HOLD_FOR_ATTACHMENT } : {}),
    })
    .returning({ id: mailOutbox.id });
  if (!credit || !row) return { ...NOTHING, logSuffix, creditDocument: credit };
  let attached = false;
  after.later(async (log) => {
    attached = await attachCreditNote(after, orderId, row.id, credit, mail(true), log);
  });
  return { logSuffix, creditDocument: credit, creditNoteAttached: () => attached };
}

/** After the commit: renders the credit note into the held cancellation mail and releases it; true when attached. */
async function attachCreditNote(
  after: AfterCommit,
  orderId: number,
  mailId: number,
  credit: OrderDocumentKind,
  withAttachment: { text: string; html: string },
  log: { warn: (obj: unknown, msg: string) => void } | undefined,
): Promise<boolean> {
  const { db } = after.ctx;
  const waiting = and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'pending'));
  try {
    const [dto] = await loadOrderDtos(db, [orderId]);
    if (!dto) throw notFound(DOCUMENT_MSG.orderNotFound);
    const { filename, pdf } = await renderOrderDocument(after.ctx, dto, credit);
    const attachments: MailAttachment[] = [{ filename, contentType: 'application/pdf', content: pdf.toString('base64') }];
    // Only while the mail is still waiting: a worker that already sent the note version wins.
    const updated = await db
      .update(mailOutbox)
      .set({ text: withAttachment.text, html: withAttachment.html, attachments, nextAttemptAt: sql`now()` })
      .where(waiting)
      .returning({ id: mailOutbox.id });
    if (updated.length > 0) return true;
  } catch (err) {
    // The cancel stands; the mail goes out with the note where to download the credit note.
    log?.warn({ err, orderId }, 'cancel: credit note not rendered, mail sent without it');
  }
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(waiting);
  return false;
}
