// `npm run migrate`: applies the committed migrations and exits (no demo data). The server also
// migrates at start; both take the same lock (a PostgreSQL advisory lock, PGlite's lock file), so
// this may run while other processes start. Use it before starting a new version (docs/DEPLOY.md).
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseInUseError, openDatabase, pendingMigrations } from '../db/index.ts';

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const pending = await pendingMigrations(database.db);
    console.log(pending === 0 ? `Migrations applied: the ${database.kind} database is up to date.` : `${pending} migrations still pending.`);
    if (pending) process.exitCode = 1;
  } finally {
    await database.close();
  }
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof DatabaseInUseError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
