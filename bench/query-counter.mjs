// Preloaded into the shop by bench/orders.ts (node --import): counts the SQL statements the process
// sends through node-postgres, and on SIGUSR2 writes the count and the process's CPU time to the file
// named by BENCH_QUERY_COUNT_FILE, so the bench can report statements and CPU milliseconds per order.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements++;
  return query.apply(this, args);
};
const file = process.env.BENCH_QUERY_COUNT_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const cpu = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ statements, cpuMs: (cpu.user + cpu.system) / 1000 }));
  });
}
