import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { OrderStatus, formatEuro } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { mailOutbox, orderLogs, orders, products, visaDocuments } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';
import { exampleTrip, payManually } from './documents-helpers.ts';

// The reminder routes of the admin order (docs/RULES.md, 'Entities' log types 1-4 and 6-10, docs/RULES.md, 'Calls' order/remind/*):
// each queues a Dutch mail to the customer and writes the log row with the admin's email, in one
// transaction; only admins may send them.

let app: FastifyInstance;
let admin: string;
let customer: string;
let bookkeeper: string;
let tripId: number;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  [admin, customer, bookkeeper] = await Promise.all([
    adminToken(app),
    customerToken(app),
    loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password),
  ]);
  tripId = (await exampleTrip(app)).id;
});
afterAll(async () => {
  await app?.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

/** One 2-person room with these adults, ordered by the demo customer (LEAD). */
async function placeOrder(names: string[]) {
  const res = await post(
    '/api/order',
    {
      rooms: [
        { product_id: tripId, room_type: 2, room_gender: 0, guests: names.map((n) => ({ first_name: n, last_name: 'Yilmaz', age_category: 0 })) },
      ],
      flex: JSON.stringify({ pay_partly: true }),
    },
    customer,
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order;
  return { id: order.id as number, total: order.total_price as number };
}

/** Mails to the customer queued after mail id `after`. */
const mailsAfter = (after: number) =>
  app.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, DEMO_ACCOUNTS.customer.email), gt(mailOutbox.id, after)))
    .orderBy(asc(mailOutbox.id));
const lastMailId = async () => (await app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(asc(mailOutbox.id))).at(-1)?.id ?? 0;
/** The order's reminder log rows (types 1-10; other changes of the order log too, as type 0). */
const logsOf = async (orderId: number) =>
  (await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId)).orderBy(asc(orderLogs.id))).filter(
    (l) => l.type >= 1 && l.type <= 10,
  );
const countMails = async () => must((await app.ctx.db.select({ n: count() }).from(mailOutbox))[0], 'an aggregate row').n;

describe('who may send reminders', () => {
  it('anonymous 401, customer and bookkeeper 403 (before the body is looked at), admin allowed', async () => {
    const order = await placeOrder(['Ahmed']);
    const calls = [
      { method: 'POST' as const, url: '/api/order/remind/documents', payload: { order_id: order.id, type: 1 } },
      { method: 'POST' as const, url: '/api/order/remind/payments', payload: { orders: [order.id], amount_sent: 0 } },
      { method: 'GET' as const, url: `/api/order/${order.id}/reminders` },
    ];
    const before = await countMails();
    for (const c of calls) {
      expect((await app.inject({ ...c })).statusCode, c.url).toBe(401);
      for (const token of [customer, bookkeeper]) {
        const res = await app.inject({ ...c, headers: auth(token) });
        expect(res.statusCode, c.url).toBe(403);
        expect(res.json().message).toBe('Je bent niet toegestaan om deze pagina te bekijken.');
      }
    }
    expect(await countMails()).toBe(before);
    expect(await logsOf(order.id)).toHaveLength(0);
    expect((await get(`/api/order/${order.id}/reminders`, admin)).statusCode).toBe(200);
  });
});

describe('POST /api/order/remind/documents', () => {
  it('request and cancel steps: a mail to the customer with the wizard link and missing guests, a log row with the admin email', async () => {
    const order = await placeOrder(['Ahmed', 'Yusuf']);
    await payManually(app, admin, order.id, Math.round(order.total / 2));
    const after = await lastMailId();

    const res = await post('/api/order/remind/documents', { order_id: order.id, type: 1 }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Herinnering is verstuurd.', order_id: order.id, type: 1 });
    const mail = must((await mailsAfter(after))[0], 'the reminder mail');
    expect(mail.subject).toBe(`Lever de reisdocumenten aan voor bestelling FCU2${order.id}`);
    expect(mail.text).toContain('Beste Ahmed,');
    expect(mail.text).toContain(`http://shop.test/visum/invoeren/${order.id}`);
    expect(mail.text).toContain('Nog aan te leveren voor: Ahmed Yilmaz, Yusuf Yilmaz.');
    expect(mail.html).toContain(`href="http://shop.test/visum/invoeren/${order.id}"`);

    const cancel = await post('/api/order/remind/documents', { order_id: order.id, type: 4 }, admin);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const mails = await mailsAfter(after);
    expect(mails.map((m) => m.subject)).toEqual([
      `Lever de reisdocumenten aan voor bestelling FCU2${order.id}`,
      `Laatste bericht: reisdocumenten voor bestelling FCU2${order.id} ontbreken`,
    ]);
    expect(mails[1]?.text).toContain('kan de reis voor deze reizigers niet doorgaan');

    const logs = (await logsOf(order.id)).filter((l) => l.type >= 1 && l.type <= 4);
    expect(logs.map((l) => [l.type, l.userExecutedMail])).toEqual([
      [1, DEMO_ACCOUNTS.admin.email],
      [4, DEMO_ACCOUNTS.admin.email],
    ]);
    expect(logs[0]?.message).toContain("Documentherinnering 'Verzoek' verstuurd naar klant@example.nl");
  });

  it('refused with a Dutch message for an unpaid order, an unknown order and an unknown step; nothing queued', async () => {
    const lead = await placeOrder(['Ahmed']);
    const before = await countMails();
    const unpaid = await post('/api/order/remind/documents', { order_id: lead.id, type: 1 }, admin);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(`Bestelling FCU2${lead.id} is niet (aan)betaald: documenten kunnen nog niet worden aangeleverd.`);
    const missing = await post('/api/order/remind/documents', { order_id: 2_000_000_000, type: 1 }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Bestelling niet gevonden.');
    for (const type of [0, 5, 'x']) {
      const bad = await post('/api/order/remind/documents', { order_id: lead.id, type }, admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Kies een geldige herinnering.');
    }
    expect(await countMails()).toBe(before);
    expect(await logsOf(lead.id)).toHaveLength(0);
  });
});

describe('POST /api/order/remind/payments', () => {
  it('one step for several orders: a mail per customer with the open amount and the order link, log type 6 + amount_sent with the admin email', async () => {
    const a = await placeOrder(['Ahmed']);
    const b = await placeOrder(['Yusuf', 'Idris']);
    const paidB = 50_000;
    await payManually(app, admin, b.id, paidB);
    const after = await lastMailId();

    const res = await post('/api/order/remind/payments', { orders: [b.id, a.id], amount_sent: 1 }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: '2 herinneringen zijn verstuurd.',
      sent: [
        { order_id: a.id, type: 7 },
        { order_id: b.id, type: 7 },
      ],
    });
    const mails = await mailsAfter(after);
    expect(mails.map((m) => m.subject)).toEqual([
      `Herinnering: betaling van je bestelling FCU2${a.id}`,
      `Herinnering: betaling van je bestelling FCU2${b.id}`,
    ]);
    expect(mails[1]?.text).toContain(
      `Openstaand bedrag: ${formatEuro(b.total - paidB)} (totaal ${formatEuro(b.total)}, al betaald ${formatEuro(paidB)}).`,
    );
    expect(mails[1]?.text).toContain(`http://shop.test/account/bestellingen/${b.id}`);
    for (const o of [a, b]) {
      const log = must((await logsOf(o.id)).filter((l) => l.type === 7)[0], 'the reminder log row');
      expect(log.userExecutedMail).toBe(DEMO_ACCOUNTS.admin.email);
      expect(log.message).toContain("Betalingsherinnering 'Eerste herinnering' verstuurd naar klant@example.nl");
    }

    // The cancel step (amount_sent 4 → log type 10) has its own text.
    const last = await post('/api/order/remind/payments', { orders: [a.id], amount_sent: 4 }, admin);
    expect(last.statusCode).toBe(200);
    expect(last.json().message).toBe('Herinnering is verstuurd.');
    const cancelMail = must((await mailsAfter(after)).at(-1), 'the cancel mail');
    expect(cancelMail.subject).toBe(`Laatste bericht: betaling van je bestelling FCU2${a.id}`);
    expect(cancelMail.text).toContain(`Betaal het openstaande bedrag van ${formatEuro(a.total)} direct`);
    expect((await logsOf(a.id)).map((l) => l.type)).toEqual([7, 10]);
  });

  it('all or nothing: an order paid in full, a cancelled or unknown order refuses the whole list', async () => {
    const open = await placeOrder(['Ahmed']);
    const full = await placeOrder(['Yusuf']);
    await payManually(app, admin, full.id, full.total);
    const cancelled = await placeOrder(['Idris']);
    await app.ctx.db.update(orders).set({ status: OrderStatus.CANCELLED }).where(eq(orders.id, cancelled.id));
    const before = await countMails();

    const paid = await post('/api/order/remind/payments', { orders: [open.id, full.id], amount_sent: 0 }, admin);
    expect(paid.statusCode).toBe(409);
    // Paid in full makes the order COMPLETED: it can no longer be paid.
    expect(paid.json().message).toBe(`Bestelling FCU2${full.id} kan niet (meer) worden betaald.`);
    const gone = await post('/api/order/remind/payments', { orders: [open.id, cancelled.id], amount_sent: 0 }, admin);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(`Bestelling FCU2${cancelled.id} kan niet (meer) worden betaald.`);
    const unknown = await post('/api/order/remind/payments', { orders: [open.id, 2_000_000_000], amount_sent: 0 }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Bestelling FCU22000000000 niet gevonden.');
    for (const body of [
      { orders: [], amount_sent: 0 },
      { orders: [open.id], amount_sent: 5 },
      { orders: 'x', amount_sent: 0 },
    ]) {
      const bad = await post('/api/order/remind/payments', body, admin);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await countMails()).toBe(before);
    expect(await logsOf(open.id)).toHaveLength(0);
  });
});

describe('payment reminder wording around the deadline', () => {
  it('names the deadline while it is ahead, and says it has passed once it is behind', async () => {
    const order = await placeOrder(['Ahmed']);
    const t = must((await app.ctx.db.select().from(products).where(eq(products.id, tripId)))[0], 'the test trip');
    const setDeadline = (d: string | null) =>
      app.ctx.db
        .update(products)
        .set({ paymentDeadline: d })
        .where(and(eq(products.label, t.label), eq(products.start, t.start!)));
    try {
      const after = await lastMailId();
      await setDeadline('2099-03-01');
      await post('/api/order/remind/payments', { orders: [order.id], amount_sent: 0 }, admin);
      await setDeadline('2020-03-01');
      await post('/api/order/remind/payments', { orders: [order.id], amount_sent: 1 }, admin);
      const mails = await mailsAfter(after);
      const ahead = must(mails[0], 'the reminder before the deadline');
      const behind = must(mails[1], 'the reminder after the deadline');
      expect(ahead.text).toContain('Graag ontvangen we de betaling vóór 01-03-2099.');
      expect(ahead.text).not.toContain('verstreken');
      expect(behind.text).toContain('Graag ontvangen we de betaling zo snel mogelijk.');
      expect(behind.text).toContain('De betaaltermijn (01-03-2020) is verstreken.');
    } finally {
      await setDeadline(t.paymentDeadline);
    }
  });
});

describe('GET /api/order/{id}/reminders', () => {
  it('lists the steps sent (from the log) with the next one to offer, and the log rows', async () => {
    const order = await placeOrder(['Ahmed']);
    const empty = (await get(`/api/order/${order.id}/reminders`, admin)).json();
    expect(empty.payments).toMatchObject({ next: 6, allowed: true, amount_open: order.total });
    expect(empty.documents).toMatchObject({ next: 1, allowed: false, missing_guests: ['Ahmed Yilmaz'] });
    expect(empty.logs).toEqual([]);

    await post('/api/order/remind/payments', { orders: [order.id], amount_sent: 0 }, admin);
    await post('/api/order/remind/payments', { orders: [order.id], amount_sent: 1 }, admin);
    const res = await get(`/api/order/${order.id}/reminders`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payments.next).toBe(8);
    expect(body.payments.steps.map((s: { type: number; sent_count: number }) => [s.type, s.sent_count])).toEqual([
      [6, 1],
      [7, 1],
      [8, 0],
      [9, 0],
      [10, 0],
    ]);
    expect(body.payments.steps[1]).toMatchObject({ label: 'Eerste herinnering', last_sent_by: DEMO_ACCOUNTS.admin.email });
    // Newest first, as the popup shows them.
    expect(body.logs.map((l: { type: number; user_executed_mail: string }) => [l.type, l.user_executed_mail])).toEqual([
      [7, DEMO_ACCOUNTS.admin.email],
      [6, DEMO_ACCOUNTS.admin.email],
    ]);
    expect((await get('/api/order/2000000000/reminders', admin)).statusCode).toBe(404);
    expect((await get('/api/order/abc/reminders', admin)).statusCode).toBe(400);
  });
});

describe("POST /api/order/update_flex/{id} ('Snel bewerken')", () => {
  /** The package's products (by type) of the trip the test orders are on. */
  async function packageOf() {
    const t = must((await app.ctx.db.select().from(products).where(eq(products.id, tripId)))[0], 'the test trip');
    const rows = await app.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.label, t.label), eq(products.start, t.start!), eq(products.region, t.region)));
    return (type: number) => rows.find((p) => p.type === type)!;
  }
  const stock = async (id: number) =>
    must((await app.ctx.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0], 'the product').s;
  const quickEdit = (orderId: number, body: unknown, token = admin) => post(`/api/order/update_flex/${orderId}`, body, token);

  it('renames a guest, makes the room a 3-person room and adds an extra: repriced, stock moved, ids kept, the change in the log', async () => {
    const pkg = await packageOf();
    const [adult2, adult3] = [pkg(2), pkg(5)];
    // The trip offers an extra (per person); every product of the package carries it.
    await app.ctx.db
      .update(products)
      .set({ flex: sql`${products.flex} || '{"extras":[{"label":"Ziyarat Taif","price":7500}]}'::jsonb` })
      .where(and(eq(products.label, adult2.label), eq(products.start, adult2.start!)));
    const order = (await placeOrder(['Ahmed', 'Yusuf'])).id;
    const before = (await get(`/api/order/${order}`, admin)).json().order;
    const [room] = before.rooms;
    const [g1, g2] = room.guests;
    const stock2 = await stock(adult2.id);
    const stock3 = await stock(adult3.id);

    const res = await quickEdit(order, {
      id: order,
      rooms: [{ id: room.id, room_type: 3, extras: ['Ziyarat Taif'], guests: [{ id: g2.id, first_name: 'Yusuf', last_name: 'El Amrani' }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: 'Bestelling is bijgewerkt.', changed: true });
    const after = body.order;
    expect(after.rooms[0]).toMatchObject({ id: room.id, room_type: 3, max_guests: 3, flex: { extras: ['Ziyarat Taif'] } });
    expect(
      after.rooms[0].guests.map((g: { id: number; first_name: string; last_name: string; product_id: number }) => [
        g.id,
        `${g.first_name} ${g.last_name}`,
        g.product_id,
      ]),
    ).toEqual([
      [g1.id, 'Ahmed Yilmaz', adult3.id],
      [g2.id, 'Yusuf El Amrani', adult3.id],
    ]);
    expect(after.total_price).toBe(2 * adult3.price + 2 * 7500);
    expect(after.lines.map((l: { label: string; quantity: number }) => [l.label, l.quantity])).toContainEqual(['Extra: Ziyarat Taif (kamer 1)', 2]);
    expect(await stock(adult2.id)).toBe(stock2 + 2);
    expect(await stock(adult3.id)).toBe(stock3 - 2);
    const [edited] = (await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order)).orderBy(asc(orderLogs.id))).filter((l) =>
      l.message.startsWith('Snel bewerkt'),
    );
    const log = must(edited, 'the quick edit log row');
    expect(log.userExecutedMail).toBe(DEMO_ACCOUNTS.admin.email);
    expect(log.message).toContain('Kamer 1: 2- → 3-persoonskamer');
    expect(log.message).toContain(`Reiziger #${g2.id}: Yusuf Yilmaz → Yusuf El Amrani`);
    expect(log.message).toContain("extra's geen → Ziyarat Taif");
    expect(log.message).toContain(`Totaal ${formatEuro(before.total_price)} → ${formatEuro(after.total_price)}.`);

    // The same edit again changes nothing and logs nothing.
    const again = await quickEdit(order, { id: order, rooms: [{ id: room.id, room_type: 3, extras: ['Ziyarat Taif'] }] });
    expect(again.json()).toMatchObject({ changed: false, message: 'Er is niets gewijzigd.' });
    expect(
      (await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order))).filter((l) => l.message.startsWith('Snel bewerkt')),
    ).toHaveLength(1);
  });

  it('sold out: 409 in Dutch and nothing changed (not even the name in the same request)', async () => {
    const pkg = await packageOf();
    const adult4 = pkg(8);
    const order = (await placeOrder(['Ahmed'])).id;
    const room = (await get(`/api/order/${order}`, admin)).json().order.rooms[0];
    const saved = await stock(adult4.id);
    await app.ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, adult4.id));
    try {
      const res = await quickEdit(order, {
        id: order,
        rooms: [{ id: room.id, room_type: 4, guests: [{ id: room.guests[0].id, first_name: 'Ander', last_name: 'Naam' }] }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Deze kamer is helaas uitverkocht.');
    } finally {
      await app.ctx.db.update(products).set({ stock: saved }).where(eq(products.id, adult4.id));
    }
    const now = (await get(`/api/order/${order}`, admin)).json().order;
    expect(now.rooms[0]).toMatchObject({ room_type: 2 });
    expect(now.rooms[0].guests[0].first_name).toBe('Ahmed');
  });

  it("a guest whose documents are in: the admin's rename also corrects the visa data (the visa rule)", async () => {
    const order = await placeOrder(['Ahmed']);
    await payManually(app, admin, order.id, order.total);
    const guest = (await get(`/api/order/${order.id}`, admin)).json().order.rooms[0].guests[0];
    await app.ctx.db.insert(visaDocuments).values({
      guestId: guest.id,
      orderId: order.id,
      firstName: 'Ahmed',
      lastName: 'Yilmaz',
      gender: 0,
      nationality: 'NL',
      cityOfCountry: 'NL',
      sealed: 'test',
      keyId: 'test',
    });
    const res = await quickEdit(order.id, {
      id: order.id,
      rooms: [{ id: guest.room_id, guests: [{ id: guest.id, first_name: 'Ahmad', last_name: 'Yilmaz' }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [doc] = await app.ctx.db.select().from(visaDocuments).where(eq(visaDocuments.guestId, guest.id));
    expect([doc?.firstName, doc?.lastName]).toEqual(['Ahmad', 'Yilmaz']);
    const [log] = (await app.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id))).filter((l) =>
      l.message.startsWith('Snel bewerkt'),
    );
    expect(log?.message).toContain('Ahmed Yilmaz → Ahmad Yilmaz (ook in de visumgegevens)');
    // Paid in full and the total unchanged: still COMPLETED.
    expect(res.json().order.status).toBe(OrderStatus.COMPLETED);
  });

  it('refuses in Dutch: another id in the body, a room or guest of another order, room rules, a cancelled order; and the role matrix', async () => {
    const a = await placeOrder(['Ahmed']);
    const b = await placeOrder(['Yusuf']);
    const roomA = (await get(`/api/order/${a.id}`, admin)).json().order.rooms[0];
    const roomB = (await get(`/api/order/${b.id}`, admin)).json().order.rooms[0];
    const cases: [unknown, number, string][] = [
      [{ id: b.id, rooms: [] }, 400, 'Het id in de gegevens hoort niet bij deze bestelling.'],
      [{ id: a.id, rooms: [{ id: roomB.id, room_type: 3 }] }, 404, 'Deze kamer hoort niet bij deze bestelling.'],
      [
        { id: a.id, rooms: [{ id: roomA.id, guests: [{ id: roomB.guests[0].id, first_name: 'X', last_name: 'Y' }] }] },
        404,
        'Deze reiziger hoort niet bij deze bestelling.',
      ],
      [{ id: a.id, rooms: [{ id: roomA.id, guests: [{ id: roomA.guests[0].id, first_name: '', last_name: 'Y' }] }] }, 400, 'Voornaam is verplicht!'],
      [{ id: a.id, rooms: [{ id: roomA.id, room_type: 5 }] }, 400, 'Kamer type is verplicht!'],
      [{ id: a.id, rooms: [{ id: roomA.id, extras: ['Bestaat niet'] }] }, 400, 'Onbekende extra: Bestaat niet.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await quickEdit(a.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    await app.ctx.db.update(orders).set({ status: OrderStatus.CANCELLED }).where(eq(orders.id, b.id));
    const cancelled = await quickEdit(b.id, { id: b.id, rooms: [{ id: roomB.id, room_type: 3 }] });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('Deze bestelling kan niet meer worden gewijzigd.');
    expect((await quickEdit(2_000_000_000, { id: 2_000_000_000, rooms: [] })).statusCode).toBe(404);

    const body = { id: a.id, rooms: [{ id: roomA.id, room_type: 3 }] };
    expect((await post(`/api/order/update_flex/${a.id}`, body)).statusCode).toBe(401);
    expect((await quickEdit(a.id, body, customer)).statusCode).toBe(403);
    expect((await quickEdit(a.id, body, bookkeeper)).statusCode).toBe(403);
    expect((await get(`/api/order/${a.id}`, admin)).json().order.rooms[0].room_type).toBe(2);
  });
});
