// Proves that the repository's lint config (eslint.config.js at the root, unchanged) reports an import
// cycle, a lower layer importing a higher one, a deep import into another feature, a conditional hook
// and an image without alt text, and that the files that follow the rules pass. web/src/ here is laid
// out like apps/web/src and is listed in the config next to it; `npm run lint` skips it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(ROOT, 'scripts/lint-fixtures/web/src');

type Problem = { rule: string; message: string };
let eslint: ESLint;
let problems: Map<string, Problem[]>;

beforeAll(async () => {
  // ignore: false lints the fixtures, which the config ignores for `npm run lint`.
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js'), ignore: false });
  const results = await eslint.lintFiles([FIXTURES]);
  problems = new Map(
    results.map((r) => [
      path.relative(FIXTURES, r.filePath).split(path.sep).join('/'),
      r.messages.map((m) => ({ rule: m.ruleId ?? `parse error: ${m.message}`, message: m.message })),
    ]),
  );
});

describe('lint rules bite on the fixtures', () => {
  it.each([
    ['lib/cycle-a.ts', 'import-x/no-cycle', 'Dependency cycle'],
    ['lib/cycle-b.ts', 'import-x/no-cycle', 'Dependency cycle'],
    ['components/usesFeature.ts', 'import-x/no-restricted-paths', 'lowest layers'],
    ['features/alpha/usesPage.ts', 'import-x/no-restricted-paths', 'may not import pages or app'],
    ['features/alpha/deepImport.ts', 'import-x/no-restricted-paths', 'through its index.ts'],
    ['components/ConditionalHook.tsx', 'react-hooks/rules-of-hooks', 'called conditionally'],
    ['components/ImageWithoutAlt.tsx', 'jsx-a11y/alt-text', 'alt'],
  ])('%s: %s', (file, rule, text) => {
    expect(problems.has(file), `${file} was not linted`).toBe(true);
    const found = problems.get(file)!;
    expect(found.map((p) => p.rule)).toEqual([rule]);
    expect(found[0].message).toContain(text);
  });

  it('the files that follow the rules pass', () => {
    const clean = [
      'app/App.tsx',
      'pages/HomePage.tsx',
      'features/alpha/index.ts',
      'features/beta/index.ts',
      'features/beta/internal.ts',
      'components/Greeting.tsx',
      'lib/format.ts',
    ];
    for (const file of clean) {
      expect(problems.has(file), `${file} was not linted`).toBe(true);
      expect(problems.get(file), file).toEqual([]);
    }
  });
});

// The workspace rules are checked on code given as text at a path inside the real tree (nothing is
// written there). It imports small files that exist and import nothing, so the cycle check stays quick.
describe('workspace boundaries', () => {
  it.each([
    ['apps/api/src/lint-fixture.ts', "import '../../web/src/lib/storage.ts';\n", 'The API may not import the web app'],
    ['apps/web/src/lint-fixture.ts', "import '../../api/src/lib/sql.ts';\n", 'The web app may not import the API server'],
    ['packages/domain/src/lint-fixture.ts', "import '../../../apps/api/src/lib/sql.ts';\n", 'packages/domain is pure'],
  ])('%s', async (file, code, text) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    expect(result.messages.map((m) => m.ruleId)).toEqual(['import-x/no-restricted-paths']);
    expect(result.messages[0].message).toContain(text);
  });
});
