// Lint for the whole repository (`npm run lint`, part of `npm test`). Besides the recommended rule
// sets it guards the code's shape: the layers of the web app, feature boundaries, the direction of
// imports between the workspaces, and no import cycles anywhere. scripts/lint-fixtures/ proves that
// these rules report: its test lints deliberately broken files with this very config (the ignore
// below keeps them out of `npm run lint`).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import globals from 'globals';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

// Trees laid out like the web app's src/: the app itself and the lint fixtures, which must obey the
// same rules so that their test shows the rules bite.
const WEB_SRC_ROOTS = ['apps/web/src', 'scripts/lint-fixtures/web/src'];

// Trees laid out like the API's src/: the API and its lint fixtures.
const API_SRC_ROOTS = ['apps/api/src', 'scripts/lint-fixtures/api/src'];

function folderNames(dir) {
  try {
    return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

// A feature (or an admin tab inside features/admin) reaches another only through its index.ts.
function featureBoundary(featuresDir, feature) {
  return {
    target: `${featuresDir}/${feature}/**`,
    from: `${ROOT}/${featuresDir}/*/**`,
    except: [`${ROOT}/${featuresDir}/${feature}/**`, `${ROOT}/${featuresDir}/*/index.{ts,tsx}`],
    message: `Import another feature through its index.ts, not its internal files (in ${path.basename(featuresDir)}/${feature}).`,
  };
}

// Layers of a web src/ tree, highest first: app → pages → features → components and lib. A layer
// may import the layers below it, never one above it. Within features, a feature reaches another
// feature only through that feature's public index.ts, so its other files stay free to change.
function webZones(src) {
  const layer = (name) => `${src}/${name}`;
  const zones = [
    {
      target: [layer('components'), layer('lib')],
      from: [layer('features'), layer('pages'), layer('app')],
      message: 'components/ and lib/ are the lowest layers: they may not import features, pages or app.',
    },
    {
      target: layer('features'),
      from: [layer('pages'), layer('app')],
      message: 'A feature may not import pages or app (app → pages → features → components/lib).',
    },
    {
      target: layer('pages'),
      from: layer('app'),
      message: 'A page may not import app (app → pages → features → components/lib).',
    },
  ];
  for (const feature of folderNames(`${src}/features`)) zones.push(featureBoundary(`${src}/features`, feature));
  // The admin tabs are features of their own inside features/admin: the same rule holds between them.
  for (const tab of folderNames(`${src}/features/admin`)) zones.push(featureBoundary(`${src}/features/admin`, tab));
  return zones;
}

// Layers of an API src/ tree (docs/ARCHITECTURE.md, 'API'): a module's routes.ts is HTTP only and
// calls its own module's service(s), using lib/ and infra/; a module reaches another module only
// through that module's service.ts or index.ts, so its other files stay free to change; lib/ is
// shared by every module and so imports none.
const apiLibZone = (src) => ({
  target: `${src}/lib`,
  from: `${src}/modules`,
  message: 'lib/ is shared by every module: it may not import a module (move the piece to lib/ or infra/).',
});

function apiModuleZones(src) {
  const at = (name) => `${ROOT}/${src}/${name}`;
  const zones = [];
  for (const mod of folderNames(`${src}/modules`)) {
    zones.push(
      {
        target: `${src}/modules/${mod}/routes.ts`,
        from: at('**'),
        except: [at(`modules/${mod}/**`), at('lib/**'), at('infra/**')],
        message: `A route imports only its own module (modules/${mod}), lib/ and infra/: other modules are reached through its service.`,
      },
      {
        target: `${src}/modules/${mod}/**`,
        from: at('modules/*/**'),
        except: [at(`modules/${mod}/**`), at('modules/*/service.ts'), at('modules/*/index.ts')],
        message: `Reach another module only through its service.ts or index.ts, not its internal files (in modules/${mod}).`,
      },
    );
  }
  return zones;
}

// Between the workspaces: the API and the web app share code only through packages/domain.
const workspaceZones = [
  {
    target: 'apps/api',
    from: 'apps/web',
    message: 'The API may not import the web app; shared rules and types live in packages/domain.',
  },
  {
    target: 'apps/web',
    from: 'apps/api',
    message: 'The web app may not import the API server; shared rules and types live in packages/domain.',
  },
  {
    target: 'packages/domain',
    from: 'apps',
    message: 'packages/domain is pure: it may not import anything from apps/.',
  },
];

const layerZones = [...WEB_SRC_ROOTS.flatMap(webZones), ...API_SRC_ROOTS.map(apiLibZone), ...API_SRC_ROOTS.flatMap(apiModuleZones)];

const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'bench/**'];

// Source whose shape is held to a size: files of at most 400 lines (one job per file) and functions
// of at most 80 (named steps). A longer function that reads better whole says why in its disable
// comment. The web app's src/ joins once its components are split.
const SHAPED_FILES = [
  'apps/api/src/**/*.ts',
  'packages/domain/src/**/*.ts',
  'apps/web/scripts/**/*.{ts,mjs}',
  'apps/web/src/**/*.{ts,tsx}',
  'bench/*.ts',
  'scripts/lint-fixtures/api/src/**/*.ts',
];
const SHAPED_EXCEPT = ['**/*.test.{ts,tsx}', '**/test/**'];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-ssr/',
    '**/data/',
    '**/test-results/',
    '**/playwright-report/',
    'bench/results/',
    // npm run release, npm run backup.
    'release/',
    'backups/',
    // Broken on purpose; their test lints them with this config (scripts/lint-fixtures/lint-rules.test.ts).
    'scripts/lint-fixtures/web/',
    'scripts/lint-fixtures/api/',
    'scripts/lint-fixtures/domain/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, '@eslint-community/eslint-comments': eslintComments },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
          conditionNames: ['import', 'module', 'default'],
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A rule switched off in place says why, so the exception can be judged later.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...layerZones, ...workspaceZones] }],
      // The code strips control characters from user input on purpose (exports, PDFs, validation);
      // that is all this rule finds here.
      'no-control-regex': 'off',
      // Arguments and catch variables named with a leading underscore are deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'scripts/lint-fixtures/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...reactHooks.configs.flat.recommended.plugins, ...jsxA11y.flatConfigs.recommended.plugins },
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      // Two React Compiler checks flag patterns that work (a form reset when a modal opens, the
      // latest-callback ref): shown as warnings to review, not failures.
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/refs': 'warn',
    },
  },
  {
    files: SHAPED_FILES,
    ignores: SHAPED_EXCEPT,
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    // The drizzle schema is one table list that the migrations are generated from.
    files: ['apps/api/src/db/schema.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    // packages/domain runs in the browser too: no Node.js built-ins.
    files: ['packages/domain/src/**', 'scripts/lint-fixtures/domain/src/**'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    // Tests render whole pages with the app's providers and reach into the files they test: the
    // layer and feature rules are for the shipped code. Cycles and the workspace rules still apply.
    files: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: workspaceZones }],
      '@typescript-eslint/no-explicit-any': 'off',
      // Small hand-written CSV parsers in tests use comma sequences (`row.push(cell), (cell = '')`).
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    // Plain scripts the web app serves as they are (public/boot.js).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
