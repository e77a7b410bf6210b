// `npm run bench` (root) or `npm run bench -w bench -- --strict`.
// Prints the figures against their budgets; exits non-zero only with --strict, so a busy machine
// does not fail the suite.
import { benchCatalog, printCatalog } from './catalog.ts';
import { benchPageSpeed, printPageSpeed } from './pagespeed.ts';
import { benchRooming, printRooming } from './rooming.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const num = (name: string, fallback: number) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  const n = hit ? Number(hit.split('=')[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const strict = flag('strict');
console.log('== Catalog: GET /api/products vs a static file ==');
const catalog = await benchCatalog({
  connections: num('connections', 100),
  durationSeconds: num('duration', 10),
  warmupSeconds: num('warmup', 2),
});
printCatalog(catalog);

console.log('\n== Page speed: Lighthouse mobile on the landing pages ==');
const pagesOk = printPageSpeed(await benchPageSpeed());

console.log('\n== Rooming list: 500 guests on one trip (domain function and proposal route) ==');
const rooming = await benchRooming({ runs: num('rooming-runs', 30) });
printRooming(rooming);

const failed = !catalog.pass || !pagesOk || !rooming.pass;
if (failed && strict) process.exitCode = 1;
else if (failed) console.log('(not --strict: exit code 0)');
