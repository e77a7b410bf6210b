import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { must } from '@umrah/domain/must';

// Real API processes (node --import tsx src/server.ts) on one throwaway PostgreSQL database: for
// what must hold across processes (shared limits, caches, the scheduler's once-only steps). Without
// DATABASE_URL the processes use PGlite in a throwaway folder instead, one process at a time (for
// what must survive a process's end, e.g. a crash between a commit and its answer).
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ProcessCluster {
  /** The throwaway database's URL ('' on PGlite). */
  databaseUrl: string;
  /** Starts one more process and returns its base URL once /api/ready answers 200. */
  start(env?: Record<string, string>): Promise<string>;
  /** What the process serving `base` has written to stdout and stderr so far. */
  output(base: string): string;
  /** Whether every process started is still running. */
  allRunning(): boolean;
  /** Resolves with the exit code once the process serving `base` has ended. */
  exited(base: string): Promise<number | null>;
  /** Stops every process, drops the database, removes the data folder. */
  stop(): Promise<void>;
}

export async function processCluster(prefix: string): Promise<ProcessCluster> {
  const dbName = `umrah_test_${prefix}_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `umrah-${prefix}-`));
  const onPostgres = Boolean(process.env.DATABASE_URL);
  let databaseUrl = '';
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  // Every process of the cluster signs and seals with the same keys, as behind a load balancer.
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    VISA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const children: ChildProcess[] = [];
  const byBase = new Map<string, ChildProcess>();
  const outputs = new Map<string, () => string>();

  async function start(env: Record<string, string> = {}): Promise<string> {
    const port = await freePort();
    let output = '';
    const { DATABASE_URL: _unused, ...parentEnv } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...parentEnv,
        ...secrets,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        ...(onPostgres ? { DATABASE_URL: databaseUrl } : {}),
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'error',
        SEED_DEMO: 'true',
        RATE_LIMIT_FACTOR: '1',
        WEB_DIST: path.join(dataDir, 'no-web'),
        SMTP_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    byBase.set(base, child);
    outputs.set(base, () => output);
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`API process ended: ${output}`);
      try {
        if ((await fetch(`${base}/api/ready`)).ok) return base;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`API process did not start: ${output}`);
  }

  async function stop() {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
    if (onPostgres) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  function exited(base: string): Promise<number | null> {
    const child = byBase.get(base)!;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
    return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  const outputOf = (base: string) => must(outputs.get(base), `a process serving ${base}`)();
  return {
    databaseUrl,
    start,
    stop,
    exited,
    output: outputOf,
    allRunning: () => children.every((c) => c.exitCode === null && c.signalCode === null),
  };
}
