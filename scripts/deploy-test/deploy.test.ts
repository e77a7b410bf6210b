// The deployment kit, tried step by step as docs/DEPLOY.md describes it: a release built with
// `npm run release` (node and production packages only) behind a `current` link, a throwaway
// PostgreSQL database, a production environment file without demo data, the migrations and the first
// admin by the release's own commands (node alone, the password on standard input), two instances
// started at once with the command of deploy/umrah-shop@.service, and Caddy with deploy/Caddyfile
// (its internal CA instead of Let's Encrypt). Over HTTPS: the shop loads, the new admin logs in and
// adds a trip, a customer registers and orders it, the rate limit sees the client's own address, a
// reset mail links to PUBLIC_URL; then the nightly backup, an upgrade (new release, migrate, one
// instance restarted at a time in a stream of requests: none lost) and a roll back (restore into a
// new database, the old release, both instances).
// systemd is not PID 1 here (CI, containers): the unit is checked with `systemd-analyze verify` and
// its ExecStart is run as a plain process in the unit's working directory and environment.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductType } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed.ts';
import { startSmtpServer } from '../../apps/api/test/smtp.ts';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Ports of this test (3400-3499): the two instances, Caddy's HTTPS, HTTP and admin ports.
const BASE = Number(process.env.DEPLOY_TEST_PORT_BASE ?? 3400);
const PORTS = [BASE + 1, BASE + 2];
const HTTPS_PORT = BASE + 43;
const SITE = `localhost:${HTTPS_PORT}`;
const PUBLIC_URL = `https://${SITE}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let work: string;
/** The release as built; `current` (/opt/umrah-shop/current in docs/DEPLOY.md) links to the one in use. */
let release: string;
let current: string;
let dbName: string;
const ADMIN_EMAIL = 'beheer@example.nl';
const ADMIN_PASSWORD = `Beheer-${randomBytes(8).toString('hex')}`;
/** The trip the new admin adds over HTTPS (a production shop starts without products). */
let tripId: number;
/** The customer's order, and the token to read it with. */
let placed: { id: number; token: string };
/** The backup made as the upgrade's first step; the roll back restores it. */
let upgradeBackup: string;
let caCert: Buffer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let caddy: ChildProcess | undefined;
const instances = new Map<number, ChildProcess>();
const output = new Map<string, string>();
/** Everything an instance printed until it was ready: the production start, checked for passwords. */
const startOutput = new Map<number, string>();

/** The value of a `Key=value` line of a systemd unit; the test fails when the unit has no such line. */
const unitLine = (unit: string, key: string) => must(new RegExp(`^${key}=(.+)$`, 'm').exec(unit)?.[1], `${key}= in the unit`);

/** KEY=value lines as systemd's EnvironmentFile reads them (comments and blank lines skipped). */
function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [, key, value] = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line) ?? [];
    if (key !== undefined && value !== undefined && !line.trimStart().startsWith('#')) env[key] = value.trim().replace(/^"(.*)"$/, '$1');
  }
  return env;
}

function capture(name: string, child: ChildProcess) {
  output.set(name, '');
  const add = (chunk: Buffer) => output.set(name, (output.get(name)! + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

/** Only what systemd gives a service (PATH, HOME, LANG); the rest comes from the environment file. */
const serviceEnv = () => ({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: work, LANG: 'C.UTF-8' });

/** The unit's ExecStart for one instance, run as systemd would: its working directory, its environment file. */
function startInstance(port: number): ChildProcess {
  const unit = readFileSync(path.join(current, 'deploy/umrah-shop@.service'), 'utf8');
  const execStart = unitLine(unit, 'ExecStart').replaceAll('%i', String(port));
  const [cmd = '', ...args] = execStart.split(/\s+/);
  const workingDirectory = unitLine(unit, 'WorkingDirectory');
  expect(workingDirectory).toBe('/opt/umrah-shop/current');
  const child = spawn(cmd, args, {
    // /opt/umrah-shop/current: here, the test's link to the release in use.
    cwd: current,
    env: { ...serviceEnv(), ...readEnvFile(path.join(work, 'env')) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  capture(`instance ${port}`, child);
  instances.set(port, child);
  return child;
}

/** Starts instances together (docs/DEPLOY.md: at once; the advisory lock orders their migrations) and waits until each is ready. */
async function startInstances(ports: number[]) {
  for (const port of ports) startInstance(port);
  await Promise.all(
    ports.map(async (port) => {
      await waitFor(`instance ${port} ready`, ready(port));
      startOutput.set(port, output.get(`instance ${port}`)!);
    }),
  );
}

/**
 * A command of the release as docs/DEPLOY.md runs it: `node --env-file=/etc/umrah-shop/env
 * apps/api/dist/<command>.js …` in /opt/umrah-shop/current, with node alone (no npm, no tsx).
 */
function releaseCommand(command: string, args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('node', [`--env-file=${path.join(work, 'env')}`, `apps/api/dist/${command}.js`, ...args], {
    cwd: current,
    env: serviceEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(stdin);
  return exited(child).then((code) => ({ code, stdout, stderr }));
}

/** `ln -sfn TARGET current`, atomically as a rename (an instance starting meanwhile sees one or the other). */
function switchCurrent(target: string) {
  const tmp = `${current}.new`;
  rmSync(tmp, { force: true });
  symlinkSync(target, tmp);
  renameSync(tmp, current);
}

/** The backup unit's command (deploy/umrah-shop-backup.service) as systemd runs it; returns the folder written. */
async function backupNow(): Promise<string> {
  const unit = readFileSync(path.join(current, 'deploy/umrah-shop-backup.service'), 'utf8');
  const [cmd = '', ...args] = unitLine(unit, 'ExecStart').split(/\s+/);
  expect(unitLine(unit, 'WorkingDirectory')).toBe('/opt/umrah-shop/current');
  const unitEnv = Object.fromEntries(
    unitLine(unit, 'Environment')
      .split(/\s+/)
      .map((kv) => kv.split('=') as [string, string]),
  );
  expect(unitEnv.BACKUP_KEEP_DAYS).toBe('30');
  // BACKUP_DIR in /var/lib is systemd's to make; here a folder of the test.
  const env = { ...serviceEnv(), ...unitEnv, BACKUP_DIR: path.join(work, 'backups'), ...readEnvFile(path.join(work, 'env')) };
  const backup = await run(cmd, args, { cwd: current, env });
  expect(backup.stdout).toMatch(/Backup written to .*umrah-shop-\d{8}-\d{6}/);
  return must(/Backup written to (\S+)/.exec(backup.stdout)?.[1], 'the backup folder');
}

/**
 * Caddy sends requests to the instance again: its admin API lists the upstream without a remembered
 * failure (a refused connection keeps it out for fail_duration). docs/DEPLOY.md's upgrade waits for this.
 */
const caddyTakesBack = (port: number) => async () => {
  const upstreams = (await fetch(`http://localhost:${BASE + 19}/reverse_proxy/upstreams`).then((r) => r.json())) as {
    address: string;
    fails: number;
  }[];
  return upstreams.some((u) => u.address === `127.0.0.1:${port}` && u.fails === 0);
};

/** The release folder an instance runs from (its working directory, the link resolved at its start). */
const runsFrom = (port: number) => readlinkSync(`/proc/${instances.get(port)!.pid}/cwd`);

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${[...output].map(([k, v]) => `--- ${k}\n${v}`).join('\n')}`);
    await sleep(250);
  }
}

// Ready (not only alive): the database answers and no migration is pending, as Caddy's health check asks.
const ready = (port: number) => () => fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to Caddy, trusting only Caddy's internal CA, from the given loopback address. */
function request(method: string, url: string, opts: { body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: HTTPS_PORT,
        servername: 'localhost',
        ca: caCert,
        localAddress: opts.from ?? '127.0.0.1',
        method,
        path: url,
        agent: false,
        timeout: 30_000,
        headers: { host: SITE, ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(payload);
  });
}

const json = (a: Answer) => JSON.parse(a.body);

/** An ALTCHA payload for the form, solved the way the browser widget does. */
async function captcha(from: string): Promise<string> {
  const c = json(await request('GET', '/api/captcha/challenge', { from }));
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const account = (email: string, over: Record<string, string> = {}) => ({
  email,
  password: 'Geheim-wachtwoord-2026',
  first_name: 'Maryam',
  last_name: 'Haddou',
  date_of_birth: '1990-05-01',
  nationality: 'Nederlandse',
  phone_number: '0611111111',
  address: 'Kalverstraat 5',
  zip: '1012 NX',
  city: 'Amsterdam',
  country: 'Nederland',
  ...over,
});

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'umrah-deploy-'));
  // 1. The release, as `npm run release` builds it, unpacked under releases/ with `current` linking to it.
  const built = await run('node', [path.join(ROOT, 'scripts/release.mjs'), '--out', path.join(work, 'releases'), '--no-tarball'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  release = built.stdout.trim().split('\n').at(-1)!;
  expect(existsSync(path.join(release, 'apps/api/dist/server.js'))).toBe(true);
  current = path.join(work, 'current');
  switchCurrent(release);

  // 2. A throwaway database and a real SMTP server.
  dbName = `umrah_deploy_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;
  smtp = await startSmtpServer();

  // 3. The environment file (/etc/umrah-shop/env in docs/DEPLOY.md): a real production start, every
  // variable production requires, no demo data. The simulator is the one payment provider without an account.
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: path.join(work, 'data'),
    PUBLIC_URL,
    TRUST_PROXY: '127.0.0.1',
    JWT_SECRET: randomBytes(48).toString('base64'),
    ALTCHA_HMAC_KEY: randomBytes(32).toString('base64'),
    VISA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PAYMENT_PROVIDER: 'simulator',
    SMTP_URL: smtp.url,
    OFFICE_EMAIL: 'kantoor@example.nl',
    COMPANY_NAME: '"Umrah Reizen Test B.V."',
    COMPANY_STREET: '"Damrak 70"',
    COMPANY_ZIP: '"1012 LM"',
    COMPANY_CITY: 'Amsterdam',
    COMPANY_PHONE: '"070 765 43 21"',
    COMPANY_EMAIL: 'info@example.nl',
    COMPANY_KVK: '87654321',
    COMPANY_VAT_NUMBER: 'NL987654321B01',
    COMPANY_IBAN: 'NL20INGB0001234567',
  };
  writeFileSync(
    path.join(work, 'env'),
    `${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );

  // 4. The migrations, then the first admin (the password on standard input), by the release's commands.
  const migrated = await releaseCommand('migrate', []);
  expect(migrated.code, migrated.stderr).toBe(0);
  expect(migrated.stdout).toContain('the postgres database is up to date');
  const created = await releaseCommand('admin', ['create', '--email', ADMIN_EMAIL], `${ADMIN_PASSWORD}\n`);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toContain(`Admin account ${ADMIN_EMAIL} created`);
  expect(created.stdout + created.stderr).not.toContain(ADMIN_PASSWORD);

  // 5. Both instances at once.
  await startInstances(PORTS);

  // 6. Caddy with the kit's Caddyfile, its values as deploy/caddy.env gives them.
  const caddyEnv = {
    ...readEnvFile(path.join(current, 'deploy/caddy.env')),
    SHOP_ADDRESS: SITE,
    SHOP_TLS: 'internal',
    SHOP_UPSTREAMS: PORTS.map((p) => `127.0.0.1:${p}`).join(' '),
    CADDY_HTTP_PORT: String(BASE + 80),
    CADDY_HTTPS_PORT: String(HTTPS_PORT),
    CADDY_ADMIN: `localhost:${BASE + 19}`,
  };
  caddy = spawn('caddy', ['run', '--config', path.join(current, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: work,
      XDG_DATA_HOME: path.join(work, 'caddy-data'),
      XDG_CONFIG_HOME: path.join(work, 'caddy-config'),
      ...caddyEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  capture('caddy', caddy);
  const rootCert = path.join(work, 'caddy-data/caddy/pki/authorities/local/root.crt');
  await waitFor('Caddy serving HTTPS', async () => {
    if (!existsSync(rootCert)) return false;
    caCert = readFileSync(rootCert);
    return (await request('GET', '/api/ready')).status === 200;
  });
}, 600_000);

afterAll(async () => {
  caddy?.kill('SIGTERM');
  for (const child of instances.values()) child.kill('SIGTERM');
  await Promise.all([caddy, ...instances.values()].filter(Boolean).map((c) => exited(c!)));
  await smtp?.close();
  if (dbName) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    for (const name of [dbName, `${dbName}_restored`]) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the deployment kit', () => {
  it('the systemd units pass systemd-analyze verify: the shop as an instance of the template, the backup and its timer', async () => {
    const dir = path.join(work, 'units');
    mkdirSync(dir);
    copyFileSync(path.join(release, 'deploy/umrah-shop@.service'), path.join(dir, 'umrah-shop@.service'));
    symlinkSync('umrah-shop@.service', path.join(dir, `umrah-shop@${PORTS[0]}.service`));
    const { stdout, stderr } = await run('systemd-analyze', ['verify', path.join(dir, `umrah-shop@${PORTS[0]}.service`)]);
    // verify only warns about many mistakes: any word from it is a failure.
    expect(`${stdout}${stderr}`.trim()).toBe('');
    for (const file of ['umrah-shop-backup.service', 'umrah-shop-backup.timer'])
      copyFileSync(path.join(release, 'deploy', file), path.join(dir, file));
    const timer = await run('systemd-analyze', ['verify', path.join(dir, 'umrah-shop-backup.timer'), path.join(dir, 'umrah-shop-backup.service')]);
    expect(`${timer.stdout}${timer.stderr}`.trim()).toBe('');
    const unit = readFileSync(path.join(dir, 'umrah-shop@.service'), 'utf8');
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^User=umrah-shop$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/umrah-shop\/env$/m);
    // Caddy leaves out an instance that is not ready (database unreachable, migrations pending), not only a dead one.
    expect(readFileSync(path.join(release, 'deploy/Caddyfile'), 'utf8')).toMatch(/^\s*health_uri \/api\/ready$/m);
  });

  it('the release holds no development package; its instances and commands (migrate, admin) run from it with node alone', () => {
    for (const pkg of ['tsx', 'vite', 'vitest', 'esbuild', 'typescript', 'lighthouse', 'drizzle-kit']) {
      expect(existsSync(path.join(release, 'node_modules', pkg)), pkg).toBe(false);
    }
    expect(existsSync(path.join(release, 'apps/web/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(release, 'apps/api/src'))).toBe(false);
    // The environment file starts as a copy of .env.example (docs/DEPLOY.md, section 3).
    expect(readFileSync(path.join(release, '.env.example'), 'utf8')).toContain('REQUIRED IN PRODUCTION');
    // `npm run migrate` and `npm run admin` in the release are the same compiled files (beforeAll ran them with node).
    const scripts = JSON.parse(readFileSync(path.join(release, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.migrate).toBe('node --enable-source-maps apps/api/dist/migrate.js');
    expect(scripts.admin).toBe('node --enable-source-maps apps/api/dist/admin.js');
    for (const child of instances.values()) expect(child.exitCode).toBeNull();
  });

  it('the production start loaded no demo data and printed no password; the demo admin does not exist', async () => {
    const db = new pg.Client({ connectionString: readEnvFile(path.join(work, 'env')).DATABASE_URL });
    await db.connect();
    try {
      const count = async (table: string) => Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);
      expect(await count('products')).toBe(0);
      expect(await count('orders')).toBe(0);
      // The admin the command made, and no one else.
      expect((await db.query('select email, role from users')).rows).toEqual([{ email: ADMIN_EMAIL, role: 1 }]);
    } finally {
      await db.end();
    }
    expect(startOutput.size).toBe(PORTS.length);
    for (const [port, out] of startOutput) {
      expect(out, `instance ${port}`).not.toContain(ADMIN_PASSWORD);
      for (const a of Object.values(DEMO_ACCOUNTS)) expect(out, `instance ${port}`).not.toContain(a.password);
      expect(out, `instance ${port}`).not.toMatch(/wachtwoord|password|demo data/i);
    }
    const demo = await request('POST', '/api/login', {
      from: '127.0.0.9',
      body: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
    });
    expect(demo.status).toBe(401);
  });

  it('the shop loads over HTTPS through Caddy', async () => {
    const page = await request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Rendered on the server from the release's SSR build (in its own worker thread): the page has its
    // content, with the company of the environment file, not only an empty root.
    expect(page.body).toMatch(/<div id="root"><\S/);
    expect(page.body).toContain('Umrah Reizen Test B.V.');
    expect(page.body.length).toBeGreaterThan(5_000);
    const company = await request('GET', '/api/company');
    expect(company.status).toBe(200);
    // The company details of the environment file, not the demo ones.
    expect(json(company).kvk).toBe('87654321');
  });

  it('the first admin (made by the admin command) logs in over HTTPS and adds a trip to the empty shop', async () => {
    const login = await request('POST', '/api/login', { from: '127.0.0.9', body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(login.status, login.body).toBe(200);
    const token = json(login).token as string;
    const month = (n: number) => {
      const d = new Date();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + n);
      return d.toISOString().slice(0, 8);
    };
    const created = await request('POST', '/api/products', {
      from: '127.0.0.9',
      headers: { authorization: `Bearer ${token}` },
      body: [
        {
          type: ProductType.UMRAH_2_ADULT,
          label: 'Umrah voorjaar',
          description: 'De eerste reis van de winkel.',
          price: 199_900,
          stock: 20,
          start: `${month(3)}10`,
          end: `${month(3)}20`,
          payment_deadline: `${month(2)}10`,
          region: 'NL',
          flex: { hotels: [0, 3], bulletpoints: [], priority: 0, type_class: 0, extras: [] },
        },
      ],
    });
    expect(created.status, created.body).toBe(201);
    tripId = json(created).products[0].id;
    // In the shop at once, for every instance behind Caddy.
    for (let i = 0; i < PORTS.length; i++) {
      const shop = await request('GET', '/api/products?region=NL');
      expect((json(shop).products as { id: number }[]).map((p) => p.id)).toContain(tripId);
    }
  });

  it('a customer registers (ALTCHA solved as the widget does), logs in and orders that trip', async () => {
    const email = `klant-${randomBytes(4).toString('hex')}@example.nl`;
    const registered = await request('POST', '/api/register', { from: '127.0.0.7', body: { ...account(email), altcha: await captcha('127.0.0.7') } });
    expect(registered.status, registered.body).toBe(201);
    const login = await request('POST', '/api/login', { from: '127.0.0.7', body: { email, password: 'Geheim-wachtwoord-2026' } });
    expect(login.status, login.body).toBe(200);
    const token = json(login).token as string;
    const order = await request('POST', '/api/order', {
      from: '127.0.0.7',
      headers: { authorization: `Bearer ${token}` },
      body: {
        rooms: [
          {
            product_id: tripId,
            room_type: 2,
            room_gender: 0,
            exclusive: false,
            guests: [{ first_name: 'Maryam', last_name: 'Haddou', age_category: 0 }],
          },
        ],
      },
    });
    expect(order.status, order.body).toBe(201);
    placed = { id: json(order).order.id, token };
    const mine = await request('GET', `/api/order/${placed.id}`, { from: '127.0.0.7', headers: { authorization: `Bearer ${token}` } });
    expect(mine.status).toBe(200);
    expect(mine.body).toContain(`"id":${placed.id}`);
  });

  it("the rate limit counts the client's own address (from Caddy's X-Forwarded-For), not Caddy's, and a forged header changes nothing", async () => {
    const attempt = (from: string, headers: Record<string, string> = {}) =>
      request('POST', '/api/login', { from, headers, body: { email: 'niemand@example.nl', password: 'fout-wachtwoord' } });
    // /api/login allows 10 attempts a minute per address.
    for (let i = 0; i < 10; i++) expect((await attempt('127.0.0.5')).status).toBe(401);
    expect((await attempt('127.0.0.5')).status).toBe(429);
    // A client cannot pick another address with its own X-Forwarded-For: Caddy replaces it.
    expect((await attempt('127.0.0.5', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // Another client, through the same Caddy, has its own count.
    expect((await attempt('127.0.0.6')).status).toBe(401);
  });

  it("a reset mail's link starts with PUBLIC_URL", async () => {
    const email = `herstel-${randomBytes(4).toString('hex')}@example.nl`;
    const registered = await request('POST', '/api/register', {
      from: '127.0.0.8',
      body: { ...account(email, { first_name: 'Yusuf' }), altcha: await captcha('127.0.0.8') },
    });
    expect(registered.status, registered.body).toBe(201);
    const asked = await request('POST', '/api/reset_pw_request', { from: '127.0.0.8', body: { email } });
    expect(asked.status, asked.body).toBe(200);
    // The instances' outbox workers send it within a few seconds.
    const mail = await smtp.waitFor(email, 'Wachtwoord opnieuw instellen', () => sleep(250), { timeoutMs: 30_000 });
    const links = [...mail.text.matchAll(/https?:\/\/\S+\/reset\/\S+/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${PUBLIC_URL}/reset/`)).toBe(true);
  });

  it("the nightly backup unit's command backs up the running shop", async () => {
    const folder = await backupNow();
    expect(readFileSync(path.join(folder, 'MANIFEST'), 'utf8')).toMatch(/database\.dump/);
  });

  it('an upgrade as docs/DEPLOY.md says: a backup, the new release behind the link, migrate, one instance restarted at a time; a stream of requests loses none', async () => {
    upgradeBackup = await backupNow();
    // The new release, unpacked next to the old one (here a copy of the same build, hard-linked).
    const next = `${release}-next`;
    await run('cp', ['-al', release, next]);
    switchCurrent(next);
    const migrated = await releaseCommand('migrate', []);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain('up to date');

    const results: (number | string)[] = [];
    let stop = false;
    const paths = ['/', '/api/company', `/api/order/${placed.id}`];
    const stream = async (n: number) => {
      for (let i = n; !stop; i++) {
        const url = must(paths[i % paths.length], 'one of the paths');
        try {
          const headers: Record<string, string> = url.startsWith('/api/order/') ? { authorization: `Bearer ${placed.token}` } : {};
          results.push((await request('GET', url, { headers, from: '127.0.0.10' })).status);
        } catch (err) {
          results.push(String(err));
        }
      }
    };
    const streams = Array.from({ length: 6 }, (_, n) => stream(n));
    await sleep(1_500);
    for (const port of PORTS) {
      // `systemctl restart umrah-shop@PORT`: SIGTERM, then the unit's command again.
      const stopped = instances.get(port)!;
      stopped.kill('SIGTERM');
      expect(await exited(stopped)).toBe(0);
      startInstance(port);
      // Ready, and taken back by Caddy (no failure remembered for it), before the other one goes.
      await waitFor(`instance ${port} back`, ready(port));
      await waitFor(`Caddy takes ${port} back`, caddyTakesBack(port));
      // And its active check (health_interval 2s) has seen it ready.
      await sleep(2_500);
    }
    await sleep(1_000);
    stop = true;
    await Promise.all(streams);
    expect(results.length).toBeGreaterThan(50);
    expect(results.filter((r) => r !== 200)).toEqual([]);
    for (const port of PORTS) expect(runsFrom(port)).toBe(realpathSync(next));
  });

  it('a roll back as docs/DEPLOY.md says: both stopped, the backup restored into a new database, the old release, both started; the order is there over HTTPS', async () => {
    for (const port of PORTS) {
      const child = instances.get(port)!;
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    }
    const shopEnv = readEnvFile(path.join(work, 'env'));
    const name = `${dbName}_restored`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const restoredDir = path.join(work, 'data-restored');
    // `DATABASE_URL=… DATA_DIR=… npm run restore -- FOLDER` in the release.
    await run('npm', ['run', '--silent', 'restore', '--', upgradeBackup], {
      cwd: current,
      env: { ...serviceEnv(), ...shopEnv, DATABASE_URL: url.toString(), DATA_DIR: restoredDir },
    });
    // The environment file points at the restored database and folder; the link at the old release.
    const envFile = readFileSync(path.join(work, 'env'), 'utf8')
      .replace(/^DATABASE_URL=.*$/m, `DATABASE_URL=${url.toString()}`)
      .replace(/^DATA_DIR=.*$/m, `DATA_DIR=${restoredDir}`);
    writeFileSync(path.join(work, 'env'), envFile, { mode: 0o600 });
    switchCurrent(release);
    await startInstances(PORTS);
    for (const port of PORTS) expect(runsFrom(port)).toBe(realpathSync(release));

    await waitFor('Caddy serves the restored shop', async () => (await request('GET', '/api/ready')).status === 200);
    const mine = await request('GET', `/api/order/${placed.id}`, { from: '127.0.0.7', headers: { authorization: `Bearer ${placed.token}` } });
    expect(mine.status, mine.body).toBe(200);
    expect(mine.body).toContain(`"id":${placed.id}`);
    const count = async (connectionString: string) => {
      const c = new pg.Client({ connectionString });
      await c.connect();
      const { rows } = await c.query('select count(*)::int as n, max(id) as last from orders');
      await c.end();
      return rows[0];
    };
    expect(await count(url.toString())).toEqual(await count(must(shopEnv.DATABASE_URL, 'DATABASE_URL in the env file')));
  });
});
