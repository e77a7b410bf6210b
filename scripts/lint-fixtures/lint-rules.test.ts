// Proves that the repository's lint config (eslint.config.js at the root, unchanged) reports an import
// cycle, a lower layer importing a higher one, a deep import into another feature or admin tab, a
// conditional hook, an image without alt text, the API's layers (a route using another module, a
// module reaching into another's files, lib/ importing a module), a Node.js built-in in the domain
// package, the code's size (a file over 400 lines, a function over 80 lines) and a disable comment
// without a reason, and that the files that follow the rules pass. web/src/, api/src/ and domain/src/ here are
// laid out like apps/web/src, apps/api/src and packages/domain/src and are listed in the config next
// to them; `npm run lint` skips them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(ROOT, 'scripts/lint-fixtures');

type Problem = { rule: string; message: string };
let eslint: ESLint;
let problems: Map<string, Problem[]>;

beforeAll(async () => {
  // ignore: false lints the fixtures, which the config ignores for `npm run lint`.
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js'), ignore: false });
  const results = await eslint.lintFiles(['web/src', 'api/src', 'domain/src'].map((dir) => path.join(FIXTURES, dir)));
  problems = new Map(
    results.map((r) => [
      path.relative(FIXTURES, r.filePath).split(path.sep).join('/'),
      r.messages.map((m) => ({ rule: m.ruleId ?? `parse error: ${m.message}`, message: m.message })),
    ]),
  );
});

describe('lint rules bite on the fixtures', () => {
  it.each([
    ['web/src/lib/cycle-a.ts', 'import-x/no-cycle', 'Dependency cycle'],
    ['web/src/lib/cycle-b.ts', 'import-x/no-cycle', 'Dependency cycle'],
    ['web/src/components/usesFeature.ts', 'import-x/no-restricted-paths', 'lowest layers'],
    ['web/src/features/alpha/usesPage.ts', 'import-x/no-restricted-paths', 'may not import pages or app'],
    ['web/src/features/alpha/deepImport.ts', 'import-x/no-restricted-paths', 'through its index.ts, not its internal files (in features/alpha)'],
    [
      'web/src/features/admin/payments/deepImport.ts',
      'import-x/no-restricted-paths',
      'through its index.ts, not its internal files (in admin/payments)',
    ],
    ['web/src/components/ConditionalHook.tsx', 'react-hooks/rules-of-hooks', 'called conditionally'],
    ['web/src/components/ImageWithoutAlt.tsx', 'jsx-a11y/alt-text', 'alt'],
    ['api/src/lib/usesModule.ts', 'import-x/no-restricted-paths', 'lib/ is shared by every module'],
    ['api/src/modules/alpha/deepImport.ts', 'import-x/no-restricted-paths', 'only through its service.ts or index.ts'],
    ['api/src/modules/beta/routes.ts', 'import-x/no-restricted-paths', 'A route imports only its own module'],
    ['domain/src/usesNode.ts', 'import-x/no-nodejs-modules', 'node:crypto'],
    ['api/src/lib/longFile.ts', 'max-lines', 'File has too many lines (402)'],
    ['api/src/lib/longFunction.ts', 'max-lines-per-function', "Function 'longSteps' has too many lines (84)"],
    ['api/src/lib/undescribedDisable.ts', '@eslint-community/eslint-comments/require-description', 'description'],
  ])('%s: %s', (file, rule, text) => {
    expect(problems.has(file), `${file} was not linted`).toBe(true);
    const found = problems.get(file)!;
    expect(found.map((p) => p.rule)).toEqual([rule]);
    expect(found[0].message).toContain(text);
  });

  it('the files that follow the rules pass', () => {
    const clean = [
      'web/src/app/App.tsx',
      'web/src/pages/HomePage.tsx',
      'web/src/features/alpha/index.ts',
      'web/src/features/beta/index.ts',
      'web/src/features/beta/internal.ts',
      'web/src/features/admin/orders/index.ts',
      'web/src/features/admin/orders/internal.ts',
      'web/src/features/admin/payments/usesIndex.ts',
      'web/src/components/Greeting.tsx',
      'web/src/lib/format.ts',
      'api/src/lib/shared.ts',
      'api/src/lib/excusedFunction.ts',
      'api/src/infra/outside.ts',
      'api/src/modules/alpha/service.ts',
      'api/src/modules/alpha/internal.ts',
      'api/src/modules/alpha/routes.ts',
      'api/src/modules/beta/service.ts',
      'api/src/modules/beta/index.ts',
      'api/src/modules/beta/internal.ts',
      'domain/src/pure.ts',
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
