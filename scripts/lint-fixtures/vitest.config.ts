import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The lint-rule test runs on its own (scripts/test.sh, lint part): it lints files, it tests no shop code.
export default defineConfig({
  test: {
    name: 'lint',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
