import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductType } from '@umrah/domain';
import { products } from '../src/db/schema.ts';
import { KEPT_FOR_BOOKKEEPING } from '../src/modules/privacy/service.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { TEST_DB, adminToken, auth, createTestApp, solveCaptcha } from './helpers.ts';

// docs/records.md: 'Account verwijderen' left the email in order_logs and mail_outbox and the
// name in guests, order_lines, order_logs and mail_outbox. After the deletion no text or jsonb column
// of any table (found through information_schema, so a table added later is searched too) holds the
// person's email, name, phone, address or date of birth, except the tables kept for the bookkeeping.

let app: FastifyInstance;
let admin: string;
let tripId: number;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 50 });
  admin = await adminToken(app);
  const all = await app.ctx.db.select().from(products);
  tripId = all.find((p) => p.type === ProductType.UMRAH_2_ADULT && p.stock > 4 && p.start! > dutchToday())!.id;
});
afterAll(async () => {
  await app?.close();
});

/** Every (table, column) of type text, varchar or json(b) in the shop's schema, but the kept tables. */
async function searchableColumns(): Promise<{ table: string; column: string }[]> {
  const res = (await app.ctx.db.execute(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
    order by table_name, column_name`)) as unknown as { rows: { table: string; column: string }[] };
  return res.rows.filter((r) => !(KEPT_FOR_BOOKKEEPING as readonly string[]).includes(r.table));
}

/** Where in the database any of the values still is: 'table.column: value' per hit. */
async function findEverywhere(values: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const { table, column } of await searchableColumns()) {
    for (const value of values) {
      const res = (await app.ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), lower(${value})) > 0`,
      )) as unknown as { rows: { n: number }[] };
      if (res.rows[0]!.n > 0) hits.push(`${table}.${column}: ${value}`);
    }
  }
  return hits;
}

describe(`'Account verwijderen' deletes the person from every table (${TEST_DB})`, () => {
  it('no text or jsonb column holds their email, name, phone, address or date of birth afterwards', async () => {
    const tag = randomBytes(4).toString('hex');
    const person = {
      email: `wis-${tag}@example.nl`,
      first_name: `Zulaykha${tag}`,
      last_name: `Vergeetmij${tag}`,
      date_of_birth: '1931-02-27',
      nationality: 'Nederlandse',
      phone_number: `06${parseInt(tag, 16) % 100_000_000}`.padEnd(10, '7'),
      address: `Wisselpad ${tag} 12`,
      zip: '1234 ZZ',
      city: 'Amsterdam',
      country: 'Nederland',
    };
    const companion = { first_name: `Reisgenote${tag}`, last_name: `Metgenomen${tag}` };
    const password = 'Wis-mij-2026-x';
    const reg = await app.inject({ method: 'POST', url: '/api/register', payload: { ...person, password, altcha: await solveCaptcha(app) } });
    expect(reg.statusCode, reg.body).toBe(201);
    const token = reg.json().token as string;
    const me = (await app.inject({ method: 'GET', url: '/api/user', headers: auth(token) })).json();
    const userId = (me.user ?? me).id as number;

    // An order with the person and a companion as guests, placed with an Idempotency-Key (its answer
    // is stored), a guest renamed (order log), and a payment started (transactions, the provider).
    const placed = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...auth(token), 'idempotency-key': randomUUID() },
      payload: {
        rooms: [
          {
            product_id: tripId,
            room_type: 2,
            room_gender: 2,
            guests: [
              { first_name: person.first_name, last_name: person.last_name, age_category: 0, gender: 1 },
              { first_name: 'Tijdelijk', last_name: 'Naam', age_category: 0, gender: 1, european_passport: false },
            ],
          },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    const second = order.rooms[0].guests[1];
    const rename = await app.inject({
      method: 'POST',
      url: `/api/order/guest/update_name/${order.id}`,
      headers: auth(admin),
      payload: { order_id: order.id, id: second.id, ...companion, gender: 1 },
    });
    expect(rename.statusCode, rename.body).toBeLessThan(300);
    const pay = await app.inject({
      method: 'POST',
      url: `/api/payment/${order.id}`,
      headers: { ...auth(token), 'idempotency-key': randomUUID() },
      payload: { trans: 'none', amount: 0 },
    });
    expect(pay.statusCode, pay.body).toBe(200);

    // An order an admin placed for them (its log names the email), the admin's edit of the account,
    // and the admin's 'log in as' (audit log).
    const forThem = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: auth(admin),
      payload: { user: person.email, rooms: [{ product_id: tripId, room_type: 2, room_gender: 1, guests: [{ ...companion, age_category: 0 }] }] },
    });
    expect(forThem.statusCode, forThem.body).toBe(201);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/user/${userId}`,
      headers: auth(admin),
      payload: { ...person, city: 'Utrecht' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/login_by_mail', headers: auth(admin), payload: { email: person.email } })).statusCode).toBe(
      200,
    );

    // The forms: a Morocco request and a contact message under the same address, and a reset mail.
    const morocco = await app.inject({
      method: 'POST',
      url: '/api/contact/individual_hadj',
      payload: { ...person, date_of_birth: person.date_of_birth, desired_year: 'november', altcha: await solveCaptcha(app) },
    });
    expect(morocco.statusCode, morocco.body).toBe(200);
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: `${person.first_name} ${person.last_name}`,
        email: person.email,
        message: `Bel me op ${person.phone_number}.`,
        altcha: await solveCaptcha(app),
      },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/reset_pw_request', payload: { email: person.email } })).statusCode).toBe(200);

    const values = [
      person.email,
      person.first_name,
      person.last_name,
      person.phone_number,
      person.address,
      person.date_of_birth,
      '27-02-1931',
      companion.first_name,
      companion.last_name,
    ];
    // The test sees the data before: it would find the deletion's misses.
    expect((await findEverywhere(values)).length).toBeGreaterThan(5);

    const del = await app.inject({ method: 'DELETE', url: '/api/user', headers: auth(token), payload: { password } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await findEverywhere(values)).toEqual([]);

    // The sales record stays: the orders and their amounts, for the bookkeeping.
    const kept = await app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: auth(admin) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().order.total_price).toBe(order.total_price);
  }, 120_000);
});
