// Catalog and static-file benchmark: a hashed asset of the web build and GET /api/products, both
// against a bare node:http server serving the same asset from memory in the same run (the ceiling).
// The shop runs in this process on a fresh, seeded PGlite; autocannon fires from a worker thread so the load generator does not share the server's event loop.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The catalog against a bare static server; the shop's hashed asset against the same server. */
export const CATALOG_BUDGET = { minRatio: 0.5, maxP99Ms: 25 } as const;
export const STATIC_BUDGET = { minRatio: 0.8, maxP99Ms: 30 } as const;
/** The home page from the page cache against a bare server answering the same compressed bytes. */
export const PAGE_BUDGET = { minRatio: 0.5, maxP99Ms: 25 } as const;

export interface CatalogBenchOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

interface Measured {
  path: string;
  bytes: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A hashed asset of the build near 20 kB (a typical chunk); without a build, a made-up one. */
function webRoot(tmp: string): { dir: string; asset: string; note: string } {
  const dist = path.join(ROOT, 'apps/web/dist');
  const assets = path.join(dist, 'assets');
  if (existsSync(path.join(dist, 'index.html')) && existsSync(assets)) {
    const candidates = readdirSync(assets)
      .filter((n) => /\.(js|css)$/.test(n) && existsSync(path.join(assets, `${n}.br`)))
      .map((n) => ({ n, size: statSync(path.join(assets, n)).size }))
      .sort((a, b) => Math.abs(a.size - 20_000) - Math.abs(b.size - 20_000));
    if (candidates[0]) return { dir: dist, asset: `/assets/${candidates[0].n}`, note: 'apps/web/dist' };
  }
  const dir = path.join(tmp, 'web');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  const js = `export const data = ${JSON.stringify(Array.from({ length: 800 }, (_, i) => ({ id: i, label: `Umrah pakket ${i}` })))};`;
  writeFileSync(path.join(dir, 'assets/chunk-Bench123.js'), js);
  writeFileSync(path.join(dir, 'assets/chunk-Bench123.js.br'), brotliCompressSync(js));
  return { dir, asset: '/assets/chunk-Bench123.js', note: 'a made-up chunk (apps/web/dist is not built)' };
}

/**
 * The ceiling: the least a static server can do for the same file (node:http, the file and its
 * brotli twin in memory, no headers beyond type, length and encoding). Same process, same run.
 */
function bareServer(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const raw = readFileSync(file);
  const br = existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined;
  const type = file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
  const server = http.createServer((req, res) => {
    const useBr = br && (req.headers['accept-encoding'] ?? '').includes('br');
    const body = useBr ? br : raw;
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, ...(useBr ? { 'content-encoding': 'br' } : {}) });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

/** A bare node:http server answering `body` (already compressed as `encoding`) to every request: the ceiling for a cached page. */
function bareBytesServer(body: Buffer, type: string, encoding: string | null): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, ...(encoding ? { 'content-encoding': encoding } : {}) });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

/** The bytes the shop sends a browser for `urlPath`, as they are on the wire (node:http does not decompress). */
function wireBytes(base: string, urlPath: string): Promise<{ body: Buffer; type: string; encoding: string | null; status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + urlPath, { headers: BROWSER_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            type: String(res.headers['content-type'] ?? 'text/html'),
            encoding: (res.headers['content-encoding'] as string | undefined) ?? null,
            status: res.statusCode ?? 0,
          }),
        );
      })
      .on('error', reject);
  });
}

// What Chromium sends: the catalog and the assets answer brotli to it.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: '*/*' };

async function fire(url: string, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, workers: 1, headers: BROWSER_HEADERS });
}

async function measure(base: string, urlPath: string, opts: CatalogBenchOptions): Promise<Measured> {
  const probe = await fetch(base + urlPath, { headers: BROWSER_HEADERS });
  if (probe.status !== 200) throw new Error(`${urlPath} answered ${probe.status}`);
  // On the wire: the compressed size when the server compressed it (fetch itself decompresses).
  const decoded = (await probe.arrayBuffer()).byteLength;
  const bytes = Number(probe.headers.get('content-length') ?? decoded);
  if (opts.warmupSeconds > 0) await fire(base + urlPath, opts.connections, opts.warmupSeconds);
  const r = await fire(base + urlPath, opts.connections, opts.durationSeconds);
  return {
    path: urlPath,
    bytes,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export interface CatalogBenchResult {
  bare: Measured;
  asset: Measured;
  catalog: Measured;
  /** The shop's asset / the bare server. */
  assetRatio: number;
  /** The catalog / the bare server. */
  ratio: number;
  /** The server-rendered home page from the page cache, its bare server (same bytes), and the ratio; null without a web build. */
  page: { shop: Measured; bare: Measured; ratio: number } | null;
  loadAverage: number;
  pass: boolean;
  failures: string[];
}

export async function benchCatalog(opts: CatalogBenchOptions): Promise<CatalogBenchResult> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'umrah-bench-'));
  const web = webRoot(tmp);
  const app = await buildApp({
    config: {
      env: 'production',
      logLevel: 'silent',
      dataDir: tmp,
      pgliteDir: path.join(tmp, 'pglite'),
      // Always a fresh embedded database, also when DATABASE_URL is set in the shell.
      databaseUrl: undefined,
      jwtSecret: randomBytes(32).toString('hex'),
      altchaHmacKey: randomBytes(32).toString('hex'),
      seedDemo: true,
      smtpUrl: undefined,
      webDist: web.dir,
    },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    console.log(`Server on ${base}, fresh seeded PGlite in ${tmp}; hashed asset ${web.asset} from ${web.note}.`);
    console.log(
      `autocannon: ${opts.connections} connections, ${opts.durationSeconds} s per target (+${opts.warmupSeconds} s warm-up), ` +
        `browser-like Accept-Encoding, ${os.cpus().length} CPU(s), load average ${(os.loadavg()[0] ?? NaN).toFixed(2)}.\n`,
    );

    const loadAverage = os.loadavg()[0]!;
    const bareBase = await bareServer(path.join(web.dir, web.asset));
    let bare: Measured;
    try {
      bare = await measure(bareBase.url, web.asset, opts);
    } finally {
      await bareBase.close();
    }
    const asset = await measure(base, web.asset, opts);
    const catalog = await measure(base, '/api/products', opts);
    // The home page as a browser gets it: rendered once, then from the page cache; the same bytes from a bare server beside it.
    let page: CatalogBenchResult['page'] = null;
    const home = await wireBytes(base, '/');
    // fetch decompresses: whether the page came from the server render.
    const rendered = (await (await fetch(base + '/', { headers: BROWSER_HEADERS })).text()).includes('id="ssr-state"');
    if (home.status === 200 && rendered) {
      const pageBare = await bareBytesServer(home.body, home.type, home.encoding);
      let bareHome: Measured;
      try {
        bareHome = await measure(pageBare.url, '/', opts);
      } finally {
        await pageBare.close();
      }
      const shopHome = await measure(base, '/', opts);
      page = { shop: shopHome, bare: bareHome, ratio: shopHome.reqPerSec / bareHome.reqPerSec };
    } else {
      console.log('The home page is not rendered on the server (build the web app with its dist-ssr): page cache not measured.');
    }
    const assetRatio = asset.reqPerSec / bare.reqPerSec;
    const ratio = catalog.reqPerSec / bare.reqPerSec;
    const failures: string[] = [];
    if (assetRatio < STATIC_BUDGET.minRatio) failures.push(`asset ratio ${assetRatio.toFixed(2)} < ${STATIC_BUDGET.minRatio}`);
    if (asset.p99 >= STATIC_BUDGET.maxP99Ms) failures.push(`asset p99 ${asset.p99} ms ≥ ${STATIC_BUDGET.maxP99Ms} ms`);
    if (ratio < CATALOG_BUDGET.minRatio) failures.push(`catalog ratio ${ratio.toFixed(2)} < ${CATALOG_BUDGET.minRatio}`);
    if (catalog.p99 >= CATALOG_BUDGET.maxP99Ms) failures.push(`catalog p99 ${catalog.p99} ms ≥ ${CATALOG_BUDGET.maxP99Ms} ms`);
    if (page && page.ratio < PAGE_BUDGET.minRatio) failures.push(`page ratio ${page.ratio.toFixed(2)} < ${PAGE_BUDGET.minRatio}`);
    if (page && page.shop.p99 >= PAGE_BUDGET.maxP99Ms) failures.push(`page p99 ${page.shop.p99} ms ≥ ${PAGE_BUDGET.maxP99Ms} ms`);
    for (const m of [bare, asset, catalog, ...(page ? [page.bare, page.shop] : [])]) {
      if (m.non2xx > 0 || m.errors > 0) failures.push(`${m.path}: ${m.non2xx} non-2xx, ${m.errors} errors/timeouts`);
    }
    return { bare, asset, catalog, assetRatio, ratio, page, loadAverage, pass: failures.length === 0, failures };
  } finally {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function printCatalog(r: CatalogBenchResult) {
  const row = (name: string, m: Measured) =>
    `${name.padEnd(7)} ${m.path.padEnd(36)} ${String(m.bytes).padStart(7)} B on the wire ${m.reqPerSec.toFixed(0).padStart(8)} req/s` +
    `   p50 ${String(m.p50).padStart(3)} ms   p99 ${String(m.p99).padStart(3)} ms`;
  console.log(row('bare', r.bare));
  console.log(row('asset', r.asset));
  console.log(row('catalog', r.catalog));
  if (r.page) {
    console.log(row('bare', r.page.bare));
    console.log(row('page', r.page.shop));
  }
  console.log(
    `\nasset/bare ${r.assetRatio.toFixed(2)} (budget ≥ ${STATIC_BUDGET.minRatio}), asset p99 ${r.asset.p99} ms (budget < ${STATIC_BUDGET.maxP99Ms} ms)` +
      `\ncatalog/bare ${r.ratio.toFixed(2)} (budget ≥ ${CATALOG_BUDGET.minRatio}), catalog p99 ${r.catalog.p99} ms (budget < ${CATALOG_BUDGET.maxP99Ms} ms)` +
      (r.page
        ? `\npage/bare ${r.page.ratio.toFixed(2)} (budget ≥ ${PAGE_BUDGET.minRatio}), page p99 ${r.page.shop.p99} ms (budget < ${PAGE_BUDGET.maxP99Ms} ms)`
        : '\npage cache: not measured (no server-rendered build)') +
      `\nload average at the start ${r.loadAverage.toFixed(2)}`,
  );
  console.log(r.pass ? 'PASS: static files and catalog within budget' : `FAIL: over budget (${r.failures.join('; ')})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchCatalog({ connections: 100, durationSeconds: Number(process.env.BENCH_DURATION ?? 10), warmupSeconds: 2 });
  printCatalog(result);
  if (!result.pass && process.argv.includes('--strict')) process.exitCode = 1;
}
