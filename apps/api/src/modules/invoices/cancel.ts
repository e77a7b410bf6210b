import { asc, eq, sql } from 'drizzle-orm';
import { DOCUMENT_MSG, ORDER_DOCUMENTS, OrderStatus, STOCK_KINDS, creditDocumentFor, formatEuro, type LineKind } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { orderLines, orders, products, users } from '../../db/schema.ts';
import { queueMail, type MailAttachment } from '../../infra/mail/outbox.ts';
import { layout } from '../../infra/mail/templates.ts';
import type { UserRow } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { loadOrderDtos } from '../orders/dto.ts';
import { invalidateCatalog } from '../products/service.ts';
import { renderOrderDocument } from './documents.ts';

// POST /api/order/cancel/{id} (admin): the order becomes CANCELLED, its places go back into stock
// and the customer gets a cancellation mail with the credit note, all in one transaction.

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail'>;

function cancellationMail(p: {
  firstName: string;
  orderNumber: string;
  paid: number;
  creditTitle: string | null;
  ordersUrl: string;
}) {
  return {
    subject: `Annulering van je bestelling ${p.orderNumber}`,
    ...layout(
      'Je bestelling is geannuleerd',
      [
        `Beste ${p.firstName},`,
        `Je bestelling ${p.orderNumber} is geannuleerd.`,
        ...(p.creditTitle
          ? [
              `Je hebt voor deze bestelling ${formatEuro(p.paid)} betaald. In de bijlage vind je de ${p.creditTitle.toLowerCase()}.`,
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
}

export async function cancelOrder(ctx: Ctx, admin: UserRow, orderId: number): Promise<CancelResult> {
  const result = await ctx.db.transaction(async (tx): Promise<CancelResult> => {
    // The lock makes a second, concurrent cancel wait and then see CANCELLED: stock comes back once.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(DOCUMENT_MSG.orderNotFound);
    if (order.status === OrderStatus.CANCELLED) return { changed: false, credit_document: null };

    // Give back exactly what the order took: its product lines (each guest's place in a room,
    // visa fees, exclusive rooms, lessons, products), in product id order like the orders module.
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    const back = new Map<number, number>();
    for (const l of lines) {
      const kind = (l.flex as { kind?: LineKind }).kind;
      if (l.productId === null || !kind || !STOCK_KINDS.includes(kind)) continue;
      back.set(l.productId, (back.get(l.productId) ?? 0) + l.quantity);
    }
    for (const [productId, quantity] of [...back.entries()].sort((a, b) => a[0] - b[0])) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${quantity}` })
        .where(eq(products.id, productId));
    }

    const cancelledAt = new Date().toISOString();
    await tx
      .update(orders)
      .set({
        status: OrderStatus.CANCELLED,
        flex: sql`${orders.flex} || ${JSON.stringify({ cancelled_at: cancelledAt, cancelled_by_user_id: admin.id, status_before_cancel: order.status })}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId));

    const [dto] = await loadOrderDtos(tx, [orderId]);
    const credit = creditDocumentFor({ total: dto!.total_price, paid: dto!.total_payments });
    const attachments: MailAttachment[] = [];
    if (credit) {
      const { filename, pdf } = await renderOrderDocument(tx, dto!, credit);
      attachments.push({ filename, contentType: 'application/pdf', content: pdf.toString('base64') });
    }
    const [customer] = await tx.select().from(users).where(eq(users.id, order.userId));
    if (customer) {
      const mail = cancellationMail({
        firstName: customer.firstName,
        orderNumber: dto!.order_number,
        paid: dto!.total_payments,
        creditTitle: credit ? ORDER_DOCUMENTS[credit].title : null,
        ordersUrl: `${ctx.config.publicUrl}/account/bestellingen/${orderId}`,
      });
      await queueMail(tx, { to: customer.email, ...mail, attachments });
    }
    return { changed: true, credit_document: credit };
  });
  if (result.changed) {
    // Stock changed: the catalog's cached availability must be read again.
    invalidateCatalog(ctx);
    void ctx.mail.kick();
  }
  return result;
}
