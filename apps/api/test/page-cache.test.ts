import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createTestApp } from './helpers.ts';

// The page cache as the shop serves it: a stand-in server entry that counts its renders and, like the
// real one (apps/web/src/entry-server.tsx, cacheKey), keeps only the query parameters a page reads.
const INDEX = '<!doctype html><html><head><title>Umrah</title></head><body><div id="root"></div></body></html>';

function distWithEntry(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'umrah-page-cache-'));
  mkdirSync(path.join(dir, 'dist'));
  mkdirSync(path.join(dir, 'dist-ssr'));
  writeFileSync(path.join(dir, 'dist', 'index.html'), INDEX);
  writeFileSync(
    path.join(dir, 'dist-ssr', 'entry-server.mjs'),
    `export const isServerRendered = (pathname) => pathname === '/' || pathname === '/pakketten';
     export const cacheKey = (url) => {
       const u = new URL(url, 'http://x');
       const maand = u.pathname === '/pakketten' ? u.searchParams.get('maand') : null;
       return u.pathname + (maand ? '?maand=' + maand : '');
     };
     export async function render(url, fetchApi) {
       globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
       const { products } = await (await fetchApi('/api/products', {})).json();
       return { html: '<h1>' + url + ' ' + products.length + '</h1>', state: {}, status: 200, page: null };
     }`,
  );
  return dir;
}

describe('page cache', () => {
  let app: FastifyInstance;
  let dir: string;
  const renders = () => (globalThis as { pageRenders?: number }).pageRenders ?? 0;
  beforeAll(async () => {
    dir = distWithEntry();
    app = await createTestApp({ webDist: path.join(dir, 'dist') });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('50 requests to /?x=N with different N cause at most one render, all answered with the same page and ETag', async () => {
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => app.inject({ url: `/?x=${n}` })));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers[0]!.body).toContain('<h1>/ ');
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
    expect(renders() - before).toBeLessThanOrEqual(1);
    // A parameter the page reads is a page of its own.
    const march = await app.inject({ url: '/pakketten?maand=2027-03&utm_source=x' });
    expect(march.body).toContain('<h1>/pakketten?maand=2027-03 ');
  });

  it('answers 304 to a client that has the page, and renders again after a write changed its data', async () => {
    const first = await app.inject({ url: '/' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const before = renders();
    const token = await adminToken(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: `Bearer ${token}` },
      payload: [
        {
          type: 2,
          label: 'Nieuwe reis',
          description: 'Een reis.',
          price: 199900,
          stock: 12,
          start: dayjs().add(3, 'month').date(20).format('YYYY-MM-DD'),
          end: dayjs().add(3, 'month').date(30).format('YYYY-MM-DD'),
          payment_deadline: dayjs().add(2, 'month').format('YYYY-MM-DD'),
          region: 'NL',
          flex: { hotels: [0, 3], bulletpoints: [], priority: 0, type_class: 0, extras: [] },
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(renders() - before).toBe(1);
  });
});
