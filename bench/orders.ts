// Order path under load, on PostgreSQL (budget in the README's 'Benchmarks'): 50 customers at once, each in a loop placing an
// order (a 2-person room with 2 guests, voucher WELKOM50, pay 50 %) and starting its payment on the
// simulator, for 60 s. The shop runs as its own process on a throwaway database (rate limits raised
// with RATE_LIMIT_FACTOR for this run only); the customers are plain keep-alive HTTP clients here.
// One trip in ten is nearly sold out (100 places): those orders race for the last places, and after
// the run stock and guests must agree exactly (0 oversold). Alone: `npx tsx bench/orders.ts`;
// BENCH_ORDERS_SECONDS=10 for a quick check; BENCH_CPU_PROF=dir writes the server's CPU profile;
// BENCH_QUERY_TEXTS=1 lists the statements sent per order.
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ProductType } from '@umrah/domain';
import { DEMO_ACCOUNTS } from '../apps/api/src/db/seed.ts';
import { processIds, statFields } from './proc.ts';
import { percentile, startShop, throwawayDatabase } from './server.ts';
import { compiledShop } from './startup.ts';
import { ORDERS_BUDGET, printOrders, type OrdersBenchOptions, type OrdersBenchResult } from './orders-report.ts';

export { ORDERS_BUDGET, printOrders, type OrdersBenchOptions, type OrdersBenchResult } from './orders-report.ts';

const SCARCE_PLACES = 100;
const TICK_MS = 10; // /proc/<pid>/stat counts CPU time in clock ticks of 10 ms on Linux

/** CPU milliseconds so far of each PostgreSQL backend serving `database`, by pid (best effort: Linux only). */
function postgresCpuByPid(database: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of processIds()) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.startsWith('postgres: ') || !cmd.includes(` ${database} `)) continue;
      const fields = statFields(pid);
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // gone in between
    }
  }
  return byPid;
}

/**
 * The CPU milliseconds the database's backends spent since start(). Backends come and go (the shop's
 * pool closes a connection idle for a minute and opens another when busy again), so they are sampled
 * during the run: a backend that ended still counts with what it had spent when last seen.
 */
function postgresCpuMeter(database: string) {
  const start = postgresCpuByPid(database);
  const last = new Map(start);
  const sample = () => {
    for (const [pid, ms] of postgresCpuByPid(database)) last.set(pid, ms);
  };
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      let ms = 0;
      for (const [pid, now] of last) ms += now - (start.get(pid) ?? 0);
      return ms;
    },
  };
}

const PLENTY = 1_000_000;

function client(base: string) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return (method: string, pathname: string, body: unknown, token?: string, clientIp?: string) =>
    new Promise<{ status: number; json: any }>((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path: pathname,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(clientIp ? { 'x-forwarded-for': clientIp } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let json: unknown = null;
            try {
              json = JSON.parse(text);
            } catch {
              json = text;
            }
            resolve({ status: res.statusCode ?? 0, json });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

/** The shop started on the throwaway database, with the statement and CPU counter loaded. */
async function startCountingShop(databaseUrl: string, countFile: string, profDir: string | undefined) {
  return startShop({
    databaseUrl,
    // 50 customers are 50 addresses behind the load balancer, as in production: with one address
    // all of them would share (and queue on) one rate-limit counter row.
    env: {
      DEMO: '1',
      RATE_LIMIT_FACTOR: process.env.RATE_LIMIT_FACTOR ?? '1000',
      // Each simulated customer keeps placing unpaid orders: the per-account bound would stop it.
      UNPAID_ROOMS_PER_ACCOUNT: '1000',
      UNPAID_PLACES_PER_TRIP: '4000',
      TRUST_PROXY: '127.0.0.1',
      BENCH_QUERY_COUNT_FILE: countFile,
    },
    // The counter (statements and CPU time of the shop, on SIGUSR2) costs next to nothing.
    command: await compiledShop([...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), '--import', './bench/query-counter.mjs']),
  });
}

/** The shop's statement count and CPU time so far (bench/query-counter.mjs answers SIGUSR2). */
async function shopCounters(shopProcess: { kill(signal: NodeJS.Signals): boolean }, countFile: string) {
  rmSync(countFile, { force: true });
  shopProcess.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 20));
    try {
      return JSON.parse(readFileSync(countFile, 'utf8')) as { statements: number; cpuMs: number; texts?: [string, number][] };
    } catch {
      // not written yet
    }
  }
  throw new Error('the shop did not report its statement count');
}

/** Customers: copies of the demo customer (same password hash), each logging in once. */
async function loginCustomers(sql: pg.Client, call: ReturnType<typeof client>, customers: number): Promise<string[]> {
  await sql.query(
    `insert into users (email, password_hash, first_name, last_name, role)
     select 'bench-klant-' || i || '@example.nl', password_hash, 'Klant' || i, 'Bench', 0
     from users, generate_series(1, $1) as i where email = $2`,
    [customers, DEMO_ACCOUNTS.customer.email],
  );
  const tokens: string[] = [];
  for (let i = 1; i <= customers; i++) {
    const res = await call('POST', '/api/login', { email: `bench-klant-${i}@example.nl`, password: DEMO_ACCOUNTS.customer.password });
    if (res.status !== 200) throw new Error(`login ${i}: ${res.status} ${JSON.stringify(res.json)}`);
    tokens.push(res.json.token);
  }
  return tokens;
}

/** Two trips: one with plenty of places, one nearly sold out. */
async function prepareTrips(sql: pg.Client) {
  const trips = (
    await sql.query(`select id from products where type = $1 and region = 'NL' and stock > 0 and start > now() order by start limit 2`, [
      ProductType.UMRAH_2_ADULT,
    ])
  ).rows.map((r) => r.id as number);
  if (trips.length < 2) throw new Error('the seed has fewer than two NL trips with 2-person rooms');
  const [plenty, scarce] = trips as [number, number];
  await sql.query('update products set stock = $2 where id = $1', [plenty, PLENTY]);
  await sql.query('update products set stock = $2 where id = $1', [scarce, SCARCE_PLACES]);
  const initial = new Map([
    [plenty, PLENTY],
    [scarce, SCARCE_PLACES],
  ]);
  return { plenty, scarce, initial };
}

/** An order of one 2-person room for two guests, paid partly with the welcome voucher. */
const payload = (i: number, productId: number) => ({
  rooms: [
    {
      product_id: productId,
      room_type: 2,
      room_gender: 2,
      guests: [
        { first_name: `Gast${i}`, last_name: 'Bench', age_category: 0, gender: 0 },
        { first_name: `Reiziger${i}`, last_name: 'Bench', age_category: 0, gender: 1 },
      ],
    },
  ],
  flex: { pay_partly: true, discounts: ['WELKOM50'] },
});

/** Stock and guests must agree: what left stock is exactly the guests placed in rooms of the trip. */
async function stockCheck(sql: pg.Client, initial: Map<number, number>): Promise<OrdersBenchResult['stock']> {
  const stock: OrdersBenchResult['stock'] = [];
  for (const [product, before] of initial) {
    const { rows } = await sql.query(
      `select p.stock::int as final,
              (select count(*)::int from guests g join rooms r on r.id = g.room_id where r.product_id = p.id) as guests
       from products p where p.id = $1`,
      [product],
    );
    const { final, guests } = rows[0] as { final: number; guests: number };
    stock.push({
      product,
      initial: before,
      final,
      guests,
      oversold: Math.max(0, guests - before, before - final - guests, final < 0 ? -final : 0),
    });
  }
  return stock;
}

/** What the run missed of the budget, and any failed request, oversold place or untested race. */
function budgetFailures(result: OrdersBenchResult): string[] {
  const failures: string[] = [];
  if (result.ordersPerSec < ORDERS_BUDGET.minOrdersPerSec)
    failures.push(`${result.ordersPerSec.toFixed(0)} orders/s < ${ORDERS_BUDGET.minOrdersPerSec}`);
  if (!(result.path.p99 < ORDERS_BUDGET.maxP99Ms)) failures.push(`p99 ${result.path.p99.toFixed(0)} ms ≥ ${ORDERS_BUDGET.maxP99Ms} ms`);
  if (result.failed > 0) failures.push(`${result.failed} failed requests (${result.firstFailure})`);
  for (const s of result.stock) if (s.oversold > 0) failures.push(`product ${s.product}: ${s.oversold} places oversold or lost`);
  if (result.soldOut === 0) failures.push('the nearly sold-out trip never sold out: the race was not tested');
  return failures;
}

/** Every customer places and pays orders while `running` (one in ten on the nearly sold-out trip). */
async function placeOrders(
  call: ReturnType<typeof client>,
  tokens: string[],
  { plenty, scarce }: { plenty: number; scarce: number },
  running: () => boolean,
) {
  const pathTimes: number[] = [];
  const orderTimes: number[] = [];
  const paymentTimes: number[] = [];
  let orders = 0;
  let soldOut = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const fail = (what: string, res: { status: number; json: unknown }) => {
    failed++;
    firstFailure ??= `${what} ${res.status}: ${JSON.stringify(res.json).slice(0, 200)}`;
  };
  let n = 0;
  await Promise.all(
    tokens.map(async (token, c) => {
      const ip = `10.0.${c >> 8}.${c & 255}`;
      while (running()) {
        const i = ++n;
        const t0 = performance.now();
        const order = await call('POST', '/api/order', payload(i, i % 10 === 0 ? scarce : plenty), token, ip);
        const t1 = performance.now();
        orderTimes.push(t1 - t0);
        if (order.status === 409) {
          soldOut++;
          continue;
        }
        if (order.status !== 201) {
          fail('order', order);
          continue;
        }
        const pay = await call('POST', `/api/payment/${order.json.order.id}`, { trans: 'none' }, token, ip);
        const t2 = performance.now();
        paymentTimes.push(t2 - t1);
        if (pay.status !== 200 || !pay.json.transaction) {
          fail('payment', pay);
          continue;
        }
        pathTimes.push(t2 - t0);
        orders++;
      }
    }),
  );
  return { pathTimes, orderTimes, paymentTimes, orders, soldOut, failed, firstFailure };
}

export async function benchOrders(opts: OrdersBenchOptions): Promise<OrdersBenchResult> {
  const database = await throwawayDatabase('umrah_bench_orders');
  const profDir = process.env.BENCH_CPU_PROF;
  let shop: Awaited<ReturnType<typeof startShop>> | undefined;
  const sql = new pg.Client({ connectionString: database.url });
  const countFile = path.join(os.tmpdir(), `${database.name}.count.json`);
  try {
    shop = await startCountingShop(database.url, countFile, profDir);
    const shopProcess = shop.child;
    const counters = () => shopCounters(shopProcess, countFile);
    await sql.connect();
    const call = client(shop.base);

    const tokens = await loginCustomers(sql, call, opts.customers);

    const { plenty, scarce, initial } = await prepareTrips(sql);

    // One order by hand first: a broken payload fails here with its message, not as 60 s of 400s.
    const first = await call('POST', '/api/order', payload(0, plenty), tokens[0]);
    if (first.status !== 201) throw new Error(`a test order answered ${first.status}: ${JSON.stringify(first.json)}`);
    const firstPay = await call('POST', `/api/payment/${first.json.order.id}`, { trans: 'none' }, tokens[0]);
    if (firstPay.status !== 200) throw new Error(`a test payment answered ${firstPay.status}: ${JSON.stringify(firstPay.json)}`);

    const loadAverage = os.loadavg()[0]!;
    const before = await counters();
    const postgresCpu = postgresCpuMeter(database.name);
    // The customers' side runs on the same cores: its CPU time is part of what limits the rate.
    const loadGeneratorCpu = process.cpuUsage();
    const started = performance.now();
    const deadline = started + opts.durationSeconds * 1000;
    opts.onLoadStarted?.();
    const { pathTimes, orderTimes, paymentTimes, orders, soldOut, failed, firstFailure } = await placeOrders(
      call,
      tokens,
      { plenty, scarce },
      () => performance.now() < deadline && !opts.signal?.aborted,
    );
    const seconds = (performance.now() - started) / 1000;
    const ownCpu = process.cpuUsage(loadGeneratorCpu);
    const after = await counters();
    const postgresCpuMs = postgresCpu.stop();
    const per = (x: number) => (orders ? x / orders : NaN);

    const stock = await stockCheck(sql, initial);

    const q = (xs: number[]) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });
    const result: OrdersBenchResult = {
      customers: opts.customers,
      durationSeconds: seconds,
      orders,
      ordersPerSec: orders / seconds,
      soldOut,
      failed,
      firstFailure,
      path: q(pathTimes),
      order: q(orderTimes),
      payment: q(paymentTimes),
      stock,
      perOrder: {
        statements: per(after.statements - before.statements),
        serverCpuMs: per(after.cpuMs - before.cpuMs),
        postgresCpuMs: per(postgresCpuMs),
        loadGeneratorCpuMs: per((ownCpu.user + ownCpu.system) / 1000),
      },
      statementTexts: after.texts && statementsPerOrder(before.texts ?? [], after.texts, orders),
      loadAverage,
      pass: false,
      failures: [],
    };
    result.failures.push(...budgetFailures(result));
    result.pass = result.failures.length === 0;
    return result;
  } finally {
    await sql.end().catch(() => {});
    await shop?.stop();
    rmSync(countFile, { force: true });
    await database.drop();
  }
}

/** How often each statement text was sent between two counts, per placed order, most frequent first. */
function statementsPerOrder(before: [string, number][], after: [string, number][], orders: number) {
  const earlier = new Map(before);
  return after
    .map(([text, n]) => ({ text, perOrder: (n - (earlier.get(text) ?? 0)) / orders }))
    .filter((s) => s.perOrder > 0)
    .sort((a, b) => b.perOrder - a.perOrder);
}

export const ordersSeconds = () => Number(process.env.BENCH_ORDERS_SECONDS ?? 60);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchOrders({ customers: 50, durationSeconds: ordersSeconds() });
  printOrders(result);
  if (!result.pass && process.argv.includes('--strict')) process.exitCode = 1;
}
