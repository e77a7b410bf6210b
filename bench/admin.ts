// Admin at scale, on PostgreSQL (budget in the README's 'Benchmarks'): 50,000 orders, 20,000 users and 100,000 payments
// (apps/api/src/scripts/seed-scale.ts) in a throwaway database; the shop runs as its own process and
// each admin list is asked one request at a time, as an admin would. Budget: p95 < 100 ms.
// Alone: `npx tsx bench/admin.ts` (BENCH_ADMIN_RUNS=10 for a quick check).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../apps/api/src/db/seed.ts';
import { SCALE, seedScale } from '../apps/api/src/scripts/seed-scale.ts';
import { percentile, startShop, throwawayDatabase } from './server.ts';
import { compiledShop } from './startup.ts';

export const ADMIN_BUDGET = { maxP95Ms: 100 } as const;

export interface AdminQueryResult {
  name: string;
  url: string;
  total: number;
  p50: number;
  p95: number;
}

export interface AdminBenchResult {
  seedSeconds: number;
  runs: number;
  queries: AdminQueryResult[];
  loadAverage: number;
  pass: boolean;
  failures: string[];
}

export async function benchAdmin(opts: { runs: number }): Promise<AdminBenchResult> {
  const database = await throwawayDatabase('umrah_bench_admin');
  let shop: Awaited<ReturnType<typeof startShop>> | undefined;
  try {
    // Migrated and seeded by the script (the shop then finds its demo data in place).
    const seedSeconds = await seedScale(database.url);
    shop = await startShop({ databaseUrl: database.url, env: { DEMO: '1', RATE_LIMIT_FACTOR: '1000' }, command: await compiledShop() });
    const login = await fetch(`${shop.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }),
    });
    if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
    const headers = { authorization: `Bearer ${(await login.json()).token}` };

    // Real values to search for: a seeded order in the middle, and its customer.
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const { rows } = await sql.query(
      `select o.id, u.email, u.first_name, u.last_name from orders o join users u on u.id = o.user_id
       where u.password_hash = 'scale-seed' order by o.id offset $1 limit 1`,
      [Math.floor(SCALE.orders / 2)],
    );
    await sql.end();
    const sample = rows[0] as { id: number; email: string; first_name: string; last_name: string };
    const q = encodeURIComponent;
    const targets = [
      ['orders: first page', '/api/admin/orders'],
      ['orders: page 500', '/api/admin/orders?page=500'],
      ['orders: FCU2{id}', `/api/admin/orders?q=${q(`FCU2${sample.id}`)}`],
      ['orders: email', `/api/admin/orders?q=${q(sample.email)}`],
      ['orders: part of email', `/api/admin/orders?q=${q(sample.email.split('@')[0]!.slice(0, 12))}`],
      ['orders: full name', `/api/admin/orders?q=${q(`${sample.first_name} ${sample.last_name}`)}`],
      ['orders: last name', `/api/admin/orders?q=${q(sample.last_name)}`],
      ['users: first page', '/api/users'],
      ['users: email', `/api/users?q=${q(sample.email)}`],
      ['users: last name', `/api/users?q=${q(sample.last_name)}`],
      ['payments: first page', '/api/payments'],
      ['payments: page 2000', '/api/payments?page=2000'],
      ['payments: of an order', `/api/payments?order_id=${sample.id}`],
    ] as const;

    const loadAverage = os.loadavg()[0]!;
    const queries: AdminQueryResult[] = [];
    for (const [name, url] of targets) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < opts.runs + 2; i++) {
        const t0 = performance.now();
        const res = await fetch(shop.base + url, { headers });
        const body = await res.json();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        total = body.total;
        if (i >= 2) times.push(ms); // the first two warm the plan cache and the JIT
      }
      queries.push({ name, url, total, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    const failures = queries.filter((r) => !(r.p95 < ADMIN_BUDGET.maxP95Ms)).map((r) => `${r.name} p95 ${r.p95.toFixed(0)} ms`);
    if (!queries.find((r) => r.name === 'orders: FCU2{id}')!.total) failures.push('the FCU2 search found nothing');
    return { seedSeconds, runs: opts.runs, queries, loadAverage, pass: failures.length === 0, failures };
  } finally {
    await shop?.stop();
    await database.drop();
  }
}

export function printAdmin(r: AdminBenchResult) {
  console.log(
    `${SCALE.orders} orders, ${SCALE.users} users, ${SCALE.payments} payments seeded in ${r.seedSeconds.toFixed(1)} s; ` +
      `${r.runs} runs each, one at a time; ${os.cpus().length} CPU(s), load average ${r.loadAverage.toFixed(2)}`,
  );
  for (const x of r.queries) {
    console.log(
      `${x.name.padEnd(24)} total ${String(x.total).padStart(6)}   p50 ${x.p50.toFixed(0).padStart(4)} ms   p95 ${x.p95.toFixed(0).padStart(4)} ms`,
    );
  }
  console.log(`budget: p95 < ${ADMIN_BUDGET.maxP95Ms} ms each`);
  console.log(r.pass ? 'PASS: admin lists within budget' : `FAIL: admin lists over budget (${r.failures.join('; ')})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchAdmin({ runs: Number(process.env.BENCH_ADMIN_RUNS ?? 30) });
  printAdmin(result);
  if (!result.pass && process.argv.includes('--strict')) process.exitCode = 1;
}
