// `npm run release [-- --out DIR] [-- --no-tarball]`: a folder (and a .tar.gz of it) that runs the shop with
// `node` alone: the compiled API (apps/api/dist, plus the command scripts), the built web app
// (apps/web/dist and dist-ssr), the deployment kit (deploy/, docs/DEPLOY.md, .env.example, the backup scripts) and
// the production dependencies installed from the committed lock file with `npm ci --omit=dev`.
// The layout is the repository's (apps/api/dist/server.js finds ../../web/dist and the data folder
// as in a checkout), so nothing in the code knows whether it runs from a release.
// It ends by checking that no development package (tsx, vite, vitest, esbuild, ...) is inside.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API_BUILD_OPTIONS, buildApiIfChanged } from './build-api-if-changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string' }, 'no-tarball': { type: 'boolean' } } });

/**
 * The API's commands, compiled next to server.js (their code finds the migrations and the data
 * folder from there, as the server does): npm script name → source file. Each runs with node alone
 * as apps/api/dist/<name with '-' for ':'>.js (docs/DEPLOY.md) and gets its `npm run` entry in the release.
 */
export const COMMANDS = {
  migrate: 'apps/api/src/scripts/migrate.ts',
  admin: 'apps/api/src/scripts/admin.ts',
  'visa:purge': 'apps/api/src/scripts/purge-visa.ts',
  'visa:reencrypt': 'apps/api/src/scripts/reencrypt-visa.ts',
};

/** Packages only development needs: none may be in a release. */
const DEV_ONLY = [
  'tsx',
  'vite',
  'vitest',
  'esbuild',
  'typescript',
  'drizzle-kit',
  'eslint',
  'prettier',
  'lighthouse',
  '@playwright/test',
  'playwright',
];

// A build under NODE_ENV=test or development (a test runner's, a shell's) would compile the server
// render with React's development JSX, which production React cannot run: always production here.
const buildEnv = { ...process.env, NODE_ENV: 'production' };
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit', env: buildEnv });
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

const commit = (() => {
  try {
    return git('rev-parse', '--short=10', 'HEAD');
  } catch {
    return 'nogit';
  }
})();
const name = `umrah-shop-${new Date().toISOString().slice(0, 10)}-${commit}`;
const outBase = path.resolve(values.out ?? path.join(root, 'release'));
const dir = path.join(outBase, name);
const t0 = performance.now();

// 1. Build: the web app (only when its inputs changed) and the API with its commands.
run('node', ['scripts/build-web-if-changed.mjs']);
// The digest of an earlier build does not say how it was built: one with development JSX is redone.
const ssrEntry = path.join(root, 'apps/web/dist-ssr/entry-server.mjs');
if (!existsSync(ssrEntry) || readFileSync(ssrEntry, 'utf8').includes('react/jsx-dev-runtime')) {
  console.log('The web build was made for development: building it again for production.');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}
await buildApiIfChanged();
const { build } = await import('esbuild');
const commandFile = (script) => `${script.replace(':', '-')}.js`;
const commandsDir = mkdtempSync(path.join(tmpdir(), 'umrah-release-'));
await build({
  ...API_BUILD_OPTIONS,
  entryPoints: Object.fromEntries(Object.entries(COMMANDS).map(([script, src]) => [commandFile(script).replace(/\.js$/, ''), path.join(root, src)])),
  outdir: commandsDir,
});

// 2. Assemble.
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const copy = (rel, to = rel) => cpSync(path.join(root, rel), path.join(dir, to), { recursive: true });
copy('package-lock.json');
copy('apps/api/dist');
cpSync(commandsDir, path.join(dir, 'apps/api/dist'), { recursive: true });
rmSync(commandsDir, { recursive: true, force: true });
rmSync(path.join(dir, 'apps/api/dist/.build-hash'), { force: true });
copy('apps/web/dist');
copy('apps/web/dist-ssr');
copy('deploy');
copy('docs/DEPLOY.md');
copy('.env.example');
copy('scripts/backup.sh');
copy('scripts/restore.sh');
copy('scripts/env-file.sh');

// Every workspace's package.json as committed (npm ci checks them against the lock file), with the
// scripts a release can run; the workspaces without production dependencies install nothing.
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
rootPkg.scripts = {
  start: 'node --enable-source-maps apps/api/dist/server.js',
  backup: 'bash scripts/backup.sh',
  restore: 'bash scripts/restore.sh',
  ...Object.fromEntries(Object.keys(COMMANDS).map((script) => [script, `node --enable-source-maps apps/api/dist/${commandFile(script)}`])),
};
rootPkg.version = `0.0.0-${commit}`;
writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(rootPkg, null, 2)}\n`);
for (const ws of rootPkg.workspaces) {
  const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  pkg.scripts = ws === 'apps/api' ? { start: 'node --enable-source-maps dist/server.js' } : {};
  mkdirSync(path.join(dir, ws), { recursive: true });
  writeFileSync(path.join(dir, ws, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
}
writeFileSync(path.join(dir, 'RELEASE'), `${name}\ncommit ${commit}\nbuilt ${new Date().toISOString()}\n`);

// 3. Production dependencies only, exactly as locked.
run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], dir);

// 4. No development package may have come in (through a dependency put in the wrong list).
const found = DEV_ONLY.filter((pkg) => existsSync(path.join(dir, 'node_modules', pkg, 'package.json')));
if (found.length) {
  console.error(`The release holds development packages: ${found.join(', ')}. Move them to devDependencies.`);
  process.exit(1);
}

// The server render must load with production React from the release's own packages.
execFileSync(process.execPath, ['-e', "await import('./apps/web/dist-ssr/entry-server.mjs')", '--input-type=module'], {
  cwd: dir,
  stdio: 'inherit',
  env: { PATH: process.env.PATH, NODE_ENV: 'production' },
});

if (!values['no-tarball']) {
  run('tar', ['-czf', `${name}.tar.gz`, name], outBase);
}
console.log(`Release ${dir}${values['no-tarball'] ? '' : ` (and ${name}.tar.gz)`} in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
console.log(`Start it with: cd ${dir} && NODE_ENV=production node apps/api/dist/server.js`);
// The path on the last line, for scripts that build a release and use it.
console.log(dir);
