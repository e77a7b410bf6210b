import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { ORDER_MSG, ProductType } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { guests, orderLines, orders, products, rooms } from '../src/db/schema.ts';
import { TEST_DB, adminToken, auth, createTestApp, customerToken } from './helpers.ts';

// 200 simultaneous orders for the last 10 places of a room type. On PGlite the transactions run one
// after another; on PostgreSQL (DATABASE_URL) they really race over a pool of 10 connections, and the
// conditional UPDATE of the stock is all that keeps the 11th order out.

const REQUESTS = 200;
const PLACES = 10;

let app: FastifyInstance;
let customer: string;
let admin: string;
let tripProducts: { adult: number; child: number };

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 100 });
  [customer, admin] = await Promise.all([customerToken(app), adminToken(app)]);
  const all = await app.ctx.db.select().from(products).where(eq(products.region, 'NL'));
  const adult = must(
    all.filter((p) => p.type === ProductType.UMRAH_2_ADULT && p.stock > 0).sort((a, b) => a.start!.localeCompare(b.start!))[0],
    'a seeded adult trip with stock',
  );
  const child = all.find((p) => p.type === ProductType.UMRAH_2_CHILD && p.label === adult.label && p.start === adult.start)!;
  tripProducts = { adult: adult.id, child: child.id };
});
afterAll(async () => {
  await app?.close();
});

const setStock = (id: number, stock: number) => app.ctx.db.update(products).set({ stock }).where(eq(products.id, id));
const stockOf = async (id: number) =>
  must((await app.ctx.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0], 'the product').s;

async function ordersHolding(productId: number) {
  const [held] = await app.ctx.db
    .select({ n: sql<number>`count(distinct ${orderLines.orderId})::int` })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  const [total] = await app.ctx.db
    .select({ sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  return { orders: must(held, 'an aggregate row').n, sold: must(total, 'an aggregate row').sold };
}

const oneAdult = (i: number) => ({
  rooms: [
    {
      product_id: tripProducts.adult,
      room_type: 2,
      room_gender: i % 2,
      guests: [{ first_name: `Gast${i}`, last_name: 'Race', age_category: 0 }],
    },
  ],
});

describe(`concurrent orders on ${TEST_DB}`, () => {
  it(`${REQUESTS} simultaneous orders for the last ${PLACES} places: exactly ${PLACES} orders, the rest 409`, async () => {
    await setStock(tripProducts.adult, PLACES);
    const ordersBefore = must((await app.ctx.db.select({ n: count() }).from(orders))[0], 'an aggregate row').n;

    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/order', headers: auth(i % 10 === 0 ? admin : customer), payload: oneAdult(i) }),
      ),
    );

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: PLACES, 409: REQUESTS - PLACES });
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(ORDER_MSG.soldOutRoom);

    expect(await stockOf(tripProducts.adult)).toBe(0);
    expect((await app.ctx.db.select({ n: count() }).from(orders))[0]?.n).toBe(ordersBefore + PLACES);
    expect(await ordersHolding(tripProducts.adult)).toEqual({ orders: PLACES, sold: PLACES });
    // Nothing half-written by the refused ones: one room and one guest per created order.
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().order.id as number);
    expect(new Set(created).size).toBe(PLACES);
    expect((await app.ctx.db.select({ n: count() }).from(rooms).where(inArray(rooms.orderId, created)))[0]?.n).toBe(PLACES);
    expect((await app.ctx.db.select({ n: count() }).from(guests).where(inArray(guests.orderId, created)))[0]?.n).toBe(PLACES);
    expect((await app.ctx.db.select({ n: count() }).from(products).where(lt(products.stock, 0)))[0]?.n).toBe(0);
  });

  it('orders that take several products race without deadlock and never oversell either one', async () => {
    // Each order takes one adult place and one child place, listed in either order; 6 adult and 4
    // child places left, so exactly 4 orders fit.
    await setStock(tripProducts.adult, 6);
    await setStock(tripProducts.child, 4);
    const before = await ordersHolding(tripProducts.child);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const people = [
          { first_name: 'Ouder', last_name: `R${i}`, age_category: 0 },
          { first_name: 'Kind', last_name: `R${i}`, age_category: 1 },
        ];
        return app.inject({
          method: 'POST',
          url: '/api/order',
          headers: auth(customer),
          payload: {
            rooms: [{ product_id: tripProducts.adult, room_type: 2, room_gender: 1, guests: i % 2 ? people : people.reverse() }],
          },
        });
      }),
    );
    const ok = answers.filter((a) => a.statusCode === 201).length;
    expect(ok).toBe(4);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(56);
    expect(await stockOf(tripProducts.adult)).toBe(2);
    expect(await stockOf(tripProducts.child)).toBe(0);
    const after = await ordersHolding(tripProducts.child);
    expect(after.sold - before.sold).toBe(4);
    const negative = await app.ctx.db
      .select({ n: count() })
      .from(products)
      .where(and(inArray(products.id, [tripProducts.adult, tripProducts.child]), lt(products.stock, 0)));
    expect(negative[0]?.n).toBe(0);
  });
});
