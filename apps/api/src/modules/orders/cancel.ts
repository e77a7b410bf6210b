import { and, eq, sql } from 'drizzle-orm';
import { DOCUMENT_MSG, ORDER_DOCUMENTS, OrderStatus, creditDocumentFor, formatEuro } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { mailOutbox, orders, users } from '../../db/schema.ts';
import type { MailAttachment } from '../../infra/mail/outbox.ts';
import { layout } from '../../infra/mail/templates.ts';
import { cutText } from '../../infra/pdf/index.ts';
import type { UserRow } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { renderOrderDocument } from '../invoices/documents.ts';
import { invalidateCatalog } from '../products/service.ts';
import { loadOrderDtos } from './dto.ts';
import { userActor, writeOrderLog } from './log.ts';
import { changeOrderStatus } from './status.ts';
import { giveBackStock } from './stock.ts';

// POST /api/order/cancel/{id} (admin): the order becomes CANCELLED (through the state machine: a
// refunded or declined order cannot be cancelled, 409), its places go back into stock, the log says
// who cancelled and the customer gets a cancellation mail, in one transaction. The credit note is rendered after
// the commit (a PDF takes time and may fail; it must not hold row locks or undo the cancel) and
// then attached to that mail.
//
// Nothing lost: the mail is queued inside the transaction already, in its "without the PDF" form
// (a note says where to download it) and held back for a few minutes. After the render it is
// rewritten with the attachment and released at once; if the render fails it is released as it
// is; if the process dies in between, it goes out by itself when the hold ends.

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail'>;

/** Longer than a render can take (time limit plus a full queue), short enough if the process died. */
const HOLD_FOR_ATTACHMENT = sql`now() + interval '5 minutes'`;

function cancellationMail(p: {
  firstName: string;
  orderNumber: string;
  paid: number;
  creditTitle: string | null;
  /** false: the credit note could not be made now; the mail says where to find it. */
  attached: boolean;
  ordersUrl: string;
}) {
  const credit = p.creditTitle?.toLowerCase();
  return {
    subject: `Annulering van je bestelling ${p.orderNumber}`,
    ...layout(
      'Je bestelling is geannuleerd',
      [
        // A name is cut: an old row may hold megabytes.
        `Beste ${cutText(p.firstName, 100)},`,
        `Je bestelling ${p.orderNumber} is geannuleerd.`,
        ...(credit
          ? [
              p.attached
                ? `Je hebt voor deze bestelling ${formatEuro(p.paid)} betaald. In de bijlage vind je de ${credit}.`
                : `Je hebt voor deze bestelling ${formatEuro(p.paid)} betaald. De ${credit} kon niet worden meegestuurd; je downloadt hem bij deze bestelling onder Account - Mijn bestellingen.`,
              'Over de terugbetaling nemen we contact met je op.',
            ]
          : ['Er was voor deze bestelling nog niets betaald.']),
        'Heb je vragen over de annulering? Neem dan contact met ons op.',
      ],
      { href: p.ordersUrl, label: 'Naar mijn bestellingen' },
    ),
  };
}

export interface CancelResult {
  changed: boolean;
  credit_document: keyof typeof ORDER_DOCUMENTS | null;
  /** false when the credit note could not be rendered: the mail then says where to download it. */
  credit_note_attached: boolean;
}

/** Where a failed credit-note render is reported (the request's logger). */
type WarnLog = { warn: (obj: unknown, msg: string) => void };

export async function cancelOrder(ctx: Ctx, admin: UserRow, orderId: number, log?: WarnLog): Promise<CancelResult> {
  const result = await ctx.db.transaction(async (tx) => {
    // The lock makes a second, concurrent cancel wait and then see CANCELLED: stock comes back once.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(DOCUMENT_MSG.orderNotFound);
    if (order.status === OrderStatus.CANCELLED) return { changed: false as const };

    const cancelledAt = new Date().toISOString();
    const moved = await changeOrderStatus(tx, order, OrderStatus.CANCELLED, 'staff', undefined, {
      flex: sql`${orders.flex} || ${JSON.stringify({ cancelled_at: cancelledAt, cancelled_by_user_id: admin.id, status_before_cancel: order.status })}::jsonb`,
    });
    // Give back exactly what the order took: each guest's place in a room, visa fees, exclusive
    // rooms, lessons, products.
    await giveBackStock(tx, orderId, ctx.config);

    const [dto] = await loadOrderDtos(tx, [orderId]);
    const credit = creditDocumentFor({ total: dto!.total_price, paid: dto!.total_payments });
    await writeOrderLog(tx, {
      orderId,
      message:
        `Bestelling geannuleerd; plaatsen terug in de voorraad.${moved.phrase}` +
        (credit ? ` Betaald: ${formatEuro(dto!.total_payments)}; ${ORDER_DOCUMENTS[credit].title.toLowerCase()} mee met de annuleringsmail.` : ''),
      actor: userActor(admin),
    });
    const [customer] = await tx.select().from(users).where(eq(users.id, order.userId));
    let pending: { mailId: number; withAttachment: ReturnType<typeof cancellationMail> } | null = null;
    if (customer) {
      const mail = (attached: boolean) =>
        cancellationMail({
          firstName: customer.firstName,
          orderNumber: dto!.order_number,
          paid: dto!.total_payments,
          creditTitle: credit ? ORDER_DOCUMENTS[credit].title : null,
          attached,
          ordersUrl: `${ctx.config.publicUrl}/account/bestellingen/${orderId}`,
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
      if (credit) pending = { mailId: row!.id, withAttachment: mail(true) };
    }
    return { changed: true as const, credit, pending };
  });
  if (!result.changed) return { changed: false, credit_document: null, credit_note_attached: false };

  // Stock changed: the catalog's cached availability must be read again.
  invalidateCatalog(ctx);
  let attached = false;
  if (result.credit && result.pending) {
    const { mailId, withAttachment } = result.pending;
    try {
      const [dto] = await loadOrderDtos(ctx.db, [orderId]);
      const { filename, pdf } = await renderOrderDocument(ctx, dto!, result.credit);
      const attachments: MailAttachment[] = [{ filename, contentType: 'application/pdf', content: pdf.toString('base64') }];
      // Only while the mail is still waiting: a worker that already sent the note version wins.
      const updated = await ctx.db
        .update(mailOutbox)
        .set({ text: withAttachment.text, html: withAttachment.html, attachments, nextAttemptAt: sql`now()` })
        .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'pending')))
        .returning({ id: mailOutbox.id });
      attached = updated.length > 0;
    } catch (err) {
      // The cancel stands; the mail goes out with the note where to download the credit note.
      log?.warn({ err, orderId }, 'cancel: credit note not rendered, mail sent without it');
    }
    if (!attached) {
      await ctx.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'pending')));
    }
  }
  void ctx.mail.kick();
  return { changed: true, credit_document: result.credit, credit_note_attached: attached };
}
