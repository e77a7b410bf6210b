// @vitest-environment node
// What scripts/js-budget.mjs counts as the JavaScript a public page runs before it answers a tap,
// on a small build of known chunks: the app's entry with what it imports and the page's chunk, a lazy
// page of the app only when it is that page; an island page only the island script, with the app
// that follows beside it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { measureFirstJs, type FirstJsPage } from '../scripts/js-budget.mjs';

const chunk = (
  file: string,
  modules: string[],
  links: { imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; facade?: string } = {},
) => ({
  file,
  isEntry: links.isEntry ?? false,
  facade: links.facade ?? null,
  imports: links.imports ?? [],
  dynamicImports: links.dynamicImports ?? [],
  modules,
});

const CHUNKS = [
  chunk('assets/index.js', ['src/main.tsx'], {
    isEntry: true,
    facade: 'index.html',
    imports: ['assets/runtime.js', 'assets/react.js', 'assets/shared.js'],
    dynamicImports: ['assets/KnowledgePage.js', 'assets/Admin.js'],
  }),
  chunk('assets/runtime.js', ['rolldown/runtime.js']),
  chunk('assets/react.js', ['node_modules/react-dom/client.js']),
  chunk('assets/shared.js', ['node_modules/@mantine/core/esm/components/Box/Box.mjs']),
  chunk('assets/KnowledgePage.js', ['src/pages/KnowledgePage.tsx'], { facade: 'src/pages/KnowledgePage.tsx', imports: ['assets/shared.js'] }),
  chunk('assets/Admin.js', ['src/features/admin/orders/api.ts'], { facade: 'src/pages/AdminPage.tsx', imports: ['assets/shared.js'] }),
  chunk('assets/islands.js', ['src/islands.ts'], { isEntry: true, facade: 'src/islands.ts', imports: ['assets/storage.js'] }),
  chunk('assets/storage.js', ['src/lib/storage.ts']),
];

const dist = mkdtempSync(path.join(os.tmpdir(), 'js-budget-'));
mkdirSync(path.join(dist, '.vite'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, '.vite', 'chunks.json'), JSON.stringify(CHUNKS));
// Each file 1000 bytes of its own name repeated: sizes add up without depending on compression.
for (const c of CHUNKS) writeFileSync(path.join(dist, c.file), c.file.padEnd(1000, '/'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function page(pagePath: string, islandPages = ['/privacy']): FirstJsPage {
  const result = measureFirstJs(dist, islandPages);
  if ('missing' in result) throw new Error(result.missing);
  return result.pages.find((p) => p.path === pagePath)!;
}

describe('the JavaScript a public page runs first', () => {
  it('an app page: the entry with its imports and the page, not the other lazy pages', () => {
    const kennis = page('/kennis');
    expect(kennis.files.sort()).toEqual(
      ['assets/KnowledgePage.js', 'assets/index.js', 'assets/react.js', 'assets/runtime.js', 'assets/shared.js'].sort(),
    );
    expect(kennis.raw).toBe(5000);
    expect(kennis.adminModules).toEqual([]);
    expect(kennis.app).toEqual({ files: 5, gzip: kennis.gzip });
  });

  it('an island page: the island script and what it imports; the app that follows is counted beside it', () => {
    const privacy = page('/privacy');
    expect(privacy.files.sort()).toEqual(['assets/islands.js', 'assets/storage.js']);
    expect(privacy.raw).toBe(2000);
    expect(privacy.app.files).toBe(4);
  });
});
