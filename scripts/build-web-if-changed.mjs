// `npm start` builds the web app only when its inputs changed since the last build: a hash of the web
// app's files (not dist), the domain package and the lock file, kept next to the build in
// apps/web/dist/.build-hash (a dot file: never served). An unchanged checkout starts without Vite.
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.build-hash');
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', '.vite']);

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/** A hash of the files under `inputs` (paths relative to `base`; folders walked, build output skipped). */
export function inputsDigest(base, inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(base, input);
    for (const file of statSync(full, { throwIfNoEntry: false })?.isDirectory() ? files(full) : existsSync(full) ? [full] : []) {
      hash.update(path.relative(base, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when the module is the script node was started with (not imported by another script). */
export const isMain = (moduleUrl) => process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);

if (isMain(import.meta.url)) {
  const digest = inputsDigest(root, ['apps/web', 'packages/domain/src', 'packages/domain/package.json', 'package-lock.json']);
  const built = existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest;
  if (built || process.argv.includes('--check')) {
    console.log(built ? 'Web app unchanged since its last build: not rebuilt.' : 'Web app needs a build.');
    process.exit(built ? 0 : 1);
  }
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${digest}\n`);
}
