import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Secrets a development or test run makes for itself, so it starts without any configuration.

/** Development secrets are made once and kept in the data folder, so tokens survive a restart. */
export function devSecrets(dataDir: string): { jwt: string; altcha: string } {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { jwt: randomBytes(48).toString('base64url'), altcha: randomBytes(32).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The development visa key, made once in the data folder like the other development secrets. */
export function devVisaKey(dataDir: string): string {
  const file = path.join(dataDir, 'dev-visa-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process (a parallel test file) made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
