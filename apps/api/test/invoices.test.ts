import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MSG, InvoiceStatus, PaymentType } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { invoiceItems, invoices, mailOutbox, payments, transactions, users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken, validAccount } from './helpers.ts';
import { EXAMPLE, exampleTrip, payManually, pdfOf, pdfText, placeExampleOrder, renderFirstPage } from './documents-helpers.ts';

// Quotes over real HTTP (the simulator's exchange call must reach this app on its port), the
// public page by token, and the PDF documents of quotes and orders checked with poppler.

let app: FastifyInstance;
let base: string;
let admin: string;
let customer: string;
let other: string;
let bookkeeper: string;
let customerId: number;

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = await createTestApp({ publicUrl: base, rateLimitFactor: 20 });
  await app.listen({ port, host: '127.0.0.1' });
  admin = await adminToken(app);
  customer = await customerToken(app);
  bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
  const account = validAccount();
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: auth(admin),
    payload: { ...account, password: 'Ander-wachtwoord-1' },
  });
  expect(created.statusCode).toBe(201);
  other = await loginToken(app, account.email, 'Ander-wachtwoord-1');
  const [row] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
  customerId = row!.id;
});
afterAll(async () => {
  await app?.close();
});

const quote = (overrides: Record<string, unknown> = {}) => ({
  type: 0,
  expire_date: '2099-12-31',
  user_id: customerId,
  items: [
    { label: 'Umrah op maat – hotel Mekka', amount_in_cents: 12_100, amount: 2, btw_type: 21 },
    { label: 'Vervoer Jeddah', amount_in_cents: 10_900, amount: 1, btw_type: 9 },
  ],
  ...overrides,
});

async function createQuote(body: Record<string, unknown> = quote()) {
  const res = await app.inject({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice as { id: number; token: string; type: number };
}

const byToken = (token: unknown) => app.inject({ method: 'POST', url: '/api/invoiceByToken', payload: { token } });
const invoiceCount = async () => (await app.ctx.db.select({ n: count() }).from(invoices))[0]!.n;

describe('creating quotes (admin)', () => {
  it('creates a quote with a long random token and names the user in the message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload: quote() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(`Offerte is succesvol aangemaakt voor gebruiker ${customerId}.`);
    expect(body.invoice.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.invoice.heading).toBe(`Offerte nr #FCU2${body.invoice.id}`);
    // 2 × € 121 at 21 % and € 109 at 9 %: € 351 incl., € 300 excl.
    expect(body.invoice.totals).toEqual({
      excl: 30_000,
      vat: 5_100,
      incl: 35_100,
      breakdown: [
        { rate: 21, incl: 24_200, excl: 20_000, vat: 4_200 },
        { rate: 9, incl: 10_900, excl: 10_000, vat: 900 },
      ],
    });
    const second = await createQuote(quote({ type: 1 }));
    expect(second.token).not.toBe(body.invoice.token);
  });

  it('refuses bad quotes with the Dutch messages and writes nothing', async () => {
    const before = await invoiceCount();
    const items = quote().items;
    const cases: [Record<string, unknown>, string][] = [
      [quote({ items: [] }), 'Minimaal 1 item!'],
      [quote({ items: [{ ...items[0], amount_in_cents: 2_500_000, amount: 2 }] }), INVOICE_MSG.max],
      [quote({ items: [{ ...items[0], label: '' }] }), 'Naam is verplicht!'],
      [quote({ items: [{ ...items[0], amount_in_cents: undefined }] }), 'Bedrag is verplicht!'],
      [quote({ items: [{ ...items[0], amount: undefined }] }), 'Aantal is verplicht!'],
      [quote({ items: [{ ...items[0], btw_type: 6 }] }), 'Btw type is verplicht!'],
      [quote({ expire_date: undefined }), 'Vervaldatum is verplicht!'],
      [quote({ type: undefined }), 'Type is verplicht!'],
      [quote({ user_id: undefined }), 'Gebruiker is verplicht!'],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(INVOICE_MSG.max).toBe('Offerte kan maximaal 50k zijn, de betaalprovider accepteert max 50k per offerte.');
    // Just under 50,000 euro is allowed.
    await createQuote(quote({ items: [{ ...items[0], amount_in_cents: 2_499_999, amount: 2 }] }));
    const unknownUser = await app.inject({ method: 'POST', url: '/api/invoice', headers: auth(admin), payload: quote({ user_id: 999_999 }) });
    expect(unknownUser.statusCode).toBe(404);
    expect(await invoiceCount()).toBe(before + 1);
  });

  it('is for admins only; the bookkeeper reads the list but creates nothing', async () => {
    for (const token of [customer, bookkeeper]) {
      expect((await app.inject({ method: 'POST', url: '/api/invoice', headers: auth(token), payload: quote() })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/invoices/admin', headers: auth(customer) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/invoices/admin', headers: auth(bookkeeper) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/invoice', payload: quote() })).statusCode).toBe(401);
  });

  it('edits a quote until something is paid on it', async () => {
    const q = await createQuote();
    const res = await app.inject({
      method: 'POST',
      url: `/api/invoice/${q.id}`,
      headers: auth(admin),
      payload: quote({ type: 1, items: [{ label: 'Alleen hotel', amount_in_cents: 50_000, amount: 1, btw_type: 0 }] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice.heading).toBe(`Factuur nr #FCU2${q.id}`);
    expect(res.json().invoice.items.map((i: { label: string }) => i.label)).toEqual(['Alleen hotel']);
    const rows = await app.ctx.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, q.id));
    expect(rows).toHaveLength(1);
    // A refused edit leaves the items as they were.
    const bad = await app.inject({ method: 'POST', url: `/api/invoice/${q.id}`, headers: auth(admin), payload: quote({ items: [] }) });
    expect(bad.statusCode).toBe(400);
    expect(await app.ctx.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, q.id))).toHaveLength(1);
  });

  it('lists every quote for admins (paginated) and only their own for customers', async () => {
    const mine = await createQuote();
    const page = await app.inject({ method: 'GET', url: '/api/invoices/admin?page=1&pageSize=2', headers: auth(admin) });
    expect(page.statusCode).toBe(200);
    expect(page.json().invoices).toHaveLength(2);
    expect(page.json().total).toBeGreaterThanOrEqual(3);
    const found = await app.inject({ method: 'GET', url: `/api/invoices/admin?q=FCU2${mine.id}`, headers: auth(admin) });
    expect(found.json().invoices.map((i: { id: number }) => i.id)).toContain(mine.id);

    const own = await app.inject({ method: 'GET', url: '/api/invoices', headers: auth(customer) });
    expect(own.json().invoices.map((i: { id: number }) => i.id)).toContain(mine.id);
    const others = await app.inject({ method: 'GET', url: '/api/invoices', headers: auth(other) });
    expect(others.json().invoices).toEqual([]);
  });
});

describe('the public quote by token', () => {
  it('shows items, VAT per rate and the validity without login, but not the email', async () => {
    const q = await createQuote();
    const res = await byToken(q.token);
    expect(res.statusCode).toBe(200);
    const inv = res.json().invoice;
    expect(inv.heading).toBe(`Offerte nr #FCU2${q.id}`);
    expect(inv.items.map((i: { label: string; amount_in_cents: number; amount: number }) => [i.label, i.amount_in_cents, i.amount])).toEqual([
      ['Umrah op maat – hotel Mekka', 12_100, 2],
      ['Vervoer Jeddah', 10_900, 1],
    ]);
    expect(inv.expire_date).toBe('2099-12-31');
    expect(inv.payments).toEqual([]);
    expect(inv.payable).toBe(true);
    expect(inv.user).toEqual({ first_name: DEMO_ACCOUNTS.customer.first, last_name: DEMO_ACCOUNTS.customer.last });
    expect(res.body).not.toContain(DEMO_ACCOUNTS.customer.email);
  });

  it('finds nothing for a guessed, shortened or numeric token: Geen geldige token.', async () => {
    const q = await createQuote();
    for (const token of [randomBytes(32).toString('base64url'), q.token.slice(0, -1), String(q.id), `${q.token}x`, ' ']) {
      const res = await byToken(token);
      expect(res.statusCode, token).toBe(token.trim() ? 404 : 400);
      expect(res.json().message).toBe('Geen geldige token.');
    }
    const pay = await app.inject({ method: 'POST', url: '/api/invoicePayment', payload: { token: randomBytes(32).toString('base64url') } });
    expect(pay.statusCode).toBe(404);
    expect(pay.json().message).toBe('Geen geldige token.');
  });

  it("a customer cannot read or pay another customer's quote by id", async () => {
    const q = await createQuote();
    for (const url of [`/api/invoices_invoice/${q.id}`, `/api/invoicePayment/${q.id}`]) {
      const res = await app.inject({ method: 'POST', url, headers: auth(other), payload: {} });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(INVOICE_MSG.notFound);
    }
    const own = await app.inject({ method: 'POST', url: `/api/invoices_invoice/${q.id}`, headers: auth(customer), payload: {} });
    expect(own.statusCode).toBe(200);
  });
});

describe('paying a quote through the simulator', () => {
  it('books the payment once on the quote, shows it on the page and marks the quote paid', async () => {
    const q = await createQuote();
    const start = await app.inject({ method: 'POST', url: '/api/invoicePayment', payload: { token: q.token } });
    expect(start.statusCode, start.body).toBe(200);
    const { paymentURL, amount, id: transactionId } = start.json().transaction;
    expect(amount).toBe(35_100);

    const res = await fetch(paymentURL, { method: 'POST', body: new URLSearchParams({ choice: 'paid' }), redirect: 'manual' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${base}/offerte/${q.token}`);
    expect(back.searchParams.get('orderStatusId')).toBe('100');

    const page = (await byToken(q.token)).json().invoice;
    expect(page.payments).toEqual([
      expect.objectContaining({ amount: 35_100, payment_type: PaymentType.PROVIDER_PAID, type_text: 'Online betaald' }),
    ]);
    expect(page.status).toBe(InvoiceStatus.PAID);
    expect(page.status_label).toBe('Betaald');
    expect(page.payable).toBe(false);
    const [row] = await app.ctx.db.select().from(invoices).where(eq(invoices.id, q.id));
    expect(row!.status).toBe(InvoiceStatus.PAID);

    // The exchange may come again (and the order exchange path knows nothing of it): one payment.
    // It answers only with the transaction's own key from the exchange URL.
    const [started] = await app.ctx.db.select().from(transactions).where(eq(transactions.id, transactionId));
    const key = must(started?.flex.exchange_key, "the quote attempt's exchange key");
    for (let i = 0; i < 2; i++) {
      const again = await fetch(`${base}/api/invoicePayment/exchange/${transactionId}?key=${key}`, {
        method: 'POST',
        body: new URLSearchParams({ action: 'new_ppt' }),
      });
      expect(await again.text()).toBe('TRUE|paid');
    }
    const keyless = await fetch(`${base}/api/invoicePayment/exchange/${transactionId}`, { method: 'POST' });
    expect(await keyless.text()).toBe('TRUE|unknown');
    const orderPath = await fetch(`${base}/api/payment/exchange/${transactionId}`, { method: 'POST' });
    expect(await orderPath.text()).toBe('TRUE|unknown');
    expect(await app.ctx.db.select().from(payments).where(eq(payments.invoiceId, q.id))).toHaveLength(1);
    const [tx] = await app.ctx.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(tx!.status).toBe('paid');

    const mail = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Betaling ontvangen – offerte FCU2${q.id}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(DEMO_ACCOUNTS.customer.email);

    // Paid: no second payment, no more edits.
    const twice = await app.inject({ method: 'POST', url: '/api/invoicePayment', payload: { token: q.token } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(INVOICE_MSG.paid);
    const edit = await app.inject({ method: 'POST', url: `/api/invoice/${q.id}`, headers: auth(admin), payload: quote() });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(INVOICE_MSG.hasPayments);

    // The quote's document lists the payment.
    const doc = await app.inject({ method: 'POST', url: `/api/invoices_invoice/${q.id}`, headers: auth(customer), payload: {} });
    expect(doc.json().filename).toBe(`offerte-FCU${q.id}.pdf`);
    const text = pdfText(pdfOf(doc));
    expect(text).toContain('Offerte');
    expect(text).toContain(`FCU2${q.id}`);
    expect(text).toMatch(/Totaal excl\. btw\s+€ 300,-/);
    expect(text).toMatch(/Btw 21% over € 200,-\s+€ 42,-/);
    expect(text).toMatch(/Btw 9% over € 100,-\s+€ 9,-/);
    expect(text).toMatch(/Totaal incl\. btw\s+€ 351,-/);
    expect(text).toMatch(/Online betaald\s+€ 351,-/);
    expect(text).toContain('Herengracht 100');
    expect(text).toContain('1015 BS Amsterdam');
    renderFirstPage(pdfOf(doc), `quote-${q.id}`);
    // Fully paid: no down-payment proof.
    const down = await app.inject({ method: 'POST', url: `/api/invoices_down/${q.id}`, headers: auth(customer), payload: {} });
    expect(down.statusCode).toBe(409);
  });

  it('leaves the quote open when the payer cancels, and refuses an expired quote', async () => {
    const q = await createQuote();
    const start = await app.inject({ method: 'POST', url: `/api/invoicePayment/${q.id}`, headers: auth(customer), payload: {} });
    expect(start.statusCode).toBe(200);
    await fetch(start.json().transaction.paymentURL, { method: 'POST', body: new URLSearchParams({ choice: 'cancelled' }), redirect: 'manual' });
    const page = (await byToken(q.token)).json().invoice;
    expect(page.payments).toEqual([]);
    expect(page.payable).toBe(true);

    const old = await createQuote(quote({ expire_date: '2020-01-31' }));
    const expired = (await byToken(old.token)).json().invoice;
    expect(expired.expired).toBe(true);
    expect(expired.payable).toBe(false);
    const res = await app.inject({ method: 'POST', url: '/api/invoicePayment', payload: { token: old.token } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INVOICE_MSG.expired);
  });
});

describe('order documents (worked example: 2 guests, child without bed, non-European passport, voucher, 50 % paid)', () => {
  let orderId: number;
  beforeAll(async () => {
    const trip = await exampleTrip(app);
    orderId = await placeExampleOrder(app, customer, trip.id);
    await payManually(app, admin, orderId, EXAMPLE.half);
  });

  const doc = (kind: string, token: string) =>
    app.inject({ method: 'POST', url: `/api/order/${kind}/${orderId}`, headers: auth(token), payload: {} });

  it('gives the down-payment proof with the amounts of the example, and no invoice yet', async () => {
    const res = await doc('down_payment', customer);
    expect(res.json().filename).toBe(`aanbetalingsbewijs-FCU${orderId}.pdf`);
    const pdf = pdfOf(res);
    const text = pdfText(pdf);
    expect(text).toContain('Aanbetalingsbewijs');
    expect(text).toContain(`FCU2${orderId}`);
    expect(text).toContain('Visumkosten niet-Europees paspoort: Ahmed Yilmaz');
    expect(text).toMatch(/Kind zonder bed: Yusuf Yilmaz\s+1\s+-€ 250,-\s+21%\s+-€ 250,-/);
    expect(text).toMatch(/Kortingscode WELKOM50\s+1\s+-€ 50,-/);
    expect(text).toMatch(/Ahmed Yilmaz\s+Volwassene\s+Kamer 1 \(2-persoons\)\s+Niet-Europees\s+Ja/);
    expect(text).toMatch(/Yusuf Yilmaz\s+Kind\s+Kamer 1 \(2-persoons\)\s+Europees\s+Nee/);
    expect(text).toMatch(new RegExp(`Totaal excl\\. btw\\s+${EXAMPLE.excl.replace('.', '\\.')}`));
    expect(text).toMatch(new RegExp(`Btw 21% over ${EXAMPLE.excl.replace('.', '\\.')}\\s+${EXAMPLE.vat}`));
    expect(text).toMatch(/Totaal reissom incl\. btw\s+€ 3\.390,-/);
    expect(text).toMatch(/Gedeeltelijke bankoverschrijving\s+€ 1\.695,-/);
    expect(text).toMatch(/Ontvangen aanbetaling\s+€ 1\.695,-/);
    expect(text).toMatch(/waarvan btw 21%\s+€ 294,17/);
    expect(text).toMatch(/Nog te betalen\s+€ 1\.695,-/);
    expect(text).toContain('Umrah Reizen');
    expect(text).toContain('1015 BS Amsterdam');
    renderFirstPage(pdf, `down-payment-${orderId}`);

    const invoice = await doc('invoice', customer);
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().message).toBe('De factuur is beschikbaar zodra de bestelling volledig is betaald.');
    for (const kind of ['invoice_credit', 'down_payment_credit']) {
      const credit = await doc(kind, admin);
      expect(credit.statusCode).toBe(409);
      expect(credit.json().message).toBe('Een creditnota is er alleen voor een geannuleerde bestelling.');
    }
  });

  it('is for the owner and staff only', async () => {
    const res = await doc('down_payment', other);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Bestelling niet gevonden.');
    expect((await doc('down_payment', bookkeeper)).statusCode).toBe(200);
    expect((await doc('down_payment', admin)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/order/down_payment/${orderId}`, payload: {} })).statusCode).toBe(401);
  });

  it('gives the invoice once the rest is paid, and the down-payment proof no longer', async () => {
    await payManually(app, admin, orderId, EXAMPLE.half);
    const res = await doc('invoice', customer);
    expect(res.json().filename).toBe(`factuur-FCU${orderId}.pdf`);
    const pdf = pdfOf(res);
    const text = pdfText(pdf);
    expect(text).toContain('Factuur');
    expect(text).toMatch(new RegExp(`Factuurnummer\\s+FCU2${orderId}`));
    expect(text).toMatch(/Totaal incl\. btw\s+€ 3\.390,-/);
    expect(text).toMatch(/Totaal betaald\s+€ 3\.390,-/);
    expect(text).toMatch(/Openstaand bedrag\s+€ 0,-/);
    renderFirstPage(pdf, `invoice-${orderId}`);
    expect((await doc('down_payment', customer)).statusCode).toBe(409);
  });
});

describe('OpenAPI', () => {
  it('describes the invoice, document and cancel calls', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/invoice',
      '/api/invoice/{id}',
      '/api/invoices/admin',
      '/api/invoices',
      '/api/invoiceByToken',
      '/api/invoicePayment',
      '/api/invoicePayment/{id}',
      '/api/order/invoice/{id}',
      '/api/order/down_payment/{id}',
      '/api/order/invoice_credit/{id}',
      '/api/order/down_payment_credit/{id}',
      '/api/invoices_invoice/{id}',
      '/api/invoices_down/{id}',
      '/api/order/cancel/{id}',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
