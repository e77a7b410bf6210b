// Quick start (budget in the README's 'Benchmarks'): `npm start` on an already built checkout, timed from the command to the
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

export type StartupBenchResult = { command: string; note?: string; firstMs: number; restartMs: number; loadAverage: number; pass: boolean };

export async function benchStartup(): Promise<StartupBenchResult> {
  // Without a current web build `npm start` would first build it (minutes, not a start-up): then the
  // API's own start is timed, which is what `npm start` runs once the web build is in place.
  let command = ['npm', 'start'];
  let note: string | undefined;
  try {
    execFileSync(process.execPath, ['scripts/build-web-if-changed.mjs', '--check'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    command = ['npm', 'run', 'start', '-w', 'apps/api'];
    note = 'the web build is missing or stale, so the API alone was timed (run `npm start` once to build the web app)';
  }
  // A build of the API is part of a first start after a change, not of a start on a built checkout.
  await buildApiIfChanged();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'umrah-startup-'));
  const loadAverage = os.loadavg()[0]!;
  const run = async () => {
    const shop = await startShop({ command, env: { DEMO: '1', DATA_DIR: dataDir, DATABASE_URL: '' } });
    await shop.stop();
    return shop.startMs;
  };
  try {
    const firstMs = await run();
    const restartMs = await run();
    return { command: command.join(' '), note, firstMs, restartMs, loadAverage, pass: restartMs < STARTUP_BUDGET.maxMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStartup(r: StartupBenchResult): boolean {
  if (r.note) console.log(`note: ${r.note}`);
  console.log(
    `${r.command} → /api/health 200: first start (new PGlite, seeded) ${(r.firstMs / 1000).toFixed(1)} s, restart ${(r.restartMs / 1000).toFixed(1)} s; load average ${r.loadAverage.toFixed(2)}`,
  );
  console.log(`budget: restart < ${STARTUP_BUDGET.maxMs / 1000} s`);
  console.log(r.pass ? 'PASS: quick start within budget' : 'FAIL: start-up over budget');
  return r.pass;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ok = printStartup(await benchStartup());
  if (!ok && process.argv.includes('--strict')) process.exitCode = 1;
}
