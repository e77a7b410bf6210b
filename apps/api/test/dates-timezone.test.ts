import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedInvoices, payments } from '../src/db/schema.ts';
import { adminToken, auth, createTestApp, customerToken } from './helpers.ts';
import { EXAMPLE, exampleTrip, payManually, pdfOf, pdfText, placeExampleOrder } from './documents-helpers.ts';

// docs/INVOICES.md, 'Dates': a payment at 00:30 in Amsterdam (23:30 UTC the day before) is that Amsterdam
// day on the invoice PDF and in the bookkeeping export alike, whatever the server's time zone. Node
// applies a new process.env.TZ at once (each test file runs in its own process); the test checks it
// did by the offset the process then reports, before it renders.

let app: FastifyInstance;
let admin: string;
let customer: string;
let tripId: number;
const originalTz = process.env.TZ;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 20 });
  admin = await adminToken(app);
  customer = await customerToken(app);
  tripId = (await exampleTrip(app)).id;
});
afterAll(async () => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
  await app?.close();
});

/** 23:30 UTC on 14 January 2026: 00:30 on 15 January in Amsterdam. */
const LATE = new Date('2026-01-14T23:30:00Z');

const csvRows = (payload: Buffer) =>
  payload
    .subarray(3)
    .toString('utf8')
    .split('\r\n')
    .map((r) => r.split(';'));

describe.each([
  ['UTC', 0],
  ['America/New_York', 300],
])('on a server with TZ=%s', (tz, offsetMinutes) => {
  it('prints the Amsterdam day of a payment and of the invoice on the PDF and in the export', async () => {
    process.env.TZ = tz;
    // The zone really is in effect: this instant is on 14 January on the server's own clock.
    expect(LATE.getTimezoneOffset()).toBe(offsetMinutes);
    expect(LATE.getDate()).toBe(14);

    const orderId = await placeExampleOrder(app, customer, tripId);
    await payManually(app, admin, orderId, EXAMPLE.half);
    const [first] = await app.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    await app.ctx.db.update(payments).set({ createdAt: LATE }).where(eq(payments.id, first!.id));
    await payManually(app, admin, orderId, EXAMPLE.half);
    // The invoice was issued now; as if it had been at that moment too.
    await app.ctx.db
      .update(issuedInvoices)
      .set({ issuedAt: LATE })
      .where(and(eq(issuedInvoices.orderId, orderId), eq(issuedInvoices.kind, 'invoice')));

    const res = await app.inject({ method: 'POST', url: `/api/order/invoice/${orderId}`, headers: auth(customer), payload: {} });
    const text = pdfText(pdfOf(res));
    expect(text).toMatch(/Factuurdatum\s+15-01-2026/);
    expect(text).toMatch(/1\s+15-01-2026\s+Gedeeltelijke bankoverschrijving/);
    expect(text).not.toContain('14-01-2026');

    const paymentsCsv = await app.inject({
      method: 'GET',
      url: '/api/admin/exports/payments.csv?from=2026-01-15&to=2026-01-15',
      headers: auth(admin),
    });
    expect(paymentsCsv.statusCode, paymentsCsv.body).toBe(200);
    expect(csvRows(paymentsCsv.rawPayload).filter((r) => r[1] === String(first!.id))).toEqual([
      expect.arrayContaining(['15-01-2026', String(first!.id), `FCU2${orderId}`]),
    ]);
    const invoicesCsv = await app.inject({
      method: 'GET',
      url: '/api/admin/exports/invoices.csv?from=2026-01-15&to=2026-01-15',
      headers: auth(admin),
    });
    expect(csvRows(invoicesCsv.rawPayload).filter((r) => r[1] === `FCU2${orderId}` && r[2] === 'Factuur bestelling')).toEqual([
      expect.arrayContaining(['15-01-2026', `FCU2${orderId}`]),
    ]);
    // Not on the server's day before.
    const dayBefore = await app.inject({ method: 'GET', url: '/api/admin/exports/invoices.csv?from=2026-01-14&to=2026-01-14', headers: auth(admin) });
    expect(csvRows(dayBefore.rawPayload).some((r) => r[1] === `FCU2${orderId}`)).toBe(false);
  });
});
