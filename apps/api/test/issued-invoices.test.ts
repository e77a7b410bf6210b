import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@umrah/domain';
import { issuedInvoices, mailOutbox, orders, payments, users } from '../src/db/schema.ts';
import { backfillIssuedInvoices, keepInvoicesInStep } from '../src/modules/invoices/issued.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';
import { EXAMPLE, exampleTrip, payManually, pdfOf, pdfText, placeExampleOrder } from './documents-helpers.ts';

// docs/INVOICES.md: an order's invoice is a document, issued once when the order is paid in full,
// with its own number and date and the lines as they were; a later change (quick edit, cancel)
// credits it with a credit note and issues a new invoice; the Facturen tab lists them and the
// bookkeeping export has the same documents. Before, the invoice was rendered from the order of the
// moment and nothing was stored.

let app: FastifyInstance;
let admin: string;
let customer: string;
let bookkeeper: string;
let tripId: number;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 20 });
  admin = await adminToken(app);
  customer = await customerToken(app);
  bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
  tripId = (await exampleTrip(app)).id;
});
afterAll(async () => {
  await app?.close();
});

const docsOf = (orderId: number) =>
  app.ctx.db.select().from(issuedInvoices).where(eq(issuedInvoices.orderId, orderId)).orderBy(asc(issuedInvoices.id));
const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload });
const orderDoc = (kind: string, orderId: number, token = customer) => post(`/api/order/${kind}/${orderId}`, token);
const getPdf = (id: number, token: string) => app.inject({ method: 'GET', url: `/api/invoices/issued/${id}/pdf`, headers: auth(token) });
const issuedPdf = async (id: number, token = admin) => pdfText(pdfOf(await getPdf(id, token)));

/** A paid-in-full example order (two manual payments): COMPLETED. */
async function paidOrder() {
  const orderId = await placeExampleOrder(app, customer, tripId);
  await payManually(app, admin, orderId, EXAMPLE.half);
  await payManually(app, admin, orderId, EXAMPLE.half);
  const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  expect(row!.status).toBe(OrderStatus.COMPLETED);
  return orderId;
}

describe('issuing the invoice when an order is paid in full', () => {
  it('issues one invoice with its number, date, customer, company and lines, nothing before full payment', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    await payManually(app, admin, orderId, EXAMPLE.half);
    expect(await docsOf(orderId)).toEqual([]);
    await payManually(app, admin, orderId, EXAMPLE.half);

    const docs = await docsOf(orderId);
    expect(docs.map((d) => [d.kind, d.number, d.version, d.total])).toEqual([['invoice', `FCU2${orderId}`, 1, EXAMPLE.total]]);
    const snap = docs[0]!.snapshot as { customer: { email: string }; company: { name: string }; lines: unknown[]; payments: unknown[] };
    expect(snap.customer.email).toBe(DEMO_ACCOUNTS.customer.email);
    expect(snap.company.name).toBe(app.ctx.config.company.name);
    expect(snap.lines.length).toBeGreaterThan(2);
    expect(snap.payments).toHaveLength(2);
    expect(Math.abs(docs[0]!.issuedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('is issued once: the same status change again, concurrently, adds nothing', async () => {
    const orderId = await paidOrder();
    const again = (lock: boolean) =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          app.ctx.db.transaction(async (tx) => {
            if (lock) await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
            await keepInvoicesInStep(tx, orderId, OrderStatus.COMPLETED);
          }),
        ),
      );
    await again(true);
    expect((await docsOf(orderId)).map((d) => d.number)).toEqual([`FCU2${orderId}`]);
    // Even callers that race without the order's row lock issue it once: the unique (order, kind, version) holds.
    await app.ctx.db.delete(issuedInvoices).where(eq(issuedInvoices.orderId, orderId));
    await again(false);
    // Another payment on a paid order (the status stays COMPLETED) issues nothing either.
    await payManually(app, admin, orderId, 100);
    expect((await docsOf(orderId)).map((d) => d.number)).toEqual([`FCU2${orderId}`]);
  });

  it('keeps the invoice as issued: a new name and address of the customer do not change it', async () => {
    const orderId = await paidOrder();
    const [me] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    await app.ctx.db.update(users).set({ lastName: 'Anders', address: 'Nieuwe Weg 99' }).where(eq(users.id, me!.id));
    try {
      const text = pdfText(pdfOf(await orderDoc('invoice', orderId)));
      expect(text).toMatch(new RegExp(`Factuurnummer\\s+FCU2${orderId}`));
      expect(text).toContain(`${me!.firstName} ${me!.lastName}`);
      expect(text).toContain(me!.address);
      expect(text).not.toContain('Nieuwe Weg 99');
    } finally {
      await app.ctx.db.update(users).set({ lastName: me!.lastName, address: me!.address }).where(eq(users.id, me!.id));
    }
  });
});

describe('a change to a paid order', () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = await paidOrder();
  });

  it('quick edit: the invoice is credited (FCU2…-C) and a new one issued (FCU2…-2); the first stays as it was', async () => {
    const order = (await app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: auth(admin) })).json().order;
    const [room] = order.rooms;
    const [, child] = room.guests;
    const res = await post(`/api/order/update_flex/${orderId}`, admin, {
      id: orderId,
      rooms: [{ id: room.id, guests: [{ id: child.id, first_name: 'Yusuf', last_name: 'El Amrani' }] }],
    });
    expect(res.statusCode, res.body).toBe(200);

    const docs = await docsOf(orderId);
    expect(docs.map((d) => [d.kind, d.number, d.total, d.creditsId])).toEqual([
      ['invoice', `FCU2${orderId}`, EXAMPLE.total, null],
      ['credit_note', `FCU2${orderId}-C`, -EXAMPLE.total, docs[0]!.id],
      ['invoice', `FCU2${orderId}-2`, EXAMPLE.total, null],
    ]);
    // The first invoice prints the lines it was issued with, the new one the changed lines.
    const first = await issuedPdf(docs[0]!.id);
    expect(first).toContain('Kind zonder bed: Yusuf Yilmaz');
    expect(first).not.toContain('El Amrani');
    const credit = await issuedPdf(docs[1]!.id);
    expect(credit).toMatch(new RegExp(`Creditfactuurnummer\\s+FCU2${orderId}-C`));
    expect(credit).toMatch(new RegExp(`Betreft factuur\\s+FCU2${orderId}\\b`));
    expect(credit).toContain('Kind zonder bed: Yusuf Yilmaz');
    expect(credit).toContain('gewijzigd');
    // The customer's download is the newest invoice.
    const latest = await orderDoc('invoice', orderId);
    expect(latest.json().filename).toBe(`factuur-FCU${orderId}-2.pdf`);
    const text = pdfText(pdfOf(latest));
    expect(text).toMatch(new RegExp(`Factuurnummer\\s+FCU2${orderId}-2`));
    expect(text).toContain('Kind zonder bed: Yusuf El Amrani');
  });

  it('cancel: the current invoice is credited, the cancellation mail carries that credit note', async () => {
    const before = await app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    const res = await post(`/api/order/cancel/${orderId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credit_document).toBe('invoice_credit');

    const docs = await docsOf(orderId);
    expect(docs.map((d) => d.number)).toEqual([`FCU2${orderId}`, `FCU2${orderId}-C`, `FCU2${orderId}-2`, `FCU2${orderId}-2-C`]);
    const credit = await orderDoc('invoice_credit', orderId);
    expect(credit.json().filename).toBe(`creditfactuur-FCU${orderId}-2.pdf`);
    const text = pdfText(pdfOf(credit));
    expect(text).toMatch(new RegExp(`Creditfactuurnummer\\s+FCU2${orderId}-2-C`));
    expect(text).toMatch(new RegExp(`Betreft factuur\\s+FCU2${orderId}-2`));
    expect(text).toContain('geannuleerd');

    const [mail] = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, DEMO_ACCOUNTS.customer.email), gt(mailOutbox.id, before[0]?.id ?? 0)))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const attachments = mail!.attachments as { filename: string; content: string }[];
    expect(attachments.map((a) => a.filename)).toEqual([`creditfactuur-FCU${orderId}-2.pdf`]);
    expect(pdfText(Buffer.from(attachments[0]!.content, 'base64'))).toMatch(new RegExp(`Creditfactuurnummer\\s+FCU2${orderId}-2-C`));

    // A second cancel changes nothing, and issues nothing.
    await post(`/api/order/cancel/${orderId}`, admin);
    expect(await docsOf(orderId)).toHaveLength(4);
  });

  it('the Facturen tab lists them (paged, searchable) for staff only; the export has the same documents', async () => {
    const page = await app.inject({ method: 'GET', url: `/api/invoices/issued?q=FCU2${orderId}&page=1&pageSize=3`, headers: auth(bookkeeper) });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.total).toBe(4);
    expect(body.documents).toHaveLength(3);
    expect(body.documents[0]).toMatchObject({
      number: `FCU2${orderId}-2-C`,
      kind: 'credit_note',
      kind_label: 'Creditfactuur',
      credits_number: `FCU2${orderId}-2`,
      total: -EXAMPLE.total,
      order_number: `FCU2${orderId}`,
      email: DEMO_ACCOUNTS.customer.email,
    });
    const next = (await app.inject({ method: 'GET', url: `/api/invoices/issued?q=FCU2${orderId}&page=2&pageSize=3`, headers: auth(admin) })).json();
    expect(next.documents.map((d: { number: string }) => d.number)).toEqual([`FCU2${orderId}`]);
    expect((await app.inject({ method: 'GET', url: '/api/invoices/issued', headers: auth(customer) })).statusCode).toBe(403);
    expect((await getPdf(body.documents[0].id, customer)).statusCode).toBe(403);
    expect((await getPdf(body.documents[0].id, bookkeeper)).statusCode).toBe(200);
    const missing = await getPdf(999999, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Factuur niet gevonden.');

    const docs = await docsOf(orderId);
    const day = docs[0]!.issuedAt.toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
    const res = await app.inject({ method: 'GET', url: `/api/admin/exports/invoices.csv?from=${day}&to=${day}`, headers: auth(bookkeeper) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.rawPayload
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .map((r) => r.split(';'));
    const mine = rows.filter((r) => r[1]?.startsWith(`FCU2${orderId}`) && r[2]?.endsWith('bestelling'));
    const dutchDay = `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
    const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    // One row per document (one VAT rate), with its number, date and total incl. VAT.
    expect(mine.map((r) => [r[0], r[1], r[2], r[5]])).toEqual(
      docs.map((d) => [dutchDay, d.number, d.kind === 'invoice' ? 'Factuur bestelling' : 'Creditfactuur bestelling', euros(d.total)]),
    );
  });
});

describe('orders paid before invoices were kept', () => {
  it('the backfill at start issues their invoice once, dated at the last payment, and a cancelled one its credit note', async () => {
    const paid = await paidOrder();
    const cancelled = await paidOrder();
    await post(`/api/order/cancel/${cancelled}`, admin);
    // As before this change: nothing stored.
    for (const id of [paid, cancelled]) {
      await app.ctx.db.delete(issuedInvoices).where(and(eq(issuedInvoices.orderId, id), eq(issuedInvoices.kind, 'credit_note')));
      await app.ctx.db.delete(issuedInvoices).where(eq(issuedInvoices.orderId, id));
    }
    const lastPaymentAt = new Date('2026-03-02T10:00:00Z');
    await app.ctx.db.update(payments).set({ createdAt: lastPaymentAt }).where(eq(payments.orderId, paid));

    const runs = await Promise.all([backfillIssuedInvoices(app.ctx.db), backfillIssuedInvoices(app.ctx.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    expect(await backfillIssuedInvoices(app.ctx.db)).toBe(0);

    const [invoice] = await docsOf(paid);
    expect((await docsOf(paid)).map((d) => [d.number, d.issuedAt.toISOString()])).toEqual([[`FCU2${paid}`, lastPaymentAt.toISOString()]]);
    expect(invoice).toBeDefined();
    expect((await docsOf(cancelled)).map((d) => d.number)).toEqual([`FCU2${cancelled}`, `FCU2${cancelled}-C`]);
    expect(pdfText(pdfOf(await orderDoc('invoice', paid)))).toMatch(/Factuurdatum\s+02-03-2026/);
  });
});
