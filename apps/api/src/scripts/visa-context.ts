import { loadConfig, type AppConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { createSealer } from '../infra/crypto/index.ts';
import { createFileStore } from '../infra/storage/index.ts';

/**
 * What the visa commands need, without the HTTP server: the same configuration, database, key and
 * file store. With embedded PGlite the server must be stopped first (PGlite allows one process).
 */
export async function openVisaContext(config: AppConfig = loadConfig()) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  return {
    ctx: {
      config,
      db: database.db,
      dbKind: database.kind,
      sealer: createSealer(config.visaEncryptionKey, config.visaPreviousKeys),
      files: createFileStore(config.fileStore),
    },
    close: () => database.close(),
  };
}
