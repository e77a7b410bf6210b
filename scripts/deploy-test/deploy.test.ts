// The deployment kit, tried as docs/DEPLOY.md describes it: a release built with `npm run release`
// (node and production packages only), a throwaway PostgreSQL database, two instances started with
// the command of deploy/umrah-shop@.service from an environment file, and Caddy with deploy/Caddyfile
// (its internal CA instead of Let's Encrypt). Over HTTPS: the shop loads, a customer registers and
// orders, the rate limit sees the client's own address, a reset mail links to PUBLIC_URL, and an
// instance stopped with SIGTERM in the middle of a stream of requests loses none of them.
// systemd is not PID 1 here (CI, containers): the unit is checked with `systemd-analyze verify` and
// its ExecStart is run as a plain process in the unit's working directory and environment.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, copyFileSync, writeFileSync, mkdirSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductType } from '@umrah/domain';
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
let release: string;
let dbName: string;
let caCert: Buffer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let caddy: ChildProcess | undefined;
const instances = new Map<number, ChildProcess>();
const output = new Map<string, string>();

/** KEY=value lines as systemd's EnvironmentFile reads them (comments and blank lines skipped). */
function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m && !line.trimStart().startsWith('#')) env[m[1]] = m[2].trim().replace(/^"(.*)"$/, '$1');
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

/** The unit's ExecStart for one instance, run as systemd would: its working directory, its environment file. */
function startInstance(port: number): ChildProcess {
  const unit = readFileSync(path.join(release, 'deploy/umrah-shop@.service'), 'utf8');
  const execStart = /^ExecStart=(.+)$/m.exec(unit)![1].replaceAll('%i', String(port));
  const [cmd, ...args] = execStart.split(/\s+/);
  const workingDirectory = /^WorkingDirectory=(.+)$/m.exec(unit)![1];
  expect(workingDirectory).toBe('/opt/umrah-shop/current');
  const child = spawn(cmd, args, {
    // /opt/umrah-shop/current is the release: here, the release folder.
    cwd: release,
    // Only what systemd gives a service (PATH, HOME, LANG) and the environment file.
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: work, LANG: 'C.UTF-8', ...readEnvFile(path.join(work, 'env')) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  capture(`instance ${port}`, child);
  instances.set(port, child);
  return child;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${[...output].map(([k, v]) => `--- ${k}\n${v}`).join('\n')}`);
    await sleep(250);
  }
}

const healthy = (port: number) => () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok);

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
  // 1. The release, as `npm run release` builds it.
  const built = await run('node', [path.join(ROOT, 'scripts/release.mjs'), '--out', path.join(work, 'release'), '--no-tarball'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  release = built.stdout.trim().split('\n').at(-1)!;
  expect(existsSync(path.join(release, 'apps/api/dist/server.js'))).toBe(true);

  // 2. A throwaway database and a real SMTP server.
  dbName = `umrah_deploy_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;
  smtp = await startSmtpServer();

  // 3. The environment file (/etc/umrah-shop/env in docs/DEPLOY.md). DEMO=1 with the demo data:
  // this test needs products to order.
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: path.join(work, 'data'),
    PUBLIC_URL,
    TRUST_PROXY: '127.0.0.1',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
    VISA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PAYMENT_PROVIDER: 'simulator',
    SMTP_URL: smtp.url,
    OFFICE_EMAIL: 'kantoor@example.nl',
    DEMO: '1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  writeFileSync(
    path.join(work, 'env'),
    `${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );

  // 4. The instances, one after the other (the first one migrates and seeds the empty database).
  for (const port of PORTS) {
    startInstance(port);
    await waitFor(`instance ${port} healthy`, healthy(port));
  }

  // 5. Caddy with the kit's Caddyfile, its values as deploy/caddy.env gives them.
  const caddyEnv = {
    ...readEnvFile(path.join(release, 'deploy/caddy.env')),
    SHOP_ADDRESS: SITE,
    SHOP_TLS: 'internal',
    SHOP_UPSTREAMS: PORTS.map((p) => `127.0.0.1:${p}`).join(' '),
    CADDY_HTTP_PORT: String(BASE + 80),
    CADDY_HTTPS_PORT: String(HTTPS_PORT),
    CADDY_ADMIN: `localhost:${BASE + 19}`,
  };
  caddy = spawn('caddy', ['run', '--config', path.join(release, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
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
    return (await request('GET', '/api/health')).status === 200;
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
    await admin.query(`drop database if exists ${dbName} with (force)`);
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
  });

  it('the release holds no development package, and its instances run from it with node alone', () => {
    for (const pkg of ['tsx', 'vite', 'vitest', 'esbuild', 'typescript', 'lighthouse', 'drizzle-kit']) {
      expect(existsSync(path.join(release, 'node_modules', pkg)), pkg).toBe(false);
    }
    expect(existsSync(path.join(release, 'apps/web/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(release, 'apps/api/src'))).toBe(false);
    for (const child of instances.values()) expect(child.exitCode).toBeNull();
  });

  it('the shop loads over HTTPS through Caddy', async () => {
    const page = await request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    // Rendered on the server from the release's SSR build: the page has its content, not only a shell.
    expect(page.body.length).toBeGreaterThan(5_000);
    const company = await request('GET', '/api/company');
    expect(company.status).toBe(200);
  });

  it('a customer registers (ALTCHA solved as the widget does), logs in and places an order', async () => {
    const email = `klant-${randomBytes(4).toString('hex')}@example.nl`;
    const registered = await request('POST', '/api/register', { from: '127.0.0.7', body: { ...account(email), altcha: await captcha('127.0.0.7') } });
    expect(registered.status, registered.body).toBe(201);
    const login = await request('POST', '/api/login', { from: '127.0.0.7', body: { email, password: 'Geheim-wachtwoord-2026' } });
    expect(login.status, login.body).toBe(200);
    const token = json(login).token as string;

    const db = new pg.Client({ connectionString: readEnvFile(path.join(work, 'env')).DATABASE_URL });
    await db.connect();
    const { rows } = await db.query('select id from products where type = $1 and stock > 5 and start > current_date + 30 order by start limit 1', [
      ProductType.UMRAH_2_ADULT,
    ]);
    await db.end();
    const order = await request('POST', '/api/order', {
      from: '127.0.0.7',
      headers: { authorization: `Bearer ${token}` },
      body: {
        rooms: [
          {
            product_id: rows[0].id,
            room_type: 2,
            room_gender: 0,
            exclusive: false,
            guests: [{ first_name: 'Maryam', last_name: 'Haddou', age_category: 0 }],
          },
        ],
      },
    });
    expect(order.status, order.body).toBe(201);
    const placed = json(order).order;
    const mine = await request('GET', `/api/order/${placed.id}`, { from: '127.0.0.7', headers: { authorization: `Bearer ${token}` } });
    expect(mine.status).toBe(200);
    expect(mine.body).toContain(`"id":${placed.id}`);
  });

  it("the nightly backup unit's command backs up the running shop, and restore brings its orders back in a new database", async () => {
    const unit = readFileSync(path.join(release, 'deploy/umrah-shop-backup.service'), 'utf8');
    const [cmd, ...args] = /^ExecStart=(.+)$/m.exec(unit)![1].split(/\s+/);
    const unitEnv = Object.fromEntries(
      /^Environment=(.+)$/m
        .exec(unit)![1]
        .split(/\s+/)
        .map((kv) => kv.split('=') as [string, string]),
    );
    expect(unitEnv.BACKUP_KEEP_DAYS).toBe('30');
    const shopEnv = readEnvFile(path.join(work, 'env'));
    // BACKUP_DIR in /var/lib is systemd's to make; here a folder of the test.
    const env = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: work, ...unitEnv, BACKUP_DIR: path.join(work, 'backups'), ...shopEnv };
    const backup = await run(cmd, args, { cwd: release, env });
    expect(backup.stdout).toMatch(/Backup written to .*umrah-shop-\d{8}-\d{6}/);
    const folder = /Backup written to (\S+)/.exec(backup.stdout)![1];

    const name = `${dbName}_restored`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(PG_URL);
      url.pathname = `/${name}`;
      await run('bash', ['scripts/restore.sh', folder], {
        cwd: release,
        env: { ...env, DATABASE_URL: url.toString(), DATA_DIR: path.join(work, 'restored') },
      });
      const count = async (connectionString: string) => {
        const c = new pg.Client({ connectionString });
        await c.connect();
        const { rows } = await c.query('select count(*)::int as n, max(id) as last from orders');
        await c.end();
        return rows[0];
      };
      const restored = await count(url.toString());
      expect(restored.n).toBeGreaterThan(0);
      expect(restored).toEqual(await count(shopEnv.DATABASE_URL));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
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

  it('stopping one instance (SIGTERM) in the middle of a stream of requests loses none of them; restarted, it serves again', async () => {
    const results: (number | string)[] = [];
    let stop = false;
    const paths = ['/', '/api/company', '/api/health'];
    const stream = async (n: number) => {
      for (let i = n; !stop; i++) {
        try {
          results.push((await request('GET', paths[i % paths.length])).status);
        } catch (err) {
          results.push(String(err));
        }
      }
    };
    const streams = Array.from({ length: 6 }, (_, n) => stream(n));
    await sleep(1_500);
    const [first, second] = PORTS;
    const stopped = instances.get(first)!;
    stopped.kill('SIGTERM');
    expect(await exited(stopped)).toBe(0);
    await sleep(2_000);
    // As systemd's Restart would, or the upgrade's restart: it comes back and takes its share again.
    startInstance(first);
    await waitFor(`instance ${first} back`, healthy(first));
    await sleep(1_000);
    stop = true;
    await Promise.all(streams);
    expect(results.length).toBeGreaterThan(50);
    expect(results.filter((r) => r !== 200)).toEqual([]);
    expect(instances.get(second)!.exitCode).toBeNull();
  });
});
