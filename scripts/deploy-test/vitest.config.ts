import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The deployment test runs on its own (scripts/test.sh, 'deploy' part): it builds a release and runs
// it behind Caddy on PostgreSQL, as docs/DEPLOY.md says.
export default defineConfig({
  test: {
    name: 'deploy',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // The release build (web app, API, npm ci --omit=dev) is part of the set-up.
    hookTimeout: 600_000,
  },
});
