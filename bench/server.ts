// Shared by the PostgreSQL benches: a throwaway database on the local server, and the shop started as
// its own process (as in production), so the load generator never shares the server's event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server the benches create their databases on (trust auth on the machines). */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Throwaway {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

export async function throwawayDatabase(prefix: string): Promise<Throwaway> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ShopProcess {
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  startMs: number;
  stop: () => Promise<void>;
}

/**
 * Starts the shop (`npm start -w apps/api`'s command unless `command` is given) on a free port with
 * production settings and waits for /api/health. `nodeArgs` go to node (e.g. --cpu-prof).
 */
export async function startShop(opts: {
  databaseUrl?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  command?: string[];
  port?: number;
}): Promise<ShopProcess> {
  // A port the system says is free: a random one could be another program's (other benches and tests
  // run on the same machine), whose /api/health would then answer for a shop that never started.
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    VISA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PAYMENT_PROVIDER: 'simulator',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    SCHEDULER_ENABLED: 'false',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const command = opts.command ?? [process.execPath, ...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/api/src/server.ts'];
  const t0 = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
    // BENCH_SHOP_STDERR=file keeps the shop's error output of the whole run (a crash under load).
    if (process.env.BENCH_SHOP_STDERR) appendFileSync(process.env.BENCH_SHOP_STDERR, d);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the shop did not answer /api/health within 120 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startMs = performance.now() - t0;
  return {
    base,
    child,
    startMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

export const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
