import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { FLUSH_MS } from '../src/infra/http/rate-limit-store.ts';
import { DEMO_ACCOUNTS } from './helpers.ts';
import { processCluster, type ProcessCluster } from './processes.ts';

// Two real API processes on one PostgreSQL database: what one process learns (a used captcha, a
// rate-limit count, a catalog change) must hold in the other. PGlite is one process by nature.

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  let cluster: ProcessCluster;
  let a = '';
  let b = '';

  beforeAll(async () => {
    cluster = await processCluster('mp');
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await cluster.start();
    b = await cluster.start();
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('a captcha solution used on one process is refused on the other', async () => {
    const challenge = await (await fetch(`${a}/api/captcha/challenge`)).json();
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    const altcha = Buffer.from(
      JSON.stringify({
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: solution!.number,
        salt: challenge.salt,
        signature: challenge.signature,
      }),
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

  it('an order limit counted on one process holds on the other once its batch is written (within FLUSH_MS)', async () => {
    const { token } = await (await post(a, '/api/login', { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password })).json();
    const order = (base: string) => post(base, '/api/order', { rooms: 'geen' }, { authorization: `Bearer ${token}` });
    // 30 orders a minute per address: all of them on A (refused bodies count, the limit comes first).
    for (let i = 0; i < 30; i++) expect((await order(a)).status).toBe(400);
    // B adds A's count to its own at its next flush: refused from then on. Asked once a flush until
    // then, B's own few orders stay far below the limit, so only A's count can refuse them.
    const statuses: number[] = [];
    const deadline = Date.now() + FLUSH_MS * 100;
    while (statuses.at(-1) !== 429 && Date.now() < deadline) {
      if (statuses.length) await new Promise((r) => setTimeout(r, FLUSH_MS));
      statuses.push((await order(b)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(10);
    expect((await order(b)).status).toBe(429);
    expect((await order(a)).status).toBe(429);
  });
});
