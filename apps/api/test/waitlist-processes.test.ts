import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ORDER_MSG, OrderStatus } from '@umrah/domain';
import { DEMO_ACCOUNTS, validAccount } from './helpers.ts';
import { processCluster, type ProcessCluster } from './processes.ts';

// The waiting list across two real API processes on one PostgreSQL database (docs/WAITLIST.md, 'Booking a hold'): while one
// process cancels an order and holds its places for the first on the list, customers on both
// processes race for those places. None of them may get one; the holder books them; the stock
// never goes below 0 and no place is sold twice.

describe.skipIf(!process.env.DATABASE_URL)('waiting list on two API processes', () => {
  let cluster: ProcessCluster;
  let a = '';
  let b = '';
  let db: pg.Client;

  beforeAll(async () => {
    cluster = await processCluster('wl');
    a = await cluster.start({ RATE_LIMIT_FACTOR: '50' });
    b = await cluster.start({ RATE_LIMIT_FACTOR: '50' });
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
  });

  const call = async (base: string, method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string } };
  };
  const login = async (email: string, password: string) => (await call(a, 'POST', '/api/login', undefined, { email, password })).body.token as string;

  it('places held for the first on the list are never sold to anyone else, whichever process they ask', async () => {
    const admin = await login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const customer = async () => {
      const account = validAccount();
      const made = await call(a, 'POST', '/api/users', admin, { ...account, password: 'Eigen-wachtwoord-1' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return login(account.email, 'Eigen-wachtwoord-1');
    };
    // A future Firstclass NL trip's adult 2-person room.
    const { rows } = await db.query(
      `select id, start from products where type = 2 and region = 'NL' and label like '%Firstclass%' and start > current_date and is_active order by start limit 1`,
    );
    const trip = rows[0] as { id: number };
    await db.query('update products set stock = 2 where id = $1', [trip.id]);
    /** Places of the room in orders that are not cancelled. */
    const sold = async () =>
      (
        await db.query(
          `select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id
           where l.product_id = $1 and o.status <> $2`,
          [trip.id, OrderStatus.CANCELLED],
        )
      ).rows[0].n as number;
    const soldBefore = await sold();
    const order = (token: string, base: string) =>
      call(base, 'POST', '/api/order', token, {
        rooms: [
          {
            product_id: trip.id,
            room_type: 2,
            room_gender: 0,
            guests: [1, 2].map((i) => ({ first_name: `Gast${i}`, last_name: 'Test', age_category: 0, european_passport: true })),
          },
        ],
        flex: JSON.stringify({ pay_partly: true }),
      });

    const owner = await customer();
    const placed = await order(owner, a);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const holder = await customer();
    const joined = await call(b, 'POST', '/api/waitlist', holder, { product_id: trip.id, room_type: 2, persons: 2 });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const racers = await Promise.all([1, 2, 3, 4].map(() => customer()));

    // The cancel on A and eight orders on A and B at the same moment.
    const [cancelled, ...attempts] = await Promise.all([
      call(a, 'POST', `/api/order/cancel/${(placed.body.order as { id: number }).id}`, admin, {}),
      ...racers.flatMap((t) => [order(t, a), order(t, b)]),
    ]);
    expect(cancelled.status).toBe(200);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(409);
      expect(attempt.body.message).toBe(ORDER_MSG.soldOutRoom);
    }
    expect((await db.query('select stock from products where id = $1', [trip.id])).rows[0].stock).toBe(0);
    const mine = await call(b, 'GET', '/api/waitlist', holder);
    expect((mine.body.entries as { status: string }[])[0]!.status).toBe('held');

    // The holder books on the other process, racing one more customer: the holder wins, the other does not.
    const [booked, late] = await Promise.all([order(holder, a), order(racers[0]!, b)]);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(late.status).toBe(409);
    expect((await db.query('select stock from products where id = $1', [trip.id])).rows[0].stock).toBe(0);
    // Sold once: the holder's two places (the cancelled order no longer counts).
    const { rows: mineNow } = await db.query(`select status, order_id from waitlist_entries where product_id = $1`, [trip.id]);
    expect(mineNow).toEqual([{ status: 'booked', order_id: (booked.body.order as { id: number }).id }]);
    expect(await sold()).toBe(soldBefore + 2);
  }, 120_000);
});
