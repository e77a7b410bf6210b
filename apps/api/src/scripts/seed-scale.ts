// Years of shop data for the admin-at-scale bench (README.md, Benchmarks): 20,000 customers, 50,000 orders (each
// with a room, two guests and two lines) and 100,000 payments, written by set-based SQL
// (generate_series), not one insert per row. Only for a throwaway database:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/umrah_scale npm run seed:scale -w apps/api
import pg from 'pg';
import { openDatabase } from '../db/index.ts';
import { seedDemoData } from '../db/seed.ts';

export const SCALE = { users: 20_000, orders: 50_000, payments: 100_000 } as const;

const FIRST = [
  'Ahmed',
  'Fatima',
  'Yusuf',
  'Maryam',
  'Omar',
  'Aisha',
  'Ibrahim',
  'Khadija',
  'Hamza',
  'Zainab',
  'Bilal',
  'Hafsa',
  'Mustafa',
  'Salma',
  'Karim',
  'Nadia',
  'Rachid',
  'Samira',
  'Tariq',
  'Leila',
];
const LAST = [
  'Yilmaz',
  'El Amrani',
  'Bakkali',
  'Haddou',
  'Demir',
  'Kaya',
  'Ouali',
  'Benali',
  'Aydin',
  'Chaouch',
  'Boukhari',
  'Celik',
  'Mansour',
  'Azzouzi',
  'Ozturk',
  'Belhaj',
  'Sahin',
  'Tahiri',
  'Arslan',
  'Jansen',
  'De Vries',
  'Bouzid',
  'Koc',
  'El Idrissi',
  'Bulut',
  'Ziani',
  'Polat',
  'Hamdi',
  'Erdogan',
  'Amrani',
];

const sqlArray = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** Loads the scale data into the database at `url` (migrated and demo-seeded first). Returns seconds taken. */
export async function seedScale(url: string, scale = SCALE): Promise<number> {
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: url });
  try {
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into users (email, password_hash, first_name, last_name, role, phone_number, zip, city, country)
       select lower(replace(f, ' ', '')) || '.' || lower(replace(l, ' ', '')) || i || '@example.nl', 'scale-seed', f, l, 0,
              '06' || lpad(((i * 7919) % 100000000)::text, 8, '0'), (1000 + i % 9000)::text || ' AB', 'Amsterdam', 'Nederland'
       from generate_series(1, $1::int) i,
            lateral (select (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] f, (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] l) n`,
      [scale.users],
    );
    // Orders spread over the customers; statuses as a shop has them (mostly paid, some leads and cancellations).
    await client.query(
      `with u as (select array_agg(id order by id) ids from users where password_hash = 'scale-seed'),
            p as (select id from products where type = 2 order by id limit 1)
       insert into orders (user_id, status, total_price, flex, created_at)
       select u.ids[1 + (i * 7) % array_length(u.ids, 1)], (array[0,1,2,2,2,2,3])[1 + i % 7], 150000 + (i % 40) * 2500,
              jsonb_build_object('pay_partly', i % 2 = 0, 'discounts', '[]'::jsonb), now() - make_interval(days => i % 1500)
       from u, generate_series(1, $1::int) i`,
      [scale.orders],
    );
    await client.query(
      `insert into rooms (order_id, product_id, room_type, max_guests, room_gender)
       select o.id, (select id from products where type = 2 order by id limit 1), 2, 2, 2 from orders o
       where o.user_id in (select id from users where password_hash = 'scale-seed')`,
    );
    await client.query(
      `insert into guests (order_id, room_id, product_id, first_name, last_name, age_category, gender)
       select r.order_id, r.id, r.product_id, g.first, u.last_name, 0, g.gender
       from rooms r join orders o on o.id = r.order_id join users u on u.id = o.user_id,
            lateral (values (u.first_name, 0), ('Reisgenoot', 1)) g(first, gender)
       where u.password_hash = 'scale-seed'`,
    );
    await client.query(
      `insert into order_lines (order_id, product_id, guest_id, label, quantity, unit_price, flex)
       select g.order_id, g.product_id, g.id, 'Umrah 2-persoonskamer', 1, 75000, '{"kind":"room","room":0}'::jsonb
       from guests g join orders o on o.id = g.order_id join users u on u.id = o.user_id where u.password_hash = 'scale-seed'`,
    );
    await client.query(
      `with o as (select array_agg(id order by id) ids from orders o where o.user_id in (select id from users where password_hash = 'scale-seed'))
       insert into payments (order_id, payment_type, amount, provider_ref, flex, created_at)
       select o.ids[1 + (i * 13) % array_length(o.ids, 1)], i % 4, 25000 + (i % 100) * 500, 'scale-' || i,
              jsonb_build_object('trans', 'ideal'), now() - make_interval(days => i % 1500)
       from o, generate_series(1, $1::int) i`,
      [scale.payments],
    );
    await client.query('commit');
    // As autovacuum leaves a settled database: statistics, the visibility map (index-only scans) and
    // the trigram indexes' pending lists merged (a bulk load leaves thousands of entries there, which
    // every search would read one by one).
    await client.query('vacuum analyze');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return (performance.now() - t0) / 1000;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required: seed:scale writes 170,000 rows into a throwaway PostgreSQL database.');
    process.exit(1);
  }
  const seconds = await seedScale(url);
  console.log(`${SCALE.users} users, ${SCALE.orders} orders, ${SCALE.payments} payments loaded in ${seconds.toFixed(1)} s.`);
}
