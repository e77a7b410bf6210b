import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@umrah/domain';
import { mailOutbox, orderLines, orders } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken } from './helpers.ts';
import { startSmtpServer } from './smtp.ts';
import { EXAMPLE, exampleTrip, payManually, pdfOf, pdfText, placeExampleOrder, renderFirstPage, stockOf } from './documents-helpers.ts';

// Cancelling an order: status, stock given back, and the cancellation mail with the right credit
// note as received by a real SMTP server.

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;
let customer: string;
let tripId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'http://shop.test', rateLimitFactor: 20 });
  admin = await adminToken(app);
  customer = await customerToken(app);
  tripId = (await exampleTrip(app)).id;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const kick = () => app.ctx.mail.kick();
const cancel = (orderId: number, token = admin) =>
  app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}`, headers: auth(token), payload: {} });
const productIdsOf = async (orderId: number) => [
  ...new Set(
    (await app.ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)))
      .map((l) => l.productId)
      .filter((id): id is number => id !== null),
  ),
];
const subject = (orderId: number) => `Annulering van je bestelling FCU2${orderId}`;

describe('cancelling a half-paid order', () => {
  it('cancels, gives the places back and mails the down-payment credit note; a second cancel changes nothing', async () => {
    // The order's products, counted before it is placed.
    const probe = await placeExampleOrder(app, customer, tripId);
    const ids = await productIdsOf(probe);
    expect(ids.length).toBe(3); // adult and child place, visa fee (product 1)
    await cancel(probe);
    const before = await stockOf(app, ids);

    const orderId = await placeExampleOrder(app, customer, tripId);
    const taken = await stockOf(app, ids);
    for (const id of ids) expect(taken[id]).toBe(before[id]! - 1);
    await payManually(app, admin, orderId, EXAMPLE.half);

    const mailsBefore = smtp.mails.length;
    const res = await cancel(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Bestelling is geannuleerd.',
      changed: true,
      credit_document: 'down_payment_credit',
    });

    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe(OrderStatus.CANCELLED);
    expect(await stockOf(app, ids)).toEqual(before);

    const mail = await smtp.waitFor(DEMO_ACCOUNTS.customer.email, subject(orderId), kick, { after: mailsBefore });
    expect(mail.text).toContain(`Je bestelling FCU2${orderId} is geannuleerd.`);
    expect(mail.text).toContain(`${EXAMPLE.halfText} betaald`);
    expect(mail.parsed.attachments).toHaveLength(1);
    const attachment = mail.parsed.attachments[0]!;
    expect(attachment.filename).toBe(`creditnota-aanbetaling-FCU${orderId}.pdf`);
    expect(attachment.contentType).toBe('application/pdf');
    const text = pdfText(attachment.content);
    expect(text).toContain('Creditnota aanbetaling');
    expect(text).toMatch(new RegExp(`Creditering aanbetaling bestelling FCU2${orderId}\\s+1\\s+-€ 1\\.695,-\\s+21%\\s+-€ 1\\.695,-`));
    expect(text).toMatch(/Totaal excl\. btw\s+-€ 1\.400,83/);
    expect(text).toMatch(/Totaal creditnota incl\. btw\s+-€ 1\.695,-/);
    expect(text).toMatch(/Totaal reissom incl\. btw\s+€ 3\.390,-/);
    expect(text).toContain('Ahmed Yilmaz');
    renderFirstPage(attachment.content, `down-payment-credit-${orderId}`);

    // The same credit note is downloadable; the credit invoice is not (payments do not cover the total).
    const download = await app.inject({ method: 'POST', url: `/api/order/down_payment_credit/${orderId}`, headers: auth(customer), payload: {} });
    expect(pdfText(pdfOf(download))).toContain('Creditnota aanbetaling');
    const creditInvoice = await app.inject({ method: 'POST', url: `/api/order/invoice_credit/${orderId}`, headers: auth(customer), payload: {} });
    expect(creditInvoice.statusCode).toBe(409);

    // Twice: nothing is given back twice and no second mail is queued.
    const again = await cancel(orderId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false, message: 'Deze bestelling was al geannuleerd.' });
    expect(await stockOf(app, ids)).toEqual(before);
    const queued = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, subject(orderId)));
    expect(queued).toHaveLength(1);
  });

  it('gives back the stock once when two cancels race', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    const ids = await productIdsOf(orderId);
    const taken = await stockOf(app, ids);
    const results = await Promise.all([cancel(orderId), cancel(orderId)]);
    expect(results.map((r) => r.json().changed).sort()).toEqual([false, true]);
    const after = await stockOf(app, ids);
    for (const id of ids) expect(after[id]).toBe(taken[id]! + 1);
  });
});

describe('the credit note follows the payments', () => {
  it('a fully paid order gets the credit invoice', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    await payManually(app, admin, orderId, EXAMPLE.total);
    const mailsBefore = smtp.mails.length;
    const res = await cancel(orderId);
    expect(res.json().credit_document).toBe('invoice_credit');
    const mail = await smtp.waitFor(DEMO_ACCOUNTS.customer.email, subject(orderId), kick, { after: mailsBefore });
    const attachment = mail.parsed.attachments[0]!;
    expect(attachment.filename).toBe(`creditfactuur-FCU${orderId}.pdf`);
    const text = pdfText(attachment.content);
    expect(text).toContain('Creditfactuur');
    expect(text).toMatch(/Kind zonder bed: Yusuf Yilmaz\s+1\s+€ 250,-\s+21%\s+€ 250,-/);
    expect(text).toMatch(/Totaal excl\. btw\s+-€ 2\.801,65/);
    expect(text).toMatch(/Btw 21% over -€ 2\.801,65\s+-€ 588,35/);
    expect(text).toMatch(/Totaal creditfactuur incl\. btw\s+-€ 3\.390,-/);
    renderFirstPage(attachment.content, `credit-invoice-${orderId}`);
  });

  it('an unpaid order is cancelled with a mail without attachment', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    const mailsBefore = smtp.mails.length;
    const res = await cancel(orderId);
    expect(res.json()).toMatchObject({ changed: true, credit_document: null });
    const mail = await smtp.waitFor(DEMO_ACCOUNTS.customer.email, subject(orderId), kick, { after: mailsBefore });
    expect(mail.parsed.attachments).toHaveLength(0);
    expect(mail.text).toContain('Er was voor deze bestelling nog niets betaald.');
  });

  it('only admins cancel, and an unknown order is 404', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    expect((await cancel(orderId, customer)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}` })).statusCode).toBe(401);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe(OrderStatus.LEAD);
    const unknown = await cancel(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Bestelling niet gevonden.');
  });
});
