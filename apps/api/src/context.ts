import type { AppConfig } from './config.ts';
import type { Db } from './db/index.ts';
import type { Captcha } from './infra/captcha/index.ts';
import type { EventBus } from './infra/events/index.ts';
import type { Sealer } from './infra/crypto/index.ts';
import type { MailWorker } from './infra/mail/outbox.ts';
import type { FileStore } from './infra/storage/index.ts';
import type { TokenService } from './lib/tokens.ts';

/** What services need from the outside world, built once per app. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  tokens: TokenService;
  captcha: Captcha;
  mail: MailWorker;
  /** Change notices to the other API processes (catalog cache). */
  events: EventBus;
  /** Seals passport data and photos (AES-256-GCM). */
  sealer: Sealer;
  files: FileStore;
}
