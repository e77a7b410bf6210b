// Catalog benchmark: GET /api/products against a static file served by the same server in the same
// run. The server runs in this process on a fresh, seeded PGlite; autocannon fires from a worker
// thread so the load generator does not share the server's event loop.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATIC_PATH = '/images/hotels/swissotel-makkah-1.svg';

export const CATALOG_BUDGET = { minRatio: 0.5, maxP99Ms: 25 } as const;

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

/** The built web app if there is one; otherwise a minimal one holding the hotel image, so the run still compares. */
function webRoot(tmp: string): { dir: string; note: string } {
  const dist = path.join(ROOT, 'apps/web/dist');
  if (existsSync(path.join(dist, 'index.html')) && existsSync(path.join(dist, STATIC_PATH))) {
    return { dir: dist, note: 'apps/web/dist' };
  }
  const dir = path.join(tmp, 'web');
  mkdirSync(path.join(dir, path.dirname(STATIC_PATH)), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  copyFileSync(path.join(ROOT, 'apps/web/public', STATIC_PATH), path.join(dir, STATIC_PATH));
  return { dir, note: 'apps/web/public (apps/web/dist is not built)' };
}

// What Chromium sends: the catalog answers brotli to it, the static plugin serves the file as it is.
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
  static: Measured;
  catalog: Measured;
  ratio: number;
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
    console.log(`Server on ${base}, fresh seeded PGlite in ${tmp}; static file from ${web.note}.`);
    console.log(
      `autocannon: ${opts.connections} connections, ${opts.durationSeconds} s per target (+${opts.warmupSeconds} s warm-up), ` +
        `browser-like Accept-Encoding, ${os.cpus().length} CPU(s), load average ${os.loadavg()[0].toFixed(2)}.\n`,
    );

    const staticResult = await measure(base, STATIC_PATH, opts);
    const catalog = await measure(base, '/api/products', opts);
    const ratio = catalog.reqPerSec / staticResult.reqPerSec;
    const failures: string[] = [];
    if (ratio < CATALOG_BUDGET.minRatio) failures.push(`ratio ${ratio.toFixed(2)} < ${CATALOG_BUDGET.minRatio}`);
    if (catalog.p99 >= CATALOG_BUDGET.maxP99Ms) failures.push(`p99 ${catalog.p99} ms ≥ ${CATALOG_BUDGET.maxP99Ms} ms`);
    for (const m of [staticResult, catalog]) {
      if (m.non2xx > 0 || m.errors > 0) failures.push(`${m.path}: ${m.non2xx} non-2xx, ${m.errors} errors/timeouts`);
    }
    return { static: staticResult, catalog, ratio, pass: failures.length === 0, failures };
  } finally {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function printCatalog(r: CatalogBenchResult) {
  const row = (name: string, m: Measured) =>
    `${name.padEnd(9)} ${m.path.padEnd(40)} ${String(m.bytes).padStart(7)} B on the wire ${m.reqPerSec.toFixed(0).padStart(8)} req/s` +
    `   p50 ${String(m.p50).padStart(3)} ms   p99 ${String(m.p99).padStart(3)} ms`;
  console.log(row('static', r.static));
  console.log(row('catalog', r.catalog));
  console.log(
    `\nratio catalog/static ${r.ratio.toFixed(2)} (budget ≥ ${CATALOG_BUDGET.minRatio}), ` +
      `catalog p99 ${r.catalog.p99} ms (budget < ${CATALOG_BUDGET.maxP99Ms} ms)`,
  );
  console.log(r.pass ? 'PASS: catalog within budget' : `FAIL: catalog over budget (${r.failures.join('; ')})`);
}

