import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepts, createStaticFiles, IMMUTABLE } from '../src/infra/http/static-files.ts';
import { createTestApp } from './helpers.ts';

// The web build served from memory (infra/http/static-files.ts), on a tiny fake dist.

const INDEX = `<!doctype html><html><head><title>Umrah</title></head><body>${'<p>welkom</p>'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(3000))});`;
const NO_HEADERS = { document: {}, other: {} };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';

function writeWithTwins(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

function fakeDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'umrah-static-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'images'));
  writeWithTwins(path.join(dir, 'index.html'), INDEX);
  writeWithTwins(path.join(dir, 'assets/index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'images/logo.svg'), SVG);
  return dir;
}

describe('static files from memory', () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    app = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli to a browser, cached for a year, with validators', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(new Date(res.headers['last-modified'] as string).getTime()).toBeGreaterThan(0);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.equals(brotliCompressSync(Buffer.from(SCRIPT)))).toBe(true);
    // A script needs nosniff, not a document's CSP.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('picks gzip, or the plain file, by Accept-Encoding (q=0 refuses a coding)', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const refused = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br;q=0, gzip;q=0.8' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.etag).not.toBe(gz.headers.etag);
  });

  it('answers 304 to a matching ETag or an unchanged If-Modified-Since, 200 otherwise', async () => {
    const first = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    const weak = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'if-none-match': `W/${first.headers.etag}` } });
    expect(weak.statusCode).toBe(304);
    const other = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
    const since = await app.inject({ url: '/images/logo.svg', headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() } });
    expect(since.statusCode).toBe(304);
    const older = await app.inject({ url: '/images/logo.svg', headers: { 'if-modified-since': new Date(0).toUTCString() } });
    expect(older.statusCode).toBe(200);
    expect(older.body).toBe(SVG);
    // An unhashed file is revalidated, and a small file without twins has no Vary.
    expect(older.headers['cache-control']).toBe('no-cache');
    expect(older.headers.vary).toBeUndefined();
    expect(older.headers['content-type']).toBe('image/svg+xml');
    // An SVG opened on its own is a document: it keeps the CSP.
    expect(older.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the home page and the SPA fallback as revalidated documents with the security headers', async () => {
    for (const url of ['/', '/pakketten', '/kennis/12?x=1']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const plain = await app.inject({ url: '/over-ons' });
    expect(plain.body).toBe(INDEX);
    const revalidated = await app.inject({ url: '/over-ons', headers: { 'if-none-match': plain.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
  });

  it('keeps 404 JSON for the API, missing files and other methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/bestaat-niet'],
      ['GET', '/assets/index-Old999.js'],
      ['GET', '/assets/index-AbC123.js.br'],
      ['GET', '/../package.json'],
      ['POST', '/pakketten'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('leaves the API alone: JSON answers keep only the API security headers', async () => {
    const res = await app.inject({ url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('serves through the real HTTP server too (the path before Fastify)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(SCRIPT); // fetch decompresses
    const api = await fetch(`http://127.0.0.1:${port}/api/bestaat-niet`);
    expect(api.status).toBe(404);
  });
});

describe('static file loading', () => {
  it('ignores a twin older than its file (left from an earlier build) and reloads a rebuild', async () => {
    const dist = fakeDist();
    try {
      const old = new Date(Date.now() - 3600_000);
      utimesSync(path.join(dist, 'index.html.br'), old, old);
      const web = createStaticFiles(dist, NO_HEADERS, { watch: false });
      expect(web.index!.br).toBeUndefined();
      expect(web.index!.gzip).toBeDefined();
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>nieuw</title>');
      web.reload();
      expect(web.index!.identity.body.toString()).toBe('<!doctype html><title>nieuw</title>');
      web.close();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('picks up a rebuilt index.html by itself when watching', async () => {
    const dist = fakeDist();
    const web = createStaticFiles(dist, NO_HEADERS, { watch: true });
    try {
      // The watcher takes its first look (its baseline) in the background, at a moment the test
      // cannot see: a write before it would be that baseline. So the rebuild is written again until
      // a poll has seen it change.
      const deadline = Date.now() + 10_000;
      while (web.index!.identity.body.toString() !== '<!doctype html><title>herbouwd</title>' && Date.now() < deadline) {
        writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>herbouwd</title>');
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(web.index!.identity.body.toString()).toBe('<!doctype html><title>herbouwd</title>');
    } finally {
      web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('maps a folder index.html to the folder path (prerendered pages)', () => {
    const dist = fakeDist();
    try {
      mkdirSync(path.join(dist, 'pakketten'));
      writeFileSync(path.join(dist, 'pakketten/index.html'), '<p>pakketten</p>');
      const web = createStaticFiles(dist, NO_HEADERS, { watch: false });
      expect(web.files.get('/pakketten')!.identity.body.toString()).toBe('<p>pakketten</p>');
      expect(web.files.get('/pakketten/')).toBe(web.files.get('/pakketten'));
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('parses Accept-Encoding', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(accepts('gzip', 'br')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
  });
});
