import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp } from './helpers.ts';

// /api/health says the process is up (liveness: no database involved); /api/ready says it can serve
// (the database answers and has every migration): a load balancer takes a process out on 503, a
// supervisor restarts one only when /api/health fails. No other path answers as a health check.

describe('health and readiness', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('/api/health is 200 and /api/ready is 200 with no migration pending', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', pending_migrations: 0 });
  });

  it('/api/ready is 503 while a migration is pending', async () => {
    const { rows } = (await app.ctx.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const last = rows[0]!;
    await app.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', pending_migrations: 1 });
      // The process itself is fine: no reason to restart it.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('no other path answers as a health check (the app page would say 200 for a dead shop)', async () => {
    for (const url of ['/healthz', '/health', '/readyz', '/livez', '/ready', '/healthz/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

/** A TCP proxy to PostgreSQL that can be cut: the database becomes unreachable for the app. */
async function cuttableProxy(target: URL): Promise<{ port: number; cut: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL)('readiness when PostgreSQL is unreachable', () => {
  const name = `umrah_test_ready_${randomBytes(5).toString('hex')}`;
  let app: FastifyInstance | undefined;

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('/api/ready answers 503 (not a 500, not a hang) while /api/health stays 200', async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await cuttableProxy(target);
    const url = new URL(target);
    url.port = String(proxy.port);
    url.hostname = '127.0.0.1';
    url.pathname = `/${name}`;
    app = await buildApp({
      config: {
        env: 'test',
        logLevel: 'silent',
        databaseUrl: url.toString(),
        jwtSecret: randomBytes(32).toString('hex'),
        altchaHmacKey: randomBytes(32).toString('hex'),
        seedDemo: false,
        smtpUrl: undefined,
      },
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    await proxy.cut();
    const started = Date.now();
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not ready', database: 'postgres', pending_migrations: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
