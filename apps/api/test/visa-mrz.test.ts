import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, ProductType } from '@umrah/domain';
import { buildMrz } from '@umrah/domain/mrz';
import { orders, products } from '../src/db/schema.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { adminToken, auth, createTestApp, customerToken } from './helpers.ts';

// A scanned passport (docs/RULES.md, 'Validation: Visa form'): the client sends the MRZ lines with the form; the
// server reads them again and calls the data scanned only when the check digits hold and the MRZ
// says what the form says. Staff see which it was per guest.

let app: FastifyInstance;
let admin: string;
let customer: string;
let productId: number;
let photo: string;

const post = (url: string, payload: unknown, token: string) => app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });

async function paidOrder(guestCount: number) {
  const res = await post(
    '/api/order',
    {
      // Rooms of two.
      rooms: Array.from({ length: Math.ceil(guestCount / 2) }, (_, r) => ({
        product_id: productId,
        room_type: 2,
        room_gender: 0,
        exclusive: false,
        guests: Array.from({ length: Math.min(2, guestCount - 2 * r) }, (_, i) => ({
          first_name: `Gast${2 * r + i}`,
          last_name: 'Bakkali',
          age_category: 0,
        })),
      })),
      flex: JSON.stringify({ pay_partly: true }),
    },
    customer,
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order;
  await app.ctx.db.update(orders).set({ status: OrderStatus.DOWN_PAYMENT }).where(eq(orders.id, order.id));
  return { id: order.id as number, guestIds: order.rooms.flatMap((r: { guests: { id: number }[] }) => r.guests.map((g) => g.id)) as number[] };
}

const passport = () => {
  const number = `NX${randomBytes(3).toString('hex').toUpperCase()}1`;
  const mrz = buildMrz({
    issuer: 'NLD',
    lastName: 'BAKKALI',
    firstName: 'NOURA',
    number,
    nationality: 'NLD',
    birth: '1990-07-14',
    sex: 'F',
    expiry: '2034-01-31',
  });
  return { number, mrz };
};

const body = (orderId: number, guestId: number, number: string, over: Record<string, unknown> = {}) => ({
  order_id: orderId,
  guest_id: guestId,
  first_name: 'NOURA',
  last_name: 'BAKKALI',
  gender: 1,
  date_of_birth: '1990-07-14',
  nationality: 'NL',
  city_of_country: 'MA',
  city_of_birth: 'Nador',
  passport_number: number,
  passport_creation_date: '2024-02-01',
  passport_expires: '2034-01-31',
  visa_photo: photo,
  ...over,
});

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 50 });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
  const all = await app.ctx.db.select().from(products);
  const trip = all.find((p) => p.type === ProductType.UMRAH_2_ADULT && p.region === 'NL' && p.stock > 5 && p.start! > dutchToday());
  productId = trip!.id;
  const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: { r: 200, g: 180, b: 160 } } })
    .jpeg()
    .toBuffer();
  photo = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
});
afterAll(async () => {
  await app?.close();
});

describe('a scanned passport (MRZ) next to the typed visa data', () => {
  it('is marked scanned only when the check digits hold and the MRZ equals the form; typed otherwise', async () => {
    const order = await paidOrder(5);
    const [scanned, typed, otherNumber, badDigit, garbage] = order.guestIds;
    const p = passport();
    const send = async (guestId: number, over: Record<string, unknown>) => {
      const res = await post('/api/order/guest/visa', body(order.id, guestId!, p.number, over), customer);
      expect(res.statusCode, res.body).toBe(201);
    };
    await send(scanned!, { mrz: p.mrz });
    await send(typed!, {});
    // The guest changed the passport number after scanning: the MRZ no longer proves it.
    await send(otherNumber!, { mrz: p.mrz, passport_number: 'NX0000001' });
    // One digit of the birth date changed in the MRZ: its check digit fails.
    await send(badDigit!, { mrz: [p.mrz[0], p.mrz[1].slice(0, 13) + '91' + p.mrz[1].slice(15)], date_of_birth: '1991-07-14' });
    await send(garbage!, { mrz: ['P<NLD', 'kapot'] });

    const res = await app.inject({ method: 'GET', url: `/api/admin/order/${order.id}/visa`, headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const source = Object.fromEntries(
      res.json().guests.map((g: { id: number; documents: { passport_source: string } }) => [g.id, g.documents.passport_source]),
    );
    expect(source).toEqual({ [scanned!]: 'mrz', [typed!]: 'typed', [otherNumber!]: 'typed', [badDigit!]: 'typed', [garbage!]: 'typed' });
  });

  it('refuses MRZ lines longer than a TD3 line or more than two of them with a 400, before saving', async () => {
    const order = await paidOrder(1);
    const p = passport();
    for (const mrz of [[`${p.mrz[0]}<`, p.mrz[1]], [...p.mrz, p.mrz[1]], 'P<NLD']) {
      const res = await post('/api/order/guest/visa', body(order.id, order.guestIds[0]!, p.number, { mrz }), customer);
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
