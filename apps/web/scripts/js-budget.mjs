// The JavaScript each public page runs before it answers a tap (its budget in the README's 'Benchmarks', no admin code):
// - a page of src/app/island-pages.json (today all of them): the island script with its static
//   imports, all it runs until the browser is idle or a control only the app knows is used
//   (src/islands.ts); the app that follows then is printed beside it, and must hold no admin code either;
// - any other public page: the app's entry with its static imports (what index.html loads and
//   modulepreloads) plus the page's own chunk and its static imports (main.tsx loads it before
//   hydrating the server's HTML).
// Measured on the built files, from the chunk graph vite.config.ts writes to dist/.vite/chunks.json.
//   node scripts/js-budget.mjs [dist]   prints each page against its budget; exit code 1 when over
//   node scripts/js-budget.mjs --report  the same, exit code 0 (the build prints it, never fails on it)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The server-rendered public pages (route pattern) and the module that draws each. */
export const PUBLIC_PAGES = JSON.parse(readFileSync(new URL('../src/app/public-pages.json', import.meta.url), 'utf8'));

/** The pages (route patterns) that start with the island script instead of the app. */
export const ISLAND_PAGES = JSON.parse(readFileSync(new URL('../src/app/island-pages.json', import.meta.url), 'utf8'));

/** The island script's source module (vite.config.ts makes it an entry of its own). */
const ISLANDS_ENTRY = 'src/islands.ts';

/** Each page's budget in gzip bytes (kB of 1000 bytes, as Vite and Lighthouse count them). */
export const JS_BUDGET_GZIP_BYTES = { text: 60_000, shop: 100_000, other: 150_000 };
/** The pages of each budget: the text pages 60 kB, the shop's 100 kB, the rest (/kennis, /arabia-teaching) 150 kB. */
const TEXT_PAGES = ['/kennis/:kennisId', '/over-ons', '/algemene-voorwaarden', '/privacy'];
const SHOP_PAGES = ['/', '/pakketten', '/contact'];

/** @param {string} pagePath */
export const budgetOf = (pagePath) =>
  TEXT_PAGES.includes(pagePath) ? JS_BUDGET_GZIP_BYTES.text : SHOP_PAGES.includes(pagePath) ? JS_BUDGET_GZIP_BYTES.shop : JS_BUDGET_GZIP_BYTES.other;

/** Code a visitor must never load: the admin screens and the editors and widgets only they use. */
const ADMIN_ONLY = [/^src\/features\/admin\//, /^src\/pages\/Admin/, /node_modules\/(@tiptap|@mantine\/tiptap|react-easy-crop|prosemirror)/];

/**
 * @param {string} dist the web build folder
 * @param {string[]} islandPages the pages that start with the island script
 * @returns {import('./js-budget.d.mts').FirstJs}
 */
export function measureFirstJs(dist, islandPages = ISLAND_PAGES) {
  const graphFile = path.join(dist, '.vite', 'chunks.json');
  if (!existsSync(graphFile)) return { missing: `${graphFile} (build the web app: npm run build -w apps/web)` };
  /** @type {{ file: string, isEntry: boolean, facade: string | null, imports: string[], dynamicImports: string[], modules: string[] }[]} */
  const chunks = JSON.parse(readFileSync(graphFile, 'utf8'));
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const full = path.join(dist, file);
      const bytes = readFileSync(full);
      // The twins scripts/precompress.mjs wrote are what the server sends; made here when missing.
      const twin = (ext, make) => (existsSync(full + ext) ? readFileSync(full + ext).length : make().length);
      sizes.set(file, {
        raw: bytes.length,
        gzip: twin('.gz', () => gzipSync(bytes, { level: 9 })),
        brotli: twin('.br', () => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
      });
    }
    return sizes.get(file);
  };
  const withStaticImports = (files, into = new Set()) => {
    for (const file of files) {
      // A chunk that held only CSS is gone from the build (its stylesheet is not JavaScript).
      if (into.has(file) || !existsSync(path.join(dist, file))) continue;
      into.add(file);
      withStaticImports(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const entries = chunks.filter((c) => c.isEntry && c.facade !== ISLANDS_ENTRY).map((c) => c.file);
  const island = chunks.filter((c) => c.isEntry && c.facade === ISLANDS_ENTRY).map((c) => c.file);
  const sum = (files) =>
    files.map(sizeOf).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  const adminIn = (files) => files.flatMap((f) => byFile.get(f)?.modules ?? []).filter((m) => ADMIN_ONLY.some((re) => re.test(m)));
  const pages = Object.entries(PUBLIC_PAGES).map(([pagePath, module]) => {
    const own = chunks.filter((c) => c.facade === module && !c.isEntry).map((c) => c.file);
    const appFiles = [...withStaticImports([...entries, ...own])];
    // A build without the island script starts every page with the app.
    const files = islandPages.includes(pagePath) && island.length ? [...withStaticImports(island)] : appFiles;
    return {
      path: pagePath,
      budget: budgetOf(pagePath),
      files,
      ...sum(files),
      adminModules: adminIn([...files, ...appFiles]),
      app: { files: appFiles.length, gzip: sum(appFiles).gzip },
    };
  });
  return { pages };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Prints each page against the budget; true when every page is within it and free of admin code. */
export function printFirstJs(result) {
  if ('missing' in result) {
    console.log(`SKIPPED: no chunk graph at ${result.missing}`);
    return true;
  }
  console.log(
    `budget per public page: JavaScript run before it answers a tap ≤ ${kB(JS_BUDGET_GZIP_BYTES.text)} gzip on the text pages, ` +
      `≤ ${kB(JS_BUDGET_GZIP_BYTES.shop)} on ${SHOP_PAGES.join(', ')}, ≤ ${kB(JS_BUDGET_GZIP_BYTES.other)} on the others; no admin code`,
  );
  let ok = true;
  for (const p of result.pages) {
    const failures = [];
    if (p.gzip > p.budget) failures.push(`${kB(p.gzip)} > ${kB(p.budget)}`);
    if (p.adminModules.length) failures.push(`admin code: ${p.adminModules.slice(0, 3).join(', ')}${p.adminModules.length > 3 ? ', …' : ''}`);
    ok &&= failures.length === 0;
    // What follows on an island page, when the browser is idle or at the first tap on a control only the app knows.
    const then = p.app.gzip === p.gzip ? '' : `   then the app: ${kB(p.app.gzip)} gzip, ${p.app.files} files`;
    console.log(
      `${p.path.padEnd(22)} ${kB(p.gzip).padStart(9)} gzip  ${kB(p.brotli).padStart(9)} brotli  ${kB(p.raw).padStart(9)} raw  ` +
        `${String(p.files.length).padStart(2)} files   ${failures.length ? `FAIL (${failures.join('; ')})` : 'PASS'}${then}`,
    );
  }
  return ok;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const ok = printFirstJs(measureFirstJs(dist));
  process.exitCode = ok || args.includes('--report') ? 0 : 1;
}
