// Page speed: Lighthouse (mobile preset, simulated slow 4G and a slower CPU) on the pages a visitor
// lands on, served by the real app on a fresh seeded PGlite. Needs the built web app and Chromium.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../apps/api/src/app.ts';
import { measureFirstJs, printFirstJs } from '../apps/web/scripts/js-budget.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const PAGESPEED_BUDGET = { minPerformance: 90, maxLcpMs: 2500, maxTbtMs: 200, maxCls: 0.1 } as const;
export const PAGES = ['/', '/pakketten'] as const;

export interface PageResult {
  path: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failures: string[];
}

export async function benchPageSpeed(): Promise<PageResult[] | { skipped: string }> {
  const dist = path.join(ROOT, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) return { skipped: 'apps/web/dist is not built (npm run build)' };
  if (!existsSync(CHROME)) return { skipped: `no Chromium at ${CHROME} (set CHROME_PATH)` };

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'umrah-pagespeed-'));
  const app = await buildApp({
    config: {
      env: 'production',
      logLevel: 'silent',
      dataDir: tmp,
      pgliteDir: path.join(tmp, 'pglite'),
      databaseUrl: undefined,
      jwtSecret: randomBytes(32).toString('hex'),
      altchaHmacKey: randomBytes(32).toString('hex'),
      seedDemo: true,
      smtpUrl: undefined,
      webDist: dist,
    },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const results: PageResult[] = [];
    for (const pagePath of PAGES) {
      const run = await lighthouse(`http://127.0.0.1:${port}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = run!.lhr;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const r: PageResult = {
        path: pagePath,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number(audit('cumulative-layout-shift').toFixed(3)),
        failures: [],
      };
      const b = PAGESPEED_BUDGET;
      if (!(r.performance >= b.minPerformance)) r.failures.push(`performance ${r.performance} < ${b.minPerformance}`);
      if (!(r.lcpMs <= b.maxLcpMs)) r.failures.push(`LCP ${r.lcpMs} ms > ${b.maxLcpMs} ms`);
      if (!(r.tbtMs <= b.maxTbtMs)) r.failures.push(`TBT ${r.tbtMs} ms > ${b.maxTbtMs} ms`);
      if (!(r.cls <= b.maxCls)) r.failures.push(`CLS ${r.cls} > ${b.maxCls}`);
      results.push(r);
    }
    return results;
  } finally {
    await chrome.kill();
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function printPageSpeed(results: PageResult[] | { skipped: string }): boolean {
  // What a phone downloads before a public page works: measured on the build, no browser needed.
  const jsOk = printFirstJs(measureFirstJs(path.join(ROOT, 'apps/web/dist')));
  if ('skipped' in results) {
    console.log(`SKIPPED: ${results.skipped}`);
    return jsOk;
  }
  const b = PAGESPEED_BUDGET;
  console.log(
    `budget per page: performance ≥ ${b.minPerformance}, LCP ≤ ${b.maxLcpMs} ms, TBT ≤ ${b.maxTbtMs} ms, CLS ≤ ${b.maxCls} (Lighthouse mobile preset)`,
  );
  for (const r of results) {
    console.log(
      `${r.path.padEnd(12)} performance ${String(r.performance).padStart(3)}   LCP ${String(r.lcpMs).padStart(5)} ms   ` +
        `TBT ${String(r.tbtMs).padStart(4)} ms   CLS ${r.cls}   ${r.failures.length ? `FAIL (${r.failures.join('; ')})` : 'PASS'}`,
    );
  }
  return jsOk && results.every((r) => r.failures.length === 0);
}
