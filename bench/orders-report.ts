// The order bench's budget, its result and how it is printed (orders.ts runs the bench).
import os from 'node:os';

export const ORDERS_BUDGET = { minOrdersPerSec: 300, maxP99Ms: 250 } as const;

export interface OrdersBenchOptions {
  customers: number;
  durationSeconds: number;
  /** Ends the run before durationSeconds (the page-speed bench runs the load beside it until it is done). */
  signal?: AbortSignal;
  /** Called when the customers start placing orders (after the shop, the database and the logins are ready). */
  onLoadStarted?: () => void;
}

export interface OrdersBenchResult {
  customers: number;
  durationSeconds: number;
  orders: number;
  ordersPerSec: number;
  soldOut: number;
  failed: number;
  firstFailure?: string;
  /** Whole customer step: the order and its payment start. */
  path: { p50: number; p99: number };
  order: { p50: number; p99: number };
  payment: { p50: number; p99: number };
  stock: { product: number; initial: number; final: number; guests: number; oversold: number }[];
  /** Per placed order (order + payment start), over the timed run: what the shop's process spent. */
  perOrder: { statements: number; serverCpuMs: number; postgresCpuMs: number; loadGeneratorCpuMs: number };
  /** With BENCH_QUERY_TEXTS=1: each statement text the shop sent during the run, per placed order. */
  statementTexts?: { text: string; perOrder: number }[];
  loadAverage: number;
  pass: boolean;
  failures: string[];
}

export function printOrders(r: OrdersBenchResult) {
  const ms = (x: number) => `${x.toFixed(0).padStart(4)} ms`;
  console.log(
    `${r.customers} customers, ${r.durationSeconds.toFixed(0)} s, ${os.cpus().length} CPU(s), load average ${r.loadAverage.toFixed(2)} at the start`,
  );
  console.log(
    `orders placed and payment started  ${r.orders} (${r.ordersPerSec.toFixed(0)} orders/s); ${r.soldOut} refused as sold out (409, expected)`,
  );
  console.log(`order + payment start   p50 ${ms(r.path.p50)}   p99 ${ms(r.path.p99)}`);
  console.log(`  POST /api/order       p50 ${ms(r.order.p50)}   p99 ${ms(r.order.p99)}`);
  console.log(`  POST /api/payment/:id p50 ${ms(r.payment.p50)}   p99 ${ms(r.payment.p99)}`);
  console.log(
    `per order: ${r.perOrder.statements.toFixed(1)} SQL statements, shop CPU ${r.perOrder.serverCpuMs.toFixed(1)} ms, PostgreSQL CPU ${r.perOrder.postgresCpuMs.toFixed(1)} ms, load generator CPU ${r.perOrder.loadGeneratorCpuMs.toFixed(1)} ms`,
  );
  for (const s of r.statementTexts ?? []) console.log(`  ${s.perOrder.toFixed(2).padStart(5)}× ${s.text.slice(0, 160)}`);
  for (const s of r.stock) {
    console.log(`  trip ${s.product}: stock ${s.initial} → ${s.final}, ${s.guests} guests placed, oversold ${s.oversold}`);
  }
  console.log(`budget: ≥ ${ORDERS_BUDGET.minOrdersPerSec} orders/s, p99 < ${ORDERS_BUDGET.maxP99Ms} ms (order + payment start), 0 oversold`);
  console.log(r.pass ? 'PASS: order path within budget' : `FAIL: order path over budget (${r.failures.join('; ')})`);
}
