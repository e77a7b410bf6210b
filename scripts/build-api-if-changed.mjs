// `npm start` runs the API as compiled JavaScript (apps/api/dist), built here with esbuild only when
// its inputs changed since the last build: a hash of the API's sources, the domain package, the lock
// file and this script, kept in apps/api/dist/.build-hash. The API's own code and @umrah/domain (which
// exports TypeScript sources) are bundled; every other package stays in node_modules, loaded as is.
// The worker threads (PDF rendering, trip downloads, pictures, page render) are bundled as their own files next to the
// server, where the pools look for them. `--check` only tells whether a build is needed (exit 1).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsDigest, isMain } from './build-web-if-changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
export const API_DIST = path.join(api, 'dist');
export const API_SERVER = path.join(API_DIST, 'server.js');
const stamp = path.join(API_DIST, '.build-hash');

const INPUTS = [
  'apps/api/src',
  'apps/api/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
  'scripts/build-api-if-changed.mjs',
];

/**
 * Bare imports stay external (node_modules), except the workspace's own packages and JSON data
 * (imported with a type attribute, which an external import would lose), which are bundled.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@umrah/') || args.path.endsWith('.json') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The worker files load their TypeScript module through tsx's tsImport (a worker thread has no
 * loader of its own under tsx); compiled, that becomes a plain import the bundle contains.
 */
const workerImports = {
  name: 'worker-imports',
  setup(build) {
    build.onLoad({ filter: /-worker\.mjs$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const compiled = source
        .replace(/^import \{ tsImport \} from 'tsx\/esm\/api';\n/m, '')
        .replace(/tsImport\(('\.\/[^']+\.ts'), import\.meta\.url\)/g, 'import($1)');
      if (/tsImport\(|tsx\/esm\/api/.test(compiled)) throw new Error(`${args.path}: a tsImport the API build does not know how to compile`);
      return { contents: compiled, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/** The esbuild options of every API bundle (the release build compiles the command scripts with them too). */
export const API_BUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, workerImports],
};

/** Every worker file the API's code starts, as esbuild entry points: file name (without .mjs) → source. */
export function workerEntryPoints() {
  const entries = {};
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (/\.(ts|mjs)$/.test(e.name)) {
        for (const [, name] of readFileSync(file, 'utf8').matchAll(/new URL\(['"]\.\/([\w.-]+)\.mjs['"], import\.meta\.url\)/g)) {
          const source = path.join(dir, `${name}.mjs`);
          if (!existsSync(source)) throw new Error(`${path.relative(root, file)} starts ./${name}.mjs, which does not exist`);
          if (entries[name] && entries[name] !== source)
            throw new Error(`Two workers named ${name}.mjs (${path.relative(root, entries[name])}, ${path.relative(root, source)}): rename one`);
          entries[name] = source;
        }
      }
    }
  };
  walk(path.join(api, 'src'));
  return entries;
}

export async function buildApi() {
  const { build } = await import('esbuild');
  rmSync(API_DIST, { recursive: true, force: true });
  mkdirSync(API_DIST, { recursive: true });
  const common = API_BUILD_OPTIONS;
  await build({ ...common, entryPoints: { server: path.join(api, 'src/server.ts') }, outdir: API_DIST });
  // The worker threads, each bundled as its own file next to the server, where the code that starts
  // it looks (new URL('./name.mjs', import.meta.url)). They are found in the sources, so a new worker
  // cannot be left out, and in one bundle two workers may not share a file name.
  await build({
    ...common,
    entryPoints: workerEntryPoints(),
    outdir: API_DIST,
    outExtension: { '.js': '.mjs' },
  });
  // The migrations are read from disk next to the database code (db/index.ts): next to the server here.
  cpSync(path.join(api, 'src/db/migrations'), path.join(API_DIST, 'migrations'), { recursive: true });
}

export async function buildApiIfChanged({ check = false } = {}) {
  const digest = inputsDigest(root, INPUTS);
  const built = existsSync(API_SERVER) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest;
  if (built || check) return built;
  const t0 = performance.now();
  await buildApi();
  writeFileSync(stamp, `${digest}\n`);
  console.log(`API compiled to apps/api/dist in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  return true;
}

if (isMain(import.meta.url)) {
  const check = process.argv.includes('--check');
  const built = await buildApiIfChanged({ check });
  if (check) {
    console.log(built ? 'API unchanged since its last build.' : 'API needs a build.');
    process.exit(built ? 0 : 1);
  }
}
