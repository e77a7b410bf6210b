// Preloaded into the shop by bench/orders.ts (node --import): counts the SQL statements the process
// sends through node-postgres, and on SIGUSR2 writes the count and the process's CPU time to the file
// named by BENCH_QUERY_COUNT_FILE, so the bench can report statements and CPU milliseconds per order.
// With BENCH_QUERY_TEXTS=1 it also counts each statement text (parameters as $n), for finding which
// statements the order path sends (bench/orders.ts then prints them per order).
import { writeFileSync } from 'node:fs';
import pg from 'pg';

let statements = 0;
/** Statement text → how often it was sent (only with BENCH_QUERY_TEXTS=1). */
const texts = process.env.BENCH_QUERY_TEXTS === '1' ? new Map() : null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements++;
  if (texts) {
    const q = args[0];
    const text = (typeof q === 'string' ? q : (q?.text ?? String(q))).replace(/\s+/g, ' ').slice(0, 400);
    texts.set(text, (texts.get(text) ?? 0) + 1);
  }
  return query.apply(this, args);
};
const file = process.env.BENCH_QUERY_COUNT_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const cpu = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ statements, cpuMs: (cpu.user + cpu.system) / 1000, ...(texts ? { texts: [...texts] } : {}) }));
  });
}
