import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { DEMO_ACCOUNTS } from './helpers.ts';

// Two real API processes on one PostgreSQL database: what one process learns (a used captcha, a
// rate-limit count, a catalog change) must hold in the other. PGlite is one process by nature.
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

async function waitForHealth(base: string, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`API process ended: ${log()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API process did not start: ${log()}`);
}

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  const dbName = `umrah_test_mp_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'umrah-mp-'));
  const children: ChildProcess[] = [];
  let a = '';
  let b = '';

  async function start(port: number, databaseUrl: string, secrets: Record<string, string>) {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        ...secrets,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'error',
        SEED_DEMO: 'true',
        RATE_LIMIT_FACTOR: '1',
        WEB_DIST: path.join(dataDir, 'no-web'),
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child, () => output);
    return base;
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${dbName}`;
    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      VISA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await start(await freePort(), url.toString(), secrets);
    b = await start(await freePort(), url.toString(), secrets);
  }, 120_000);

  afterAll(async () => {
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
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('a captcha solution used on one process is refused on the other', async () => {
    const challenge = await (await fetch(`${a}/api/captcha/challenge`)).json();
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    const altcha = Buffer.from(
      JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution!.number, salt: challenge.salt, signature: challenge.signature }),
    ).toString('base64');
    const form = { name: 'Yusuf', email: 'yusuf@example.nl', message: 'Vraag over de reis in maart.', altcha };
    const first = await post(a, '/api/contact', form);
    expect(first.status, await first.clone().text()).toBe(200);
    const replay = await post(b, '/api/contact', form);
    expect(replay.status).toBe(400);
    expect((await replay.json()).message).toBe(MSG.robot);
  });

  it("an admin's product change on one process shows on the other at once", async () => {
    const login = await post(a, '/api/login', { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password });
    const { token } = await login.json();
    // B has the catalog in its cache before the change.
    const before = (await (await fetch(`${b}/api/products`)).json()).products as { id: number; type: number; label: string }[];
    const target = before.find((p) => p.type === 2)!;
    const label = `Gewijzigd op A ${randomBytes(3).toString('hex')}`;
    const put = await fetch(`${a}/api/product/${target.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...target, label }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    // Well inside the cache's 10 s TTL: only the notification can make B drop its copy this soon.
    let seen = '';
    for (let i = 0; i < 20 && seen !== label; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = ((await (await fetch(`${b}/api/products`)).json()).products as { id: number; label: string }[]).find((p) => p.id === target.id)!.label;
    }
    expect(seen).toBe(label);
  });

  it('a session ended on one process is ended on the other', async () => {
    const { token } = await (await post(a, '/api/login', { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password })).json();
    expect((await fetch(`${b}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await post(a, '/api/logout', {}, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await fetch(`${b}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('a rate limit counts requests to both processes together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await post(i % 2 ? b : a, '/api/reset_pw_request', { email: `niemand-${i}@example.nl` });
      statuses.push(res.status);
    }
    // 5 reset requests per 15 minutes per address in all: the 6th and 7th are refused, on either process.
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
  });
});
