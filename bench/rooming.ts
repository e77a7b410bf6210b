// Rooming-list generator benchmark (trip overviews, docs/RULES.md 'Beyond the rules'): one trip with 500 paid guests. Measures the pure
// domain function (proposeRooming + validateRooming) and the admin route that serves a proposal
// (POST /api/admin/trips/{start_date}/rooming/proposal: database reads, rules, answer), in this
// process on a fresh seeded PGlite. Budget: under 200 ms each (p95 of the runs).
// Alone: `npx tsx bench/rooming.ts`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, like } from 'drizzle-orm';
import { OrderStatus, proposeRooming, validateRooming, type RoomingInput } from '@umrah/domain';
import { buildApp } from '../apps/api/src/app.ts';
import { guests, orders, products, rooms, users } from '../apps/api/src/db/schema.ts';
import type { Db } from '../apps/api/src/db/index.ts';
import { DEMO_ACCOUNTS } from '../apps/api/src/db/seed.ts';

export const ROOMING_BUDGET = { guests: 500, maxP95Ms: 200 } as const;

export interface RoomingBenchResult {
  guests: number;
  rooms: number;
  domain: { p50: number; p95: number; runs: number };
  route: { p50: number; p95: number; runs: number } | null;
  pass: boolean;
  failures: string[];
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** Bookings that look like a real busy trip: families, men and women alone or in pairs, some exclusive rooms, wheelchairs. */
function bookings(total: number) {
  const list: {
    capacity: 2 | 3 | 4;
    gender: 0 | 1 | 2;
    exclusive: boolean;
    guests: { gender: number | null; age: number; bed: boolean; wheelchair: boolean }[];
  }[] = [];
  let n = 0;
  for (let i = 0; n < total; i++) {
    const kind = i % 7;
    const capacity = ([2, 3, 4] as const)[i % 3]!;
    let room: (typeof list)[number];
    if (kind === 0 || kind === 4) {
      const size = capacity === 4 ? 4 : capacity;
      room = {
        capacity,
        gender: 2,
        exclusive: false,
        guests: Array.from({ length: size }, (_, g) => ({
          gender: g % 2,
          age: capacity < 4 && g === size - 1 ? 1 : 0,
          bed: true,
          wheelchair: false,
        })),
      };
    } else if (kind === 6) {
      room = { capacity: 2, gender: (i % 2) as 0 | 1, exclusive: true, guests: [{ gender: null, age: 0, bed: true, wheelchair: i % 5 === 0 }] };
    } else {
      const size = 1 + (i % capacity);
      room = {
        capacity,
        gender: (i % 2) as 0 | 1,
        exclusive: false,
        guests: Array.from({ length: size }, (_, g) => ({ gender: null, age: 0, bed: true, wheelchair: g === 0 && i % 11 === 0 })),
      };
    }
    room.guests = room.guests.slice(0, total - n);
    n += room.guests.length;
    list.push(room);
  }
  return list;
}

function domainInput(total: number): RoomingInput {
  let guestId = 0;
  return {
    orders: bookings(total).map((b, i) => ({
      id: i + 1,
      rooms: [
        {
          id: i + 1,
          room_type: b.capacity,
          room_gender: b.gender,
          exclusive: b.exclusive,
          guests: b.guests.map((g) => ({
            id: ++guestId,
            first_name: `Gast${guestId}`,
            last_name: 'Bench',
            gender: g.gender,
            age_category: g.age,
            bed_included: g.bed,
            wheelchair: g.wheelchair,
          })),
        },
      ],
    })),
  };
}

/** The bench's bookings as orders of one customer: a room each, with its guests. */
async function insertBookings(db: Db, customerId: number, productOf: Map<number, number>): Promise<void> {
  for (const b of bookings(ROOMING_BUDGET.guests)) {
    const [order] = await db
      .insert(orders)
      .values({ userId: customerId, status: OrderStatus.COMPLETED, totalPrice: 100_000 })
      .returning({ id: orders.id });
    const [room] = await db
      .insert(rooms)
      .values({
        orderId: order!.id,
        productId: productOf.get(b.capacity)!,
        roomType: b.capacity,
        maxGuests: b.capacity,
        roomGender: b.gender,
        exclusive: b.exclusive,
      })
      .returning({ id: rooms.id });
    await db.insert(guests).values(
      b.guests.map((g, k) => ({
        orderId: order!.id,
        roomId: room!.id,
        firstName: `Gast${k}`,
        lastName: `Order${order!.id}`,
        ageCategory: g.age,
        gender: g.gender,
        bedIncluded: g.bed,
        flex: { disabled: g.wheelchair },
      })),
    );
  }
}

export async function benchRooming(opts: { runs?: number; route?: boolean } = {}): Promise<RoomingBenchResult> {
  const runs = opts.runs ?? 30;
  const failures: string[] = [];

  const input = domainInput(ROOMING_BUDGET.guests);
  const times: number[] = [];
  let roomsCount = 0;
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const { rooms: proposed } = proposeRooming(input);
    const problems = validateRooming(input, proposed);
    const ms = performance.now() - t0;
    if (problems.length) failures.push(`domain: ${problems.length} rules broken`);
    roomsCount = proposed.length;
    if (i >= 3) times.push(ms); // the first runs warm the JIT
  }
  const domain = { p50: percentile(times, 50), p95: percentile(times, 95), runs };
  if (domain.p95 >= ROOMING_BUDGET.maxP95Ms) failures.push(`domain p95 ${domain.p95.toFixed(1)} ms ≥ ${ROOMING_BUDGET.maxP95Ms} ms`);

  let route: RoomingBenchResult['route'] = null;
  if (opts.route !== false) {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'umrah-bench-rooming-'));
    const app = await buildApp({
      config: {
        env: 'production',
        logLevel: 'silent',
        dataDir: tmp,
        pgliteDir: path.join(tmp, 'pglite'),
        databaseUrl: undefined,
        jwtSecret: randomBytes(32).toString('hex'),
        altchaHmacKey: randomBytes(32).toString('hex'),
        seedDemo: true,
        smtpUrl: undefined,
      },
    });
    try {
      await app.ready();
      const db = app.ctx.db;
      // The soonest Firstclass NL trip: its adult product per room size holds the rooms.
      const adult = await db
        .select()
        .from(products)
        .where(and(inArray(products.type, [2, 5, 8]), eq(products.region, 'NL'), like(products.label, '%Firstclass%')));
      const start = adult.map((p) => p.start!).sort()[0]!;
      const productOf = new Map(adult.filter((p) => p.start === start).map((p) => [p.type === 2 ? 2 : p.type === 5 ? 3 : 4, p.id]));
      const [customer] = await db
        .insert(users)
        .values({ email: 'bench-klant@example.nl', passwordHash: 'x', firstName: 'Bench', lastName: 'Klant', role: 0 })
        .returning({ id: users.id });
      await insertBookings(db, customer!.id, productOf);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
      });
      const headers = { authorization: `Bearer ${login.json().token}` };
      const url = `/api/admin/trips/${start}/rooming/proposal`;
      const routeTimes: number[] = [];
      for (let i = 0; i < runs + 3; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'POST', url, headers });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        const placed = res.json().rooms.reduce((s: number, r: { guests: unknown[] }) => s + r.guests.length, 0);
        if (placed !== ROOMING_BUDGET.guests) failures.push(`route placed ${placed} of ${ROOMING_BUDGET.guests} guests`);
        if (i >= 3) routeTimes.push(ms);
      }
      route = { p50: percentile(routeTimes, 50), p95: percentile(routeTimes, 95), runs };
      if (route.p95 >= ROOMING_BUDGET.maxP95Ms) failures.push(`route p95 ${route.p95.toFixed(1)} ms ≥ ${ROOMING_BUDGET.maxP95Ms} ms`);
    } finally {
      await app.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  return { guests: ROOMING_BUDGET.guests, rooms: roomsCount, domain, route, pass: failures.length === 0, failures: [...new Set(failures)] };
}

export function printRooming(r: RoomingBenchResult) {
  const fmt = (m: { p50: number; p95: number; runs: number }) =>
    `p50 ${m.p50.toFixed(1).padStart(6)} ms   p95 ${m.p95.toFixed(1).padStart(6)} ms   (${m.runs} runs)`;
  console.log(`${r.guests} guests → ${r.rooms} rooms; ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]!.toFixed(2)}`);
  console.log(`domain  proposeRooming + validateRooming      ${fmt(r.domain)}`);
  if (r.route) console.log(`route   POST /api/admin/trips/…/proposal    ${fmt(r.route)}`);
  console.log(`budget: p95 < ${ROOMING_BUDGET.maxP95Ms} ms`);
  console.log(r.pass ? 'PASS: rooming generator within budget' : `FAIL: rooming generator over budget (${r.failures.join('; ')})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchRooming({ runs: 30 });
  printRooming(result);
  if (!result.pass && process.argv.includes('--strict')) process.exitCode = 1;
}
