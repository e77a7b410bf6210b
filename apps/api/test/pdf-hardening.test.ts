import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/db/schema.ts';
import { configurePdfPool, pdfWorkerThreadId } from '../src/infra/pdf/index.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken } from './helpers.ts';
import { EXAMPLE, exampleTrip, payManually, pdfOf, pdfText, placeExampleOrder } from './documents-helpers.ts';

// Hardening (docs/RULES.md, 'Beyond the rules') and the body limit: a 5 MB first name must not freeze the shop. It cannot be
// stored at all any more (the API's limits, and CHECK constraints in the database for rows written
// any other way); the longest name that can be stored, one unbroken word, must not stall the shop
// while its PDFs are made; cancelling such an order must still complete and mail; an anonymous
// route must refuse a 12 MB body.

const HUGE = 5 * 1024 * 1024;
/** The longest first name the database takes (100 characters), as one unbroken word. */
const NAME = `Fatima${'x'.repeat(94)}`;
const UNAVAILABLE = 'Het document kon niet worden gemaakt. Probeer het later opnieuw.';

let app: FastifyInstance;
let base: string;
let admin: string;
let customer: string;
let tripId: number;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 20 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  admin = await adminToken(app);
  customer = await customerToken(app);
  tripId = (await exampleTrip(app)).id;
  // The pool's start-up (a worker thread loading the renderer, once per process) is not what the
  // health checks below measure: the documents of a 5 MB name are.
  await pdfWorkerThreadId();
  await app.ctx.db.update(users).set({ firstName: NAME }).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => configurePdfPool({ timeoutMs: undefined }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether the outbox worker takes the mail now (not held back for an attachment any more): without
 * SMTP a handled mail becomes 'kept'.
 */
async function released(mailId: number) {
  await app.ctx.mail.kick();
  const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
  return row!.status === 'kept';
}
const xCount = (text: string) => (text.match(/x/g) ?? []).length;

/** Asks for an order document over HTTP and checks /api/health until it is back. */
async function documentWhileHealthChecked(kind: string, orderId: number) {
  let settled = false;
  const pending = fetch(`${base}/api/order/${kind}/${orderId}`, {
    method: 'POST',
    headers: { ...auth(customer), 'content-type': 'application/json' },
    body: '{}',
  }).finally(() => {
    settled = true;
  });
  const times: number[] = [];
  do {
    // Timed from before the pause: the app runs in this thread, so a stalled event loop would
    // also delay the timer and the fetch itself, and must count.
    const started = performance.now();
    await sleep(10);
    const health = await fetch(`${base}/api/health`);
    times.push(performance.now() - started - 10);
    expect(health.status).toBe(200);
  } while (!settled);
  const res = await pending;
  return { res, body: await res.text(), slowest: Math.max(...times) };
}

/**
 * The same, up to five times until every health check was under 100 ms. The machines' 2 cores
 * are shared, and a health check sometimes waits > 100 ms even next to a normal name's document
 * (three attempts in a row did so for the invoice while the web tests ran beside the API's in the
 * full suite); a document rendered on the main thread stalls every attempt (a 60 kB name: 8 s), so
 * a retry cannot hide that.
 */
async function documentWhileHealthFast(kind: string, orderId: number) {
  let last = await documentWhileHealthChecked(kind, orderId);
  for (let attempt = 1; attempt < 5 && last.slowest >= 100; attempt++) last = await documentWhileHealthChecked(kind, orderId);
  return last;
}

describe('a 5 MB first name', () => {
  it('cannot be stored, not even by writing the row directly', async () => {
    const write = app.ctx.db
      .update(users)
      .set({ firstName: `Fatima${'x'.repeat(HUGE)}` })
      .where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    await expect(write).rejects.toSatisfy((err: unknown) => {
      const e = err as { code?: string; cause?: { code?: string } };
      return (e.code ?? e.cause?.code) === '23514';
    });
  });

  it('is refused by the API at once while /api/health keeps answering in < 100 ms', async () => {
    const body = JSON.stringify({ first_name: `Fatima${'x'.repeat(HUGE)}` });
    // The test and the app share this thread (and 2 cores with the rest of the suite): tried up to
    // three times, as the document checks below; a server that read and parsed the 5 MB would stall every try.
    let slowest = Infinity;
    for (let attempt = 0; attempt < 3 && slowest >= 100; attempt++) {
      let settled = false;
      const pending = fetch(`${base}/api/user`, {
        method: 'PUT',
        headers: { ...auth(customer), 'content-type': 'application/json' },
        body,
      }).finally(() => (settled = true));
      const times: number[] = [];
      do {
        const started = performance.now();
        await sleep(5);
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        times.push(performance.now() - started - 5);
      } while (!settled);
      const res = await pending;
      expect([400, 413]).toContain(res.status);
      slowest = Math.max(...times);
    }
    expect(slowest).toBeLessThan(100);
  });
});

describe('the longest name that can be stored', () => {
  it('the down-payment proof is rendered while /api/health answers in < 100 ms', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    await payManually(app, admin, orderId, EXAMPLE.half);
    const { res, body, slowest } = await documentWhileHealthFast('down_payment', orderId);
    expect(slowest).toBeLessThan(100);
    expect(res.status, body).toBe(200);
    const pdf = Buffer.from(JSON.parse(body).data, 'base64');
    const text = pdfText(pdf);
    expect(text).toContain('Aanbetalingsbewijs');
    expect(text).toContain('Fatima');
    expect(xCount(text)).toBeGreaterThan(50);
    expect(xCount(text)).toBeLessThan(250);
  });
  it('the invoice too, and the quote document of that customer', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    await payManually(app, admin, orderId, EXAMPLE.total);
    const { res, body, slowest } = await documentWhileHealthFast('invoice', orderId);
    expect(slowest).toBeLessThan(100);
    expect(res.status, body).toBe(200);
    const text = pdfText(Buffer.from(JSON.parse(body).data, 'base64'));
    expect(text).toContain('Factuur');
    expect(text).toContain('Fatima');
    expect(xCount(text)).toBeLessThan(250);

    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    const quote = await app.inject({
      method: 'POST',
      url: '/api/invoice',
      headers: auth(admin),
      payload: {
        type: 0,
        expire_date: '2099-12-31',
        user_id: row!.id,
        items: [{ label: 'Hotel Mekka', amount_in_cents: 12_100, amount: 1, btw_type: 21 }],
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const document = await app.inject({
      method: 'POST',
      url: `/api/invoices_invoice/${quote.json().invoice.id}`,
      headers: auth(customer),
      payload: {},
    });
    const quoteText = pdfText(pdfOf(document));
    expect(quoteText).toContain('Offerte');
    expect(quoteText).toContain('Fatima');
    expect(xCount(quoteText)).toBeLessThan(250);
  });

  it('is rendered in a worker thread, not on the main thread', async () => {
    expect(await pdfWorkerThreadId()).not.toBe(0);
  });

  it('cancelling such an order completes and queues the mail with the credit note', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    await payManually(app, admin, orderId, EXAMPLE.half);
    const res = await app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}`, headers: auth(admin), payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ changed: true, credit_document: 'down_payment_credit' });
    const [mail] = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Annulering van je bestelling FCU2${orderId}`));
    expect(mail).toBeDefined();
    expect(await released(mail!.id)).toBe(true);
    expect(mail!.text).toContain('In de bijlage vind je de creditnota aanbetaling.');
    // The greeting does not carry 5 MB either.
    expect(mail!.text.length).toBeLessThan(5_000);
    const attachments = mail!.attachments as { filename: string; content: string }[];
    expect(attachments.map((a) => a.filename)).toEqual([`creditnota-aanbetaling-FCU${orderId}.pdf`]);
    const text = pdfText(Buffer.from(attachments[0]!.content, 'base64'));
    expect(text).toContain('Creditnota aanbetaling');
    expect(text).toContain('Fatima');
  });
});

describe('a render that does not finish in time', () => {
  it('answers 503 with a Dutch message instead of hanging', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    await payManually(app, admin, orderId, EXAMPLE.half);
    configurePdfPool({ timeoutMs: 1 });
    const res = await app.inject({ method: 'POST', url: `/api/order/down_payment/${orderId}`, headers: auth(customer), payload: {} });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ error: 'Service Unavailable', message: UNAVAILABLE });
  });

  it('a cancel still completes and mails, without the PDF and with a note where to find it', async () => {
    const orderId = await placeExampleOrder(app, customer, tripId);
    await payManually(app, admin, orderId, EXAMPLE.half);
    configurePdfPool({ timeoutMs: 1 });
    const res = await app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}`, headers: auth(admin), payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ changed: true, credit_document: 'down_payment_credit' });
    const [mail] = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Annulering van je bestelling FCU2${orderId}`));
    expect(mail!.attachments).toEqual([]);
    expect(mail!.text).toContain('kon niet worden meegestuurd');
    expect(mail!.text).toContain('Mijn bestellingen');
    expect(await released(mail!.id)).toBe(true);

    // Once rendering works again the credit note can be downloaded.
    configurePdfPool({ timeoutMs: undefined });
    const download = await app.inject({ method: 'POST', url: `/api/order/down_payment_credit/${orderId}`, headers: auth(customer), payload: {} });
    expect(pdfText(pdfOf(download))).toContain('Creditnota aanbetaling');
  });
});

describe('body limits', () => {
  const TOO_LARGE = { error: 'Payload Too Large', message: 'Het verzoek is te groot.' };

  it('an anonymous route refuses a 12 MB JSON body with 413 in Dutch', async () => {
    const big = JSON.stringify({ email: 'a@example.nl', password: 'x'.repeat(12 * 1024 * 1024) });
    for (const url of ['/api/login', '/api/contact']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: big });
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toEqual(TOO_LARGE);
    }
  });

  it('the default JSON limit is small (200 kB is refused), form bodies too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.nl', password: 'x'.repeat(200 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(TOO_LARGE);
    const form = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=${'x'.repeat(200 * 1024)}`,
    });
    expect(form.statusCode).toBe(413);
    expect(form.json()).toEqual(TOO_LARGE);
  });

  it('the bulk product import takes a larger body (500 kB is read and validated, not refused)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...auth(admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ products: [], padding: 'x'.repeat(500 * 1024) }),
    });
    expect(res.statusCode).not.toBe(413);
  });
});
