import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleStoredFlexSchema,
  guestStoredFlexSchema,
  orderLineStoredFlexSchema,
  orderStoredFlexSchema,
  plainStoredFlexSchema,
  productStoredFlexSchema,
  roomStoredFlexSchema,
  transactionStoredFlexSchema,
} from '@umrah/domain/stored-flex';
import {
  articleCategories,
  articles,
  crowdfunds,
  guests,
  invoiceItems,
  invoices,
  orderLines,
  orders,
  payments,
  products,
  rooms,
  transactions,
  vouchers,
} from '../src/db/schema.ts';
import { TEST_DB, adminToken, createTestApp, customerToken } from './helpers.ts';
import { exampleTrip, payManually, placeExampleOrder } from './documents-helpers.ts';

// The flex columns are typed from these schemas (db/schema.ts); this checks the type is true of what
// the seed and an order with a payment really store, so the readers can trust it.

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  const [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
  const orderId = await placeExampleOrder(app, customer, (await exampleTrip(app)).id);
  await payManually(app, admin, orderId, 10_000);
});
afterAll(async () => {
  await app?.close();
});

describe(`the stored flex of every table matches its schema on ${TEST_DB}`, () => {
  const tables = [
    ['products', products, productStoredFlexSchema],
    ['orders', orders, orderStoredFlexSchema],
    ['rooms', rooms, roomStoredFlexSchema],
    ['guests', guests, guestStoredFlexSchema],
    ['order_lines', orderLines, orderLineStoredFlexSchema],
    ['transactions', transactions, transactionStoredFlexSchema],
    ['articles', articles, articleStoredFlexSchema],
    ['payments', payments, plainStoredFlexSchema],
    ['invoices', invoices, plainStoredFlexSchema],
    ['invoice_items', invoiceItems, plainStoredFlexSchema],
    ['vouchers', vouchers, plainStoredFlexSchema],
    ['crowdfunds', crowdfunds, plainStoredFlexSchema],
    ['article_categories', articleCategories, plainStoredFlexSchema],
  ] as const;

  it.each(tables)('%s', async (_name, table, schema) => {
    const rows = await app.ctx.db.select({ flex: table.flex }).from(table);
    for (const { flex } of rows) expect(schema.safeParse(flex).error).toBeUndefined();
  });

  it('has rows to check where the seed and the order write them', async () => {
    for (const table of [products, orders, rooms, guests, orderLines, payments, articles, vouchers, crowdfunds]) {
      expect((await app.ctx.db.select({ flex: table.flex }).from(table)).length).toBeGreaterThan(0);
    }
  });

  it('keeps keys a schema does not name, and refuses a known key of the wrong kind', () => {
    expect(orderStoredFlexSchema.parse({ pay_partly: true, extras: [{ room: 0, extras: ['Taif'] }] })).toEqual({
      pay_partly: true,
      extras: [{ room: 0, extras: ['Taif'] }],
    });
    expect(orderLineStoredFlexSchema.safeParse({ kind: 'iets' }).success).toBe(false);
    expect(guestStoredFlexSchema.safeParse({ disabled: 'ja' }).success).toBe(false);
  });
});
