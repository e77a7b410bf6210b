import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { ORDER_MSG, OrderStatus, ProductType } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { crowdfunds, mailOutbox, orders, payments, products, rooms, users, visaDocuments, vouchers } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken, solveCaptcha, validAccount } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let customer: string;
let customerId: number;
let adminId: number;
/** The 2-person adult product of a Firstclass NL trip that is on sale, and its package siblings. */
let trip: { adult2: number; child2: number; baby2: number; adult4: number; child3: number; soldOut2: number; lesson: number; fund: number };

type ProductRow = typeof products.$inferSelect;
const stockOf = async (id: number) =>
  must((await app.ctx.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0], 'the product').s;
const orderCount = async () => must((await app.ctx.db.select({ n: count() }).from(orders))[0], 'an aggregate row').n;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
  const db = app.ctx.db;
  customerId = must((await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email)))[0], 'the demo customer').id;
  adminId = must((await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email)))[0], 'the demo admin').id;
  const all = await db.select().from(products);
  const firstclass = (p: ProductRow) => p.region === 'NL' && (p.flex as { type_class: number }).type_class === 0;
  const onSale = must(
    all.filter((p) => p.type === ProductType.UMRAH_2_ADULT && firstclass(p) && p.stock > 0).sort((a, b) => a.start!.localeCompare(b.start!))[0],
    'a seeded Firstclass trip on sale',
  );
  const sibling = (type: number) => all.find((p) => p.type === type && p.label === onSale.label && p.start === onSale.start && p.region === 'NL')!.id;
  const soldOut = all.find((p) => p.type === ProductType.UMRAH_2_ADULT && firstclass(p) && p.stock === 0)!;
  const lesson = all.find((p) => p.type === ProductType.ARABIA_BEGINNER && p.region === 'NL')!;
  const fund = must((await db.select().from(crowdfunds))[0], 'a seeded crowdfund');
  trip = {
    adult2: onSale.id,
    child2: sibling(ProductType.UMRAH_2_CHILD),
    baby2: sibling(ProductType.UMRAH_2_BABY),
    adult4: sibling(ProductType.UMRAH_4_ADULT),
    child3: sibling(ProductType.UMRAH_3_CHILD),
    soldOut2: soldOut.id,
    lesson: lesson.id,
    fund: fund.id,
  };
});
afterAll(async () => {
  await app?.close();
});

const adult = (first = 'Ahmed', extra: Record<string, unknown> = {}) => ({ first_name: first, last_name: 'Yilmaz', age_category: 0, ...extra });
const child = (first = 'Sara', extra: Record<string, unknown> = {}) => ({ first_name: first, last_name: 'Yilmaz', age_category: 1, ...extra });
const room = (guests: unknown[], extra: Record<string, unknown> = {}) => ({
  product_id: trip.adult2,
  room_type: 2,
  room_gender: 0,
  exclusive: false,
  guests,
  ...extra,
});
const order = (payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url: '/api/order', payload: payload as object, headers: token ? auth(token) : {} });

describe('POST /api/order prices from the database', () => {
  it('orders placed at the same moment are each priced with their own products and vouchers', async () => {
    const payloads = [
      { rooms: [room([adult('Ahmed', { european_passport: false }), child('Sara', { bed_included: false })])], flex: { discounts: ['WELKOM50'] } },
      { rooms: [room([adult('Fatima'), adult('Omar'), adult('Ali'), adult('Aisha')], { product_id: trip.adult4, room_type: 4 })] },
      { rooms: [room([adult('Hamza'), adult('Bilal')])] },
      {
        rooms: [room([adult('Yusuf')], { exclusive: true }), room([adult('Maryam'), child('Noor')], { room_gender: 1 })],
        flex: { discounts: ['WELKOM50'] },
      },
    ];
    // Each alone first, as the preview prices it (its own read), then all at once (one read for all).
    const alone: { total_price: number; discounts: string[] }[] = [];
    for (const p of payloads) {
      const res = await app.inject({ method: 'POST', url: '/api/order/preview', payload: p, headers: auth(customer) });
      expect(res.statusCode, res.body).toBe(200);
      alone.push(res.json());
    }
    const together = await Promise.all([...payloads, ...payloads].map((p) => order(p, customer)));
    together.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(201);
      const { order: placed } = res.json();
      const preview = must(alone[i % payloads.length], 'the preview of the same payload');
      expect(placed.total_price).toBe(preview.total_price);
      expect(placed.flex.discounts).toEqual(preview.discounts);
    });
    // Every order has its own id, rooms and guests.
    const ids = together.map((r) => r.json().order.id);
    expect(new Set(ids).size).toBe(ids.length);
    const guestIds = together.flatMap((r) => r.json().order.rooms.flatMap((room: { guests: { id: number }[] }) => room.guests.map((g) => g.id)));
    expect(new Set(guestIds).size).toBe(guestIds.length);
  });

  it('the combined worked example: adult without European passport + child without bed + WELKOM50 = 3390 euro', async () => {
    const before = { adult: await stockOf(trip.adult2), child: await stockOf(trip.child2), visa: await stockOf(1) };
    const res = await order(
      {
        rooms: [room([adult('Ahmed', { european_passport: false }), child('Sara', { bed_included: false })])],
        flex: JSON.stringify({ discounts: ['WELKOM50'], pay_partly: true }),
      },
      customer,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Bestelling succesvol aangemaakt.');
    expect(body.order).toMatchObject({
      user_id: customerId,
      status: OrderStatus.LEAD,
      total_price: 339000,
      total_payments: 0,
      order_number: `FCU2${body.order.id}`,
      flex: { pay_partly: true, discounts: ['kid-without-bed', 'WELKOM50'] },
    });
    // The same lines as the domain's worked example.
    expect(body.order.lines.map((l: { kind: string; total: number }) => [l.kind, l.total])).toEqual([
      ['room', 189500],
      ['non_eu_passport', 30000],
      ['room', 149500],
      ['kid_without_bed', -25000],
      ['voucher', -5000],
    ]);
    expect(body.order.rooms).toHaveLength(1);
    expect(body.order.rooms[0]).toMatchObject({ product_id: trip.adult2, room_type: 2, max_guests: 2, room_gender: 0, exclusive: false });
    expect(body.order.rooms[0].guests.map((g: { product_id: number }) => g.product_id)).toEqual([trip.adult2, trip.child2]);
    // Stock taken per product sold.
    expect(await stockOf(trip.adult2)).toBe(before.adult - 1);
    expect(await stockOf(trip.child2)).toBe(before.child - 1);
    expect(await stockOf(1)).toBe(before.visa - 1);
    // The confirmation mail is in the outbox, with the order number.
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO_ACCOUNTS.customer.email));
    const mail = mails.find((m) => m.subject.includes(`FCU2${body.order.id}`));
    expect(mail?.text).toContain('€ 3.390,-');
    expect(mail?.text).toContain('aanbetaling van 50%: € 1.695,-');
  });

  it('an exclusive room for one adult in a male 2-person room adds product 999 (+850)', async () => {
    const res = await order({ rooms: [room([adult()], { exclusive: true })] }, customer);
    expect(res.statusCode).toBe(201);
    expect(res.json().order.total_price).toBe(189500 + 85000);
    expect(res.json().order.lines[1]).toMatchObject({ product_id: 999, unit_price: 85000, kind: 'exclusive_room' });
  });

  it('ignores every price the client sends', async () => {
    const res = await order(
      {
        rooms: [{ ...room([{ ...adult(), price: 1, unit_price: 1 }]), price: 1, total_price: 1 }],
        products: [999, 1],
        total_price: 1,
        price: 1,
        flex: { discounts: ['kid-without-bed', 'kid-without-bed'], total: 1 },
      },
      customer,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().order.total_price).toBe(189500);
    expect(res.json().order.flex.discounts).toEqual([]);
  });

  it('a lesson needs its availability and takes lesson stock; a donation adds to the total', async () => {
    const missing = await order({ products: [trip.lesson] }, customer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ORDER_MSG.days);
    const before = await stockOf(trip.lesson);
    const res = await order(
      {
        products: [trip.lesson],
        crowdfunds: [{ funding_id: trip.fund, funding_amount: 100000 }],
        flex: { arabia_availibilities: [{ id: trip.lesson, days: ['Woensdag', 'Maandag'], times: ['09:00-12:00'] }] },
      },
      customer,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().order.total_price).toBe(2500 + 100000);
    expect(res.json().order.flex.arabia_availibilities).toEqual([{ id: trip.lesson, days: ['Maandag', 'Woensdag'], times: ['09:00-12:00'] }]);
    expect(res.json().order.crowdfunds).toEqual([
      { id: trip.fund, funding_id: trip.fund, label: 'Waterput in Senegal', funding_amount: 100000, pivot: { funding_amount: 100000 } },
    ]);
    expect(await stockOf(trip.lesson)).toBe(before - 1);
    // 5000 euro goal, 1000 pledged: at most 4000 left.
    const over = await order({ crowdfunds: [{ funding_id: trip.fund, funding_amount: 400001 }] }, customer);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Bedrag moet lager zijn dan € 4.000,-');
  });
});

describe('POST /api/order refuses bad input in Dutch and creates nothing', () => {
  it.each([
    ['no room type', () => ({ rooms: [room([adult()], { room_type: undefined })] }), 'Kamer type is verplicht!'],
    ['no room kind', () => ({ rooms: [room([adult()], { room_gender: null })] }), 'Kamer soort is verplicht!'],
    ['no first name', () => ({ rooms: [room([adult('')])] }), 'Voornaam is verplicht!'],
    ['no age category', () => ({ rooms: [room([{ first_name: 'A', last_name: 'B' }])] }), 'Leeftijdscategorie is verplicht!'],
    ['mix room without gender', () => ({ rooms: [room([adult('A'), adult('B')], { room_gender: 2 })] }), 'Geslacht is verplicht!'],
    [
      'mix room not full',
      () => ({ rooms: [room([adult('A', { gender: 0 })], { room_gender: 2 })] }),
      'Er moet(en) minimaal 2 bed(den) gevuld zijn in deze kamer.',
    ],
    ['too many beds', () => ({ rooms: [room([adult('A'), adult('B'), adult('C')])] }), ORDER_MSG.maxBeds(2)],
    ['4-person room with a child', () => ({ rooms: [room([adult(), adult('B'), adult('C'), child()], { room_type: 4 })] }), ORDER_MSG.adultsOnly],
    ['exclusive with two guests', () => ({ rooms: [room([adult(), adult('B')], { exclusive: true })] }), ORDER_MSG.exclusive],
    ['no guests', () => ({ rooms: [room([])] }), ORDER_MSG.minGuests],
    ['empty cart', () => ({}), 'Winkelwagen is leeg'],
    ['unknown voucher', () => ({ rooms: [room([adult()])], flex: { discounts: ['NEP'] } }), 'Deze kortingscode bestaat niet.'],
    ['expired voucher', () => ({ rooms: [room([adult()])], flex: { discounts: ['VERLOPEN'] } }), 'Kortingscode is verlopen.'],
    [
      'more vouchers than items',
      () => ({ rooms: [room([adult()])], flex: { discounts: ['WELKOM50', 'WELKOM50'] } }),
      'Kortingscode kan niet vaker worden gebruikt.',
    ],
    ['donation of 0', () => ({ crowdfunds: [{ funding_id: 1, funding_amount: 0 }] }), 'Bedrag moet boven 0 zijn'],
    ['donation without amount', () => ({ crowdfunds: [{ funding_id: 1 }] }), 'Bedrag is verplicht!'],
    ['unreadable flex', () => ({ rooms: [room([adult()])], flex: '{kapot' }), 'Ongeldige invoer.'],
    ['unknown product', () => ({ products: [987654] }), ORDER_MSG.productNotFound],
  ] as [string, () => unknown, string][])('%s', async (_name, payload, message) => {
    const [ordersBefore, stockBefore] = [await orderCount(), await stockOf(trip.adult2)];
    const res = await order(payload(), customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
    expect(await orderCount()).toBe(ordersBefore);
    expect(await stockOf(trip.adult2)).toBe(stockBefore);
  });

  it('answers wrong JSON types in Dutch, in every detail', async () => {
    const bodies = [
      '"tekst"',
      'null',
      '[]',
      '5',
      JSON.stringify({ products: ['x'], rooms: 'x', crowdfunds: {}, user: true, flex: 5 }),
      JSON.stringify({
        rooms: [
          {
            product_id: 'x',
            room_type: '2',
            room_gender: 0,
            exclusive: 'ja',
            extras: [5],
            guests: [5, { first_name: 1, european_passport: 'nee', flex: 'x' }],
          },
        ],
      }),
      JSON.stringify({
        products: [1],
        flex: { pay_partly: 'ja', discounts: [5], arabia_availibilities: [{ id: 'x', days: 'Maandag', times: [1] }] },
      }),
      JSON.stringify({ crowdfunds: [5, { funding_id: 'x', funding_amount: '5' }] }),
    ];
    for (const payload of bodies) {
      for (const url of ['/api/order', '/api/order/preview']) {
        const res = await app.inject({ method: 'POST', url, headers: { ...auth(customer), 'content-type': 'application/json' }, payload });
        expect(res.statusCode, payload).toBe(400);
        const texts = [res.json().message, ...(res.json().details ?? []).map((d: { message: string }) => d.message)];
        for (const t of texts) expect(t, `${url} ${payload}`).not.toMatch(/invalid|expected|received/i);
      }
    }
  });

  it("a sold-out room type gives 409 'Deze kamer is helaas uitverkocht.' and takes no other stock", async () => {
    const [ordersBefore, visaBefore] = [await orderCount(), await stockOf(1)];
    const res = await order({ rooms: [room([adult('A', { european_passport: false })], { product_id: trip.soldOut2 })] }, customer);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Deze kamer is helaas uitverkocht.');
    expect(await orderCount()).toBe(ordersBefore);
    expect(await stockOf(1)).toBe(visaBefore);
  });

  it('a trip that has already departed cannot be booked by a customer', async () => {
    const [inserted] = await app.ctx.db
      .insert(products)
      .values({ type: 2, label: 'Oude reis', start: '2020-01-10', end: '2020-01-24', stock: 5, price: 100000, region: 'NL', flex: { type_class: 0 } })
      .returning();
    const past = must(inserted, 'the inserted product');
    const res = await order({ rooms: [room([adult()], { product_id: past.id })] }, customer);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ORDER_MSG.departed);
    const byAdmin = await order({ rooms: [room([adult()], { product_id: past.id })], user: customerId }, admin);
    expect(byAdmin.statusCode).toBe(201);
  });
});

describe('who may order for whom', () => {
  it('needs a login', async () => {
    const res = await order({ rooms: [room([adult()])] });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Log in om deze pagina te bekijken');
  });

  it("refuses a customer who sends another user's id or email, and creates nothing", async () => {
    const before = await orderCount();
    for (const user of [adminId, DEMO_ACCOUNTS.admin.email, String(adminId)]) {
      const res = await order({ rooms: [room([adult()])], user }, customer);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORDER_MSG.otherUser);
    }
    expect(await orderCount()).toBe(before);
    // Naming oneself is fine.
    const own = await order({ rooms: [room([adult()])], user: customerId }, customer);
    expect(own.statusCode).toBe(201);
    expect(own.json().order.user_id).toBe(customerId);
  });

  it('lets an admin order for a customer chosen by email or id', async () => {
    const byEmail = await order({ rooms: [room([adult()])], user: DEMO_ACCOUNTS.customer.email.toUpperCase() }, admin);
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json().order).toMatchObject({ user_id: customerId, created_by_user_id: adminId });
    const byId = await order({ rooms: [room([adult()])], user: customerId }, admin);
    expect(byId.json().order.user_id).toBe(customerId);
    const unknown = await order({ rooms: [room([adult()])], user: 'niemand@example.nl' }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ORDER_MSG.userNotFound);
  });

  it('a user registered in the wizard can order right away', async () => {
    const account = validAccount();
    const reg = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...account, password: 'Geheim-wachtwoord-1', login_user: true, altcha: await solveCaptcha(app) },
    });
    const token = reg.json().token as string;
    const res = await order({ rooms: [room([adult()], { exclusive: true, room_gender: 1 })], flex: { discounts: ['WELKOM50'] } }, token);
    expect(res.statusCode).toBe(201);
    expect(res.json().order.total_price).toBe(189500 + 85000 - 5000);
    expect(res.json().order.user.email).toBe(account.email);
  });
});

describe('reading orders', () => {
  let ownId: number;
  let otherId: number;
  beforeAll(async () => {
    ownId = (await order({ rooms: [room([adult('Eigen')])] }, customer)).json().order.id;
    const other = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
    otherId = (await order({ rooms: [room([adult('Ander')])] }, other)).json().order.id;
    await app.ctx.db.insert(payments).values([
      { orderId: ownId, paymentType: 2, amount: 50000 },
      { orderId: ownId, paymentType: 0, amount: 25000 },
    ]);
  });

  it('GET /api/orders gives only my orders, with rooms, guests, lines and payments', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/orders', headers: auth(customer) });
    expect(res.statusCode).toBe(200);
    const list = res.json().orders as { id: number; user_id: number }[];
    expect(list.length).toBeGreaterThan(1);
    expect(list.every((o) => o.user_id === customerId)).toBe(true);
    expect(list.some((o) => o.id === otherId)).toBe(false);
    const own = res.json().orders.find((o: { id: number }) => o.id === ownId);
    expect(own).toMatchObject({ total_price: 189500, total_payments: 75000, amount_open: 114500 });
    expect(own.rooms[0].guests[0]).toMatchObject({
      first_name: 'Eigen',
      age_category: 0,
      gender: 0,
      european_passport: true,
      bed_included: true,
      flex: { disabled: false },
    });
    expect(own.products).toEqual([expect.objectContaining({ id: trip.adult2, quantity: 1 })]);
  });

  it("GET /api/order/{id}: mine 200, someone else's 404, any for an admin", async () => {
    expect((await app.inject({ method: 'GET', url: `/api/order/${ownId}` })).statusCode).toBe(401);
    const mine = await app.inject({ method: 'GET', url: `/api/order/${ownId}`, headers: auth(customer) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().order.id).toBe(ownId);
    const other = await app.inject({ method: 'GET', url: `/api/order/${otherId}`, headers: auth(customer) });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ORDER_MSG.notFound);
    expect((await app.inject({ method: 'GET', url: `/api/order/${otherId}`, headers: auth(admin) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/order/abc', headers: auth(admin) })).statusCode).toBe(400);
  });

  it('GET /api/admin/orders: admin only; search by order number, email or name; products filter; leads apart', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/orders', headers: auth(customer) })).statusCode).toBe(403);
    await app.ctx.db.update(orders).set({ status: OrderStatus.COMPLETED }).where(eq(orders.id, ownId));
    const get = async (qs: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/admin/orders${qs}`, headers: auth(admin) });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const byNumber = await get(`?q=FCU2${ownId}`);
    expect(byNumber.orders.map((o: { id: number }) => o.id)).toEqual([ownId]);
    expect(byNumber.leads).toEqual([]);
    const byEmail = await get('?q=boekhouder@');
    expect(byEmail.leads.map((o: { id: number }) => o.id)).toContain(otherId);
    expect([...byEmail.orders, ...byEmail.leads].every((o: { user: { email: string } }) => o.user.email === DEMO_ACCOUNTS.bookkeeper.email)).toBe(
      true,
    );
    const byName = await get(`?q=${encodeURIComponent('Ahmed Yilmaz')}`);
    expect(byName.orders.map((o: { id: number }) => o.id)).toContain(ownId);
    const leads = await get('?status=1&pageSize=2');
    expect(leads.orders).toHaveLength(2);
    expect(leads.total).toBeGreaterThan(2);
    expect(leads.orders.every((o: { status: number }) => o.status === 1)).toBe(true);
    const lessonOrders = await get(`?products=${trip.lesson}&status=1`);
    expect(lessonOrders.total).toBe(1);
    const tripOrders = await get(`?products=${trip.adult2}`);
    expect(tripOrders.orders.map((o: { id: number }) => o.id)).toEqual([ownId]);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/orders?products=1;drop', headers: auth(admin) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/order/{id} edits', () => {
  it('replaces the contents of my LEAD order and moves stock by the difference', async () => {
    const created = (await order({ rooms: [room([adult('A'), child('B', { bed_included: false })])] }, customer)).json().order;
    const before = { adult: await stockOf(trip.adult2), child: await stockOf(trip.child2) };
    const res = await app.inject({
      method: 'POST',
      url: `/api/order/${created.id}`,
      headers: auth(customer),
      payload: { rooms: [room([adult('A'), adult('C')])], flex: { discounts: ['WELKOM50'] }, total_price: 5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORDER_MSG.updated);
    expect(res.json().order).toMatchObject({ id: created.id, total_price: 2 * 189500 - 5000, status: OrderStatus.LEAD });
    expect(res.json().order.rooms[0].guests.map((g: { first_name: string }) => g.first_name)).toEqual(['A', 'C']);
    expect(await stockOf(trip.adult2)).toBe(before.adult - 1);
    expect(await stockOf(trip.child2)).toBe(before.child + 1);
    const roomCount = await app.ctx.db.select({ n: count() }).from(rooms).where(eq(rooms.orderId, created.id));
    expect(roomCount[0]?.n).toBe(1);
  });

  it("keeps a voucher that expired after it was applied, refuses someone else's order, and a paid one for customers", async () => {
    const created = (await order({ rooms: [room([adult()])], flex: { discounts: ['WELKOM50'] } }, customer)).json().order;
    await app.ctx.db.execute(sql`update vouchers set expire_date = now() - interval '1 day' where label = 'WELKOM50'`);
    try {
      const kept = await app.inject({
        method: 'POST',
        url: `/api/order/${created.id}`,
        headers: auth(customer),
        payload: { rooms: [room([adult('Nieuw')])], flex: { discounts: ['WELKOM50'] } },
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().order.total_price).toBe(189500 - 5000);
    } finally {
      await app.ctx.db.execute(sql`update vouchers set expire_date = now() + interval '1 year' where label = 'WELKOM50'`);
    }
    const bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/order/${created.id}`,
      headers: auth(bookkeeper),
      payload: { rooms: [room([adult()])] },
    });
    expect(foreign.statusCode).toBe(404);

    // A real down payment (half of the total after the edit below), so the status the edit derives
    // from what is paid stays DOWN_PAYMENT.
    await app.ctx.db.insert(payments).values({ orderId: created.id, paymentType: 5, amount: 189500 });
    await app.ctx.db.update(orders).set({ status: OrderStatus.DOWN_PAYMENT }).where(eq(orders.id, created.id));
    const paid = await app.inject({
      method: 'POST',
      url: `/api/order/${created.id}`,
      headers: auth(customer),
      payload: { rooms: [room([adult()])] },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(ORDER_MSG.notEditable);
    const byAdmin = await app.inject({
      method: 'POST',
      url: `/api/order/${created.id}`,
      headers: auth(admin),
      payload: { rooms: [room([adult(), adult('B')])] },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().order).toMatchObject({ user_id: customerId, total_price: 2 * 189500, status: OrderStatus.DOWN_PAYMENT });
  });

  it('lets the status follow what is paid when an admin edit changes the total', async () => {
    const created = (await order({ rooms: [room([adult(), adult('B')])] }, customer)).json().order;
    // Half of 2 × 1895 euro paid: a down payment.
    await app.ctx.db.insert(payments).values({ orderId: created.id, paymentType: 5, amount: 189500 });
    await app.ctx.db.update(orders).set({ status: OrderStatus.DOWN_PAYMENT }).where(eq(orders.id, created.id));
    const smaller = await app.inject({
      method: 'POST',
      url: `/api/order/${created.id}`,
      headers: auth(admin),
      payload: { rooms: [room([adult()])] },
    });
    expect(smaller.statusCode).toBe(200);
    // One adult costs what was paid: the order is now fully paid.
    expect(smaller.json().order).toMatchObject({ total_price: 189500, status: OrderStatus.COMPLETED });
    const bigger = await app.inject({
      method: 'POST',
      url: `/api/order/${created.id}`,
      headers: auth(admin),
      payload: { rooms: [room([adult(), adult('B')])] },
    });
    expect(bigger.json().order).toMatchObject({ total_price: 2 * 189500, status: OrderStatus.DOWN_PAYMENT });
  });

  it('refuses to replace guests whose travel documents are in', async () => {
    const created = (await order({ rooms: [room([adult()])] }, customer)).json().order;
    await app.ctx.db.insert(visaDocuments).values({
      guestId: created.rooms[0].guests[0].id,
      orderId: created.id,
      firstName: 'Ahmed',
      lastName: 'Yilmaz',
      gender: 0,
      nationality: 'NL',
      cityOfCountry: 'NL',
      // Any envelope will do: only the document's presence matters here.
      sealed: 'test',
      keyId: 'test',
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/order/${created.id}`,
      headers: auth(customer),
      payload: { rooms: [room([adult('X')])] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORDER_MSG.hasDocuments);
  });
});

describe('POST /api/order/preview', () => {
  it('prices a cart without login and without creating anything', async () => {
    const [before, stock] = [await orderCount(), await stockOf(trip.adult2)];
    const res = await app.inject({
      method: 'POST',
      url: '/api/order/preview',
      payload: {
        rooms: [room([adult('A', { european_passport: false }), child('B', { bed_included: false })])],
        flex: { discounts: ['WELKOM50'], pay_partly: true },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total_price: 339000, subtotal: 369000, discount_total: 30000, amount_to_pay: 169500 });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(trip.adult2)).toBe(stock);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/order/preview',
      payload: { rooms: [room([adult()])], flex: { discounts: ['VERLOPEN'] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Kortingscode is verlopen.');
  });

  it("says whether a 50 % down payment can still be chosen: not after the trip's payment deadline", async () => {
    const product = must((await app.ctx.db.select().from(products).where(eq(products.id, trip.adult2)))[0], 'the trip');
    const preview = () =>
      app.inject({ method: 'POST', url: '/api/order/preview', payload: { rooms: [room([adult()])], flex: { pay_partly: true } } });
    await app.ctx.db.update(products).set({ paymentDeadline: '2099-12-31' }).where(eq(products.id, trip.adult2));
    expect((await preview()).json()).toMatchObject({ down_payment_allowed: true, down_payment_message: null });
    try {
      await app.ctx.db.update(products).set({ paymentDeadline: '2020-01-31' }).where(eq(products.id, trip.adult2));
      expect((await preview()).json()).toMatchObject({
        down_payment_allowed: false,
        down_payment_message:
          'De betaaltermijn van deze reis is verstreken: de reis moest uiterlijk op 31-01-2020 betaald zijn, daarom is alleen het volledige bedrag mogelijk.',
      });
    } finally {
      await app.ctx.db.update(products).set({ paymentDeadline: product.paymentDeadline }).where(eq(products.id, trip.adult2));
    }
  });
});

describe('unexpected failures', () => {
  it("answer 500 'Er is iets misgegaan tijdens het verwerken van je bestelling.' and create nothing", async () => {
    // Without the 'kid-without-bed' voucher the shop is misconfigured: a child without bed cannot be priced.
    const kid = must((await app.ctx.db.select().from(vouchers).where(eq(vouchers.label, 'kid-without-bed')))[0], 'the seeded voucher');
    await app.ctx.db.delete(vouchers).where(eq(vouchers.id, kid.id));
    try {
      const before = await orderCount();
      const res = await order({ rooms: [room([adult(), child('K', { bed_included: false })])] }, customer);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Er is iets misgegaan tijdens het verwerken van je bestelling.');
      expect(res.body).not.toMatch(/kid-without-bed is missing|stack/);
      expect(await orderCount()).toBe(before);
    } finally {
      await app.ctx.db.insert(vouchers).values(kid);
    }
    const negative = await app.ctx.db
      .select({ n: count() })
      .from(products)
      .where(and(gt(sql`0`, products.stock)));
    expect(negative[0]?.n).toBe(0);
  });
});

describe('GET /api/admin/orders search', () => {
  it("finds an order by its number, the customer's email, first, last and full name; nothing for a stranger", async () => {
    const created = (await order({ rooms: [room([adult()])] }, customer)).json().order;
    const me = must((await app.ctx.db.select().from(users).where(eq(users.id, customerId)))[0], 'the demo customer');
    const ids = async (q: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(q)}`, headers: auth(admin) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return [...body.orders, ...body.leads].map((o: { id: number }) => o.id);
    };
    for (const q of [`FCU2${created.id}`, me.email.slice(2, 10).toUpperCase(), me.firstName, me.lastName, `${me.firstName} ${me.lastName}`]) {
      expect(await ids(q), q).toContain(created.id);
    }
    expect(await ids('niemand-zoekt-dit-xyz')).toEqual([]);
  });
});

describe('POST /api/order answers from the rows it wrote', () => {
  it('the answer is exactly what GET /api/order/{id} reads back, for every kind of order', async () => {
    const lessonDays = [{ id: trip.lesson, days: ['Woensdag', 'Maandag'], times: ['09:00-12:00'] }];
    const oddName = `Ali "de \\ Grote" O'Neil é😀`;
    let last: { rooms: { guests: { first_name: string; flex: unknown }[] }[] } | undefined;
    const payloads = [
      // One room, a voucher, 50 %: one stock product (the single-statement write).
      {
        rooms: [room([adult('Ahmed', { gender: 0 }), adult('Yusuf', { gender: 1 })], { room_gender: 2 })],
        flex: { discounts: ['WELKOM50'], pay_partly: true },
      },
      // Non-European passport and a child without bed: several stock products (the transaction).
      { rooms: [room([adult('Ahmed', { european_passport: false }), child('Sara', { bed_included: false })])], flex: { pay_partly: false } },
      // A lesson with a donation: the crowdfund is locked (the transaction).
      { products: [trip.lesson], crowdfunds: [{ funding_id: trip.fund, funding_amount: 2500 }], flex: { arabia_availibilities: lessonDays } },
      // A lesson alone, and a room with a lesson (two stock products).
      { products: [trip.lesson], flex: { arabia_availibilities: lessonDays } },
      { rooms: [room([adult()])], products: [trip.lesson], flex: { arabia_availibilities: lessonDays, discounts: ['WELKOM50'] } },
      // A donation only: no stock at all.
      { crowdfunds: [{ funding_id: trip.fund, funding_amount: 1000 }] },
      // Extras and a wheelchair, for the jsonb columns; a name with quotes, a backslash and non-ASCII.
      { rooms: [room([adult(oddName, { flex: { disabled: true } })], { extras: [] })] },
    ];
    for (const payload of payloads) {
      const placed = await order(payload, customer);
      expect(placed.statusCode, placed.body).toBe(201);
      const answer = placed.json().order;
      const read = await app.inject({ method: 'GET', url: `/api/order/${answer.id}`, headers: auth(customer) });
      expect(read.statusCode).toBe(200);
      // Same JSON text: same fields, values and key order.
      expect(JSON.stringify(answer)).toBe(JSON.stringify(read.json().order));
      last = answer;
    }
    expect(last!.rooms[0]!.guests[0]).toMatchObject({ first_name: oddName, flex: { disabled: true } });
  });
});
