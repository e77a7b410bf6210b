// Quick start (issue 14.6): `npm start` on an already built checkout, timed from the command to the
// first 200 of /api/health. Two starts on one PGlite data folder: the first creates and seeds it, the
// second is a restart. Budget: the restart under 5 s. Alone: `npx tsx bench/startup.ts`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, startShop } from './server.ts';
// @ts-expect-error: a plain .mjs script without type declarations
import { API_SERVER, buildApiIfChanged } from '../scripts/build-api-if-changed.mjs';

/** The shop as production runs it (`npm start`): the compiled server, built first when its sources changed. */
export async function compiledShop(nodeArgs: string[] = []): Promise<string[]> {
  await buildApiIfChanged();
  return [process.execPath, ...nodeArgs, API_SERVER as string];
}

export const STARTUP_BUDGET = { maxMs: 5000 } as const;

export type StartupBenchResult = { skipped: string } | { firstMs: number; restartMs: number; loadAverage: number; pass: boolean };

export async function benchStartup(): Promise<StartupBenchResult> {
  try {
    execFileSync(process.execPath, ['scripts/build-web-if-changed.mjs', '--check'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    return { skipped: 'the web build is missing or stale: run `npm start` (or `node scripts/build-web-if-changed.mjs`) once first' };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'umrah-startup-'));
  const loadAverage = os.loadavg()[0]!;
  const run = async () => {
    const shop = await startShop({ command: ['npm', 'start'], env: { DEMO: '1', DATA_DIR: dataDir, DATABASE_URL: '' } });
    await shop.stop();
    return shop.startMs;
  };
  try {
    const firstMs = await run();
    const restartMs = await run();
    return { firstMs, restartMs, loadAverage, pass: restartMs < STARTUP_BUDGET.maxMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStartup(r: StartupBenchResult): boolean {
  if ('skipped' in r) {
    console.log(`skipped: ${r.skipped}`);
    return true;
  }
  console.log(`npm start → /api/health 200: first start (new PGlite, seeded) ${(r.firstMs / 1000).toFixed(1)} s, restart ${(r.restartMs / 1000).toFixed(1)} s; load average ${r.loadAverage.toFixed(2)}`);
  console.log(`budget: restart < ${STARTUP_BUDGET.maxMs / 1000} s`);
  console.log(r.pass ? 'PASS: quick start within budget' : 'FAIL: start-up over budget');
  return r.pass;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ok = printStartup(await benchStartup());
  if (!ok && process.argv.includes('--strict')) process.exitCode = 1;
}
