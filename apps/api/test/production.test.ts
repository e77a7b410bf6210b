import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_ENV, ENV_VARIABLES, REPO_ROOT, configProblems, loadConfig, type ConfigError } from '../src/config.ts';
import { DEMO_ACCOUNTS } from './helpers.ts';
import { processCluster } from './processes.ts';
import { startSmtpServer } from './smtp.ts';

// What the person who runs the shop meets on the first day, with real server processes:
// a production start loads no demo data and prints no password, the first admin comes from a command,
// configuration problems are named all at once, processes started together do not race the
// migrations, a PGlite folder has one process, and a stop is quick.

const API_DIR = path.join(REPO_ROOT, 'apps/api');

/** Everything production requires, valid (the tests take parts away). */
const productionEnv = (): Record<string, string> => ({
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
  VISA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  PAYMENT_PROVIDER: 'simulator',
  PUBLIC_URL: 'https://shop.example.nl',
  SMTP_URL: 'smtp://127.0.0.1:9',
  OFFICE_EMAIL: 'office@example.nl',
  COMPANY_STREET: 'Stationsplein 1',
  COMPANY_PHONE: '030 765 43 21',
  COMPANY_KVK: '87654321',
  COMPANY_VAT_NUMBER: 'NL123456789B01',
  COMPANY_IBAN: 'NL02 RABO 0123 4567 89',
});

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

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** Spawns `node --import tsx src/server.ts` with exactly this environment (plus PATH). */
async function spawnServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), SCHEDULER_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits for /api/ready 200, or throws with the output when the process ends or it takes too long. */
async function untilReady(server: Server, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server ended (${server.child.exitCode}): ${server.output()}`);
    try {
      if ((await fetch(`${server.base}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${server.output()}`);
}

const stop = async (server: Server | undefined) => {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
};

describe('configuration problems', () => {
  it('a start with three missing variables names all three in one message, without a stack trace', () => {
    const env = productionEnv();
    delete env.PUBLIC_URL;
    delete env.SMTP_URL;
    delete env.JWT_SECRET;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH, ...env, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const message = run.stderr.trim();
    expect(message).toMatch(/^The configuration is not valid \(3 problems\)/);
    expect(message).toContain('  - PUBLIC_URL: missing (expected: ');
    expect(message).toContain('  - SMTP_URL: missing (expected: ');
    expect(message).toContain('  - JWT_SECRET: missing (expected: ');
    expect(message.split('\n')).toHaveLength(4);
    expect(message).not.toMatch(/\n\s+at /);
  });

  it('lists invalid values together, each with what it must look like', () => {
    const problems = configProblems({
      ...productionEnv(),
      PUBLIC_URL: 'http://shop.example.nl',
      OFFICE_EMAIL: 'kantoor',
      SMTP_URL: 'mail.example.nl',
      PORT: 'zeventig',
      VISA_ENCRYPTION_KEY: 'kort',
    });
    expect(problems.map((p) => p.variable).sort()).toEqual(['OFFICE_EMAIL', 'PORT', 'PUBLIC_URL', 'SMTP_URL', 'VISA_ENCRYPTION_KEY']);
    expect(problems.find((p) => p.variable === 'PUBLIC_URL')!.problem).toBe('must start with https:// in production');
    try {
      loadConfig({ ...productionEnv(), PORT: 'zeventig', OFFICE_EMAIL: 'kantoor' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).message).toContain('PORT: invalid');
      expect((err as ConfigError).message).toContain("OFFICE_EMAIL: not an e-mail address (expected: the office's e-mail address");
    }
  });

  it('.env.example explains every variable', () => {
    const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    for (const name of [...ENV_VARIABLES, ...Object.values(COMPANY_ENV)]) expect(named, name).toContain(name);
  });

  it('production loads no demo data: off by default, refused when asked for, except on a demo shop (DEMO=1)', () => {
    expect(loadConfig(productionEnv()).seedDemo).toBe(false);
    expect(configProblems({ ...productionEnv(), SEED_DEMO: 'true' })).toEqual([
      { variable: 'SEED_DEMO', problem: 'would load the demo data and its known admin password into production' },
    ]);
    expect(loadConfig({ ...productionEnv(), SEED_DEMO: 'true', DEMO: '1' }).seedDemo).toBe(true);
    // Development keeps its demo shop.
    expect(
      loadConfig({
        NODE_ENV: 'development',
        JWT_SECRET: 'x'.repeat(40),
        ALTCHA_HMAC_KEY: 'y'.repeat(20),
        VISA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      }).seedDemo,
    ).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a production start on an empty PostgreSQL database', () => {
  const dbName = `umrah_test_prod_${randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  let server: Server | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'umrah-prod-'));
  let env: Record<string, string> = {};

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    smtp = await startSmtpServer();
    env = { ...productionEnv(), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SMTP_URL: smtp.url, WEB_DIST: path.join(dataDir, 'no-web') };
  });
  afterAll(async () => {
    await stop(server);
    await smtp?.close();
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm run admin -- …` from the repository root, the password on standard input. */
  const adminCommand = async (args: string[], stdin: string) => {
    const run = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, ...env },
      input: stdin,
      encoding: 'utf8',
      timeout: 60_000,
    });
    // While spawnSync blocked this process, the server closed our idle keep-alive socket (after 5 s):
    // let the event loop see that before the next fetch would reuse it.
    await new Promise((r) => setTimeout(r, 50));
    return run;
  };

  const login = (email: string, password: string) =>
    fetch(`${server!.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('loads no demo data and prints no password; the admin command makes an admin who can log in', async () => {
    server = await spawnServer(env);
    await untilReady(server);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const count = async (table: string) => Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);
      expect(await count('users')).toBe(0);
      expect(await count('products')).toBe(0);
      expect(await count('orders')).toBe(0);
      const output = server.output();
      for (const a of Object.values(DEMO_ACCOUNTS)) expect(output).not.toContain(a.password);
      expect(output).not.toMatch(/wachtwoord|password|demo data/i);
      // The demo admin does not exist.
      expect((await login(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).status).toBe(401);

      // The password is never an argument.
      const refused = await adminCommand(['create', '--email', 'beheer@example.nl', '--password', 'Geheim-wachtwoord-1'], '');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('The password is never an argument');
      expect(await count('users')).toBe(0);

      const password = `Beheer-${randomBytes(6).toString('hex')}`;
      const created = await adminCommand(
        ['create', '--email', 'Beheer@Example.nl', '--first-name', 'Khadija', '--last-name', 'Amrani'],
        `${password}\n`,
      );
      expect(created.status, created.stderr).toBe(0);
      expect(created.stdout).toContain('Admin account beheer@example.nl created');
      expect(created.stdout + created.stderr).not.toContain(password);
      const [row] = (await db.query(`select role, password_hash from users where email = 'beheer@example.nl'`)).rows;
      expect(row.role).toBe(1);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);

      const res = await login('beheer@example.nl', password);
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      const users = await fetch(`${server.base}/api/users`, { headers: { authorization: `Bearer ${token}` } });
      expect(users.status).toBe(200);

      // A second 'create' for the same address is refused; 'reset-password' sets a new one and ends the sessions.
      expect((await adminCommand(['create', '--email', 'beheer@example.nl'], `${password}\n`)).status).toBe(1);
      const newPassword = `Nieuw-${randomBytes(6).toString('hex')}`;
      const reset = await adminCommand(['reset-password', '--email', 'beheer@example.nl'], `${newPassword}\n`);
      expect(reset.status, reset.stderr).toBe(0);
      expect(server.child.exitCode, server.output()).toBe(null);
      expect((await fetch(`${server.base}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
      expect((await login('beheer@example.nl', password)).status).toBe(401);
      expect((await login('beheer@example.nl', newPassword)).status).toBe(200);
      // A password shorter than the shop's rule is refused.
      expect((await adminCommand(['reset-password', '--email', 'beheer@example.nl'], 'kort\n')).status).toBe(1);
    } finally {
      await db.end();
    }
  });

  it('npm run migrate finds the database up to date', () => {
    const run = spawnSync('npm', ['run', '--silent', 'migrate'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('the postgres database is up to date');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two processes started at once on an empty PostgreSQL database', () => {
  it('both come up; the migrations and the demo seed ran once', async () => {
    const cluster = await processCluster('race');
    try {
      const [a, b] = await Promise.all([cluster.start(), cluster.start()]);
      expect((await fetch(`${a}/api/ready`)).status).toBe(200);
      expect((await fetch(`${b}/api/ready`)).status).toBe(200);
      expect(cluster.allRunning()).toBe(true);
      const db = new pg.Client({ connectionString: cluster.databaseUrl });
      await db.connect();
      try {
        expect(Number((await db.query('select count(*) as n from users')).rows[0].n)).toBe(Object.keys(DEMO_ACCOUNTS).length);
      } finally {
        await db.end();
      }
    } finally {
      await cluster.stop();
    }
  }, 180_000);
});

describe('one PGlite folder, one process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'umrah-pglite-lock-'));
  const env = (): Record<string, string> => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await stop(s);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second process refuses with a message naming the folder; a dead process leaves no lock', async () => {
    const first = await spawnServer(env());
    servers.push(first);
    await untilReady(first);
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));

    const second = await spawnServer(env());
    servers.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The embedded database in ${path.join(dataDir, 'pglite')} is in use by another process (PID ${first.child.pid})`,
    );
    // The first process is untouched.
    expect((await fetch(`${first.base}/api/ready`)).status).toBe(200);

    // A process killed outright leaves its lock behind; the next start takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockFile)).toBe(true);
    const third = await spawnServer(env());
    servers.push(third);
    await untilReady(third);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(third.child.pid));

    // A stop releases it.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});

describe('stopping a server (SIGTERM)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'umrah-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('closes idle keep-alive connections at once, answers a request in flight, and a stalled client cannot hold it past the deadline', async () => {
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };

    // An idle keep-alive connection only: the stop is quick and clean.
    let server = await spawnServer({ ...env, SHUTDOWN_TIMEOUT_MS: '20000' });
    await untilReady(server);
    const port = Number(new URL(server.base).port);
    const idle = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => {
      idle.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      idle.once('data', () => resolve());
    });
    let t0 = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5000);
    idle.destroy();

    // A request in flight when the signal comes (its body still arriving) is answered, then the process ends.
    server = await spawnServer({ ...env, SHUTDOWN_TIMEOUT_MS: '20000' });
    await untilReady(server);
    const slow = connect(Number(new URL(server.base).port), '127.0.0.1');
    let answer = '';
    slow.on('data', (d) => (answer += d));
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    const body = JSON.stringify({ email: 'niemand@example.nl', password: 'fout-wachtwoord-123' });
    slow.write(`POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 300));
    t0 = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    slow.write(body.slice(10));
    expect(await server.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    slow.destroy();

    // A client that sends half a request and then nothing: the deadline ends the wait.
    server = await spawnServer({ ...env, SHUTDOWN_TIMEOUT_MS: '1500' });
    await untilReady(server);
    const stalled = connect(Number(new URL(server.base).port), '127.0.0.1');
    stalled.on('error', () => undefined);
    await new Promise<void>((resolve) => stalled.once('connect', () => resolve()));
    stalled.write('POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');
    await new Promise((r) => setTimeout(r, 300));
    t0 = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const took = Date.now() - t0;
    stalled.destroy();
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(6000);
    expect(server.output()).toContain('shutdown deadline reached');
  }, 180_000);
});
