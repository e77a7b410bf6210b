import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import { E2E_PORT, E2E_SMTP_PORT } from './playwright.config.ts';
import type { StoredMail } from './support/mail.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));

/** A real SMTP server on E2E_SMTP_PORT that writes every mail it receives as JSON into mailDir. */
async function startSmtp(mailDir: string): Promise<SMTPServer> {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate needed, and nodemailer would otherwise try STARTTLS.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const stored: StoredMail = {
            to: [...new Set([...envelope, ...addresses(mail.to)])],
            from: addresses(mail.from)[0] ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
            receivedAt: new Date().toISOString(),
          };
          const name = `${Date.now()}-${String(++n).padStart(4, '0')}.json`;
          // Written under a temporary name first so a reader never sees half a mail.
          writeFileSync(path.join(mailDir, `.${name}`), JSON.stringify(stored, null, 2));
          renameSync(path.join(mailDir, `.${name}`), path.join(mailDir, name));
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return server;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await healthy(url)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  let log = '';
  try {
    log = readFileSync(logFile, 'utf8').slice(-4000);
  } catch {
    /* no log yet */
  }
  throw new Error(`The app did not answer on ${url} (exit code ${child.exitCode}). Its log:\n${log}`);
}

export default async function globalSetup(_config: FullConfig) {
  const healthUrl = `http://127.0.0.1:${E2E_PORT}/api/health`;
  if (await healthy(healthUrl)) {
    throw new Error(`Port ${E2E_PORT} is already serving something: stop it or set E2E_PORT.`);
  }
  const builtWeb = path.join(ROOT, 'apps/web/dist');
  if (!existsSync(path.join(builtWeb, 'index.html'))) {
    throw new Error('apps/web/dist is missing: build the web app first (npm run build)');
  }
  const work = mkdtempSync(path.join(tmpdir(), 'umrah-e2e-'));
  const mailDir = path.join(work, 'mails');
  const dataDir = path.join(work, 'data');
  const logFile = path.join(work, 'app.log');
  // The app serves a copy of the web build, so a rebuild during the run cannot pull files away.
  const webDist = path.join(work, 'web');
  cpSync(builtWeb, webDist, { recursive: true });
  // The server render of the public pages (apps/web dist-ssr), looked up next to the web build.
  const builtSsr = path.join(ROOT, 'apps/web/dist-ssr');
  if (existsSync(builtSsr)) {
    cpSync(builtSsr, path.join(work, 'dist-ssr'), { recursive: true });
    // Its packages (react, mantine, …) are imported from node_modules, found from the copy's folder.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  }
  mkdirSync(mailDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });

  const smtp = await startSmtp(mailDir);

  const log = createWriteStream(logFile);
  // node --import tsx keeps the server in one process, so stopping it needs no process-group tricks.
  const app = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(E2E_PORT),
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: webDist,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      // The suite logs in and registers far more often than a person would.
      RATE_LIMIT_FACTOR: '50',
      // The demo customer places many unpaid orders across the suite (the bounds: apps/api/test/money.test.ts).
      UNPAID_ROOMS_PER_ACCOUNT: '1000',
      UNPAID_PLACES_PER_TRIP: '4000',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      CHAT_URL: 'https://chat.example/start?text={text}',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout!.pipe(log);
  app.stderr!.pipe(log);

  const stop = async () => {
    if (app.exitCode === null) {
      const exited = new Promise((r) => app.once('exit', r));
      app.kill('SIGTERM');
      const timer = setTimeout(() => app.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((r) => smtp.close(() => r()));
    if (!process.env.E2E_KEEP) rmSync(work, { recursive: true, force: true });
  };

  try {
    // First start migrates and seeds a fresh PGlite: allow for a slow, shared machine.
    await waitForHealth(healthUrl, app, logFile, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }

  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_WORK_DIR = work;
  // Playwright calls the returned function as the global teardown.
  return stop;
}
