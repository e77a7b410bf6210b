import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A mail as the test SMTP server stored it (see global-setup.ts). */
export interface StoredMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
  receivedAt: string;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

/** Every mail received so far for this address, oldest first. */
export function mailsFor(address: string): StoredMail[] {
  const dir = mailDir();
  const want = address.toLowerCase();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredMail)
    .filter((m) => m.to.includes(want));
}

/**
 * Waits until a mail for this address arrives whose subject matches, and returns the newest one.
 * `after` skips mails that were already there (pass the count from an earlier `mailsFor`).
 */
export async function waitForMail(
  address: string,
  opts: { subject?: string | RegExp; after?: number; timeoutMs?: number } = {},
): Promise<StoredMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  const matches = (m: StoredMail) =>
    opts.subject === undefined || (typeof opts.subject === 'string' ? m.subject === opts.subject : opts.subject.test(m.subject));
  for (;;) {
    const found = mailsFor(address)
      .slice(opts.after ?? 0)
      .filter(matches);
    const last = found.at(-1);
    if (last) return last;
    if (Date.now() > deadline) {
      const seen = mailsFor(address).map((m) => m.subject);
      throw new Error(`No mail ${opts.subject ?? ''} for ${address} arrived in time (seen: ${JSON.stringify(seen)})`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in a mail's text that starts with the given prefix. */
export function linkIn(mail: StoredMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = mail.text.match(new RegExp(`${escaped}[^\\s"'<>]+`));
  if (!m) throw new Error(`No link starting with ${prefix} in mail '${mail.subject}':\n${mail.text}`);
  return m[0];
}
