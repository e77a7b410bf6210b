import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from './helpers.ts';

// A rolling restart behind Caddy (docs/DEPLOY.md, scripts/deploy-test): Caddy keeps its connections to
// an instance open and sends the next request on one that has just been answered. When that instance
// is stopping, the request must be answered (and the connection closed after it), not refused with a
// 503: Caddy hands a 503 to the client, as the deployment test saw during an upgrade.
describe('a stopping server', () => {
  it('answers a request that arrives on a keep-alive connection during the stop, with Connection: close', async () => {
    const app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    // A request in flight (its body still arriving) when the stop begins keeps the connection busy.
    const body = JSON.stringify({ email: 'niemand@example.nl', password: 'fout-wachtwoord-123' });
    const arrived = new Promise((resolve) => app.server.once('request', resolve));
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await arrived;
    const closed = app.close();
    // The rest of the body only once the server has stopped listening: the stop is under way.
    await vi.waitFor(() => expect(app.server.listening).toBe(false), { timeout: 20_000, interval: 10 });
    socket.write(body.slice(10));
    const deadline = Date.now() + 20_000;
    while (!/\r\n\r\n\{.*\}/s.test(received) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(received).toMatch(/^HTTP\/1\.1 401 /);

    // The next request on that connection, as a proxy sends it: answered, and the connection closed after it.
    const first = received.length;
    socket.write('GET /api/company HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    await closed;
    const second = received.slice(first);
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    expect(second.toLowerCase()).toContain('connection: close');
  });
});
