import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken } from './helpers.ts';
import { EXAMPLE, exampleTrip, payManually, pdfOf, pdfText, placeExampleOrder } from './documents-helpers.ts';

// Many customers have Turkish or Moroccan names: Helvetica (Latin-1) drew 'Şükrü Yılmaz' garbled.
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 20 });
});
afterAll(async () => {
  await app?.close();
});

describe('PDF documents', () => {
  it('print names outside Latin-1 as written', async () => {
    await app.ctx.db.update(users).set({ firstName: 'Şükrü', lastName: 'Yılmaz-Ağaoğlu' }).where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    const [admin, customer] = [await adminToken(app), await customerToken(app)];
    const orderId = await placeExampleOrder(app, customer, (await exampleTrip(app)).id);
    await payManually(app, admin, orderId, EXAMPLE.total);
    const res = await app.inject({ method: 'POST', url: `/api/order/invoice/${orderId}`, headers: auth(customer), payload: {} });
    const text = pdfText(pdfOf(res));
    expect(text).toContain('Şükrü Yılmaz-Ağaoğlu');
    expect(text).toContain(EXAMPLE.totalText);
  });
});
