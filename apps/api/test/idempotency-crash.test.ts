import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, TEST_DB } from './helpers.ts';
import { processCluster, type ProcessCluster } from './processes.ts';

// docs/records.md: 8 of 76 orders in flight during a crash were saved without the client getting
// an answer, and the web client sends the POST again. Here a real API process ends (exit code 75,
// TEST_CRASH_BEFORE_ANSWER) after the order's commit and before its answer; the client's retry with
// the same Idempotency-Key, to a new process on the same database, gets that order, and only it exists.

describe(`a crash between the order's commit and its answer (${TEST_DB})`, () => {
  let cluster: ProcessCluster;

  beforeAll(async () => {
    cluster = await processCluster('idem');
  }, 30_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('the retry with the same key gets the same order, and only one order exists', async () => {
    const crashing = await cluster.start({ TEST_CRASH_BEFORE_ANSWER: 'true' });
    const login = await post(crashing, '/api/login', { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() };

    const products = (
      (await (await fetch(`${crashing}/api/products`)).json()) as { products: { id: number; type: number; stock: number; region: string }[] }
    ).products;
    const adult = products.find((p) => p.type === 2 && p.stock > 2 && p.region === 'NL')!;
    const lastName = `Crash${randomUUID().slice(0, 8)}`;
    const order = {
      rooms: [{ product_id: adult.id, room_type: 2, room_gender: 0, guests: [{ first_name: 'Na', last_name: lastName, age_category: 0 }] }],
    };

    // The first attempt: the process commits the order and ends before it answers.
    await expect(post(crashing, '/api/order', order, headers)).rejects.toThrow();
    expect(await cluster.exited(crashing)).toBe(75);

    // The client tries again with the same key, on a process that is running now.
    const next = await cluster.start();
    const retry = await post(next, '/api/order', order, headers);
    expect(retry.status, await retry.clone().text()).toBe(201);
    const placed = ((await retry.json()) as { order: { id: number } }).order;
    const mine = (
      (await (await fetch(`${next}/api/orders`, { headers })).json()) as { orders: { id: number; rooms: { guests: { last_name: string }[] }[] }[] }
    ).orders;
    const withGuest = mine.filter((o) => o.rooms.some((r) => r.guests.some((g) => g.last_name === lastName)));
    expect(withGuest.map((o) => o.id)).toEqual([placed.id]);

    // And once more: now the stored answer, the same order again.
    const third = await post(next, '/api/order', order, headers);
    expect(third.status).toBe(201);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(((await third.json()) as { order: { id: number } }).order.id).toBe(placed.id);
  }, 180_000);
});
