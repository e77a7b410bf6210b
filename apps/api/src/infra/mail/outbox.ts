import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/index.ts';
import { mailOutbox } from '../../db/schema.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Reply-To header: where an answer goes when it is not the sender. */
  replyTo?: string;
  attachments?: MailAttachment[];
}

// Password-reset links are a key to the account. Once their mail has left (sent, kept without SMTP,
// or given up) the stored copy has no use for them, so the worker replaces them; the admin's mail
// view also redacts on read, so a mail still waiting never shows a live link either. The marker is
// the link itself (`/reset/<token>`), so no extra column is needed and every mail that carries one
// is covered, whoever queued it.
const RESET_LINK = /(?:https?:\/\/[^\s"'<>]*)?\/reset\/[A-Za-z0-9_-]{16,}/g;
const RESET_LINK_SQL = `(https?://[^[:space:]"'<>]*)?/reset/[A-Za-z0-9_-]{16,}`;
export const REDACTED_LINK = '[verlopen link]';

/** The text with every password-reset link replaced by '[verlopen link]'. */
export const redactSecrets = (s: string): string => s.replace(RESET_LINK, REDACTED_LINK);

/** Redacts the stored copies of mails that are done (sent, kept or failed); returns how many. */
export async function redactDoneMails(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      text: sql`regexp_replace(${mailOutbox.text}, ${RESET_LINK_SQL}, ${REDACTED_LINK}, 'g')`,
      html: sql`regexp_replace(${mailOutbox.html}, ${RESET_LINK_SQL}, ${REDACTED_LINK}, 'g')`,
    })
    .where(and(inArray(mailOutbox.status, ['sent', 'kept', 'failed']), sql`${mailOutbox.text} ~ ${RESET_LINK_SQL}`))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Writes a mail into the outbox; pass the transaction that makes the change the mail is about. */
/**
 * Mails with one of these subjects queued to this address (any case) in the last hour: the limit on
 * confirmations a form may send to an address someone else typed in.
 */
export async function mailsToInLastHour(db: DbOrTx, email: string, subjects: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(sql`lower(${mailOutbox.to})`, email.toLowerCase()),
        inArray(mailOutbox.subject, subjects),
        gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A mail's outbox row (queueMail's; the order writes it inside its own statement). */
export const outboxRow = (mail: OutgoingMail) => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  replyTo: mail.replyTo,
  attachments: mail.attachments ?? [],
});

export async function queueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(outboxRow(mail));
}

const MAX_ATTEMPTS = 8;

/** The part of a logger the worker needs (Fastify's logger, whose lines are scrubbed). */
interface MailLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

const BATCH = 20;

/** Claims up to BATCH due mails (built and prepared once: a busy shop kicks the worker per order). */
const claimQuery = (db: Db) => {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + interval '5 minutes'`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning()
    .prepare('mail_claim');
};

/** Sends one claimed mail; on failure it waits its backoff, or fails for good after MAX_ATTEMPTS. */
async function sendMail(db: Db, transport: Transporter, row: OutboxRow, opts: { from: string; log?: MailLog }): Promise<void> {
  // Once a mail is done, its stored copy keeps no reset link (see RESET_LINK).
  const done = { text: redactSecrets(row.text), html: row.html === null ? null : redactSecrets(row.html) };
  try {
    await transport.sendMail({
      from: opts.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      replyTo: row.replyTo ?? undefined,
      attachments: (row.attachments as MailAttachment[]).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content, 'base64'),
      })),
    });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...done })
      .where(inArray(mailOutbox.id, [row.id]));
  } catch (err) {
    const failed = row.attempts >= MAX_ATTEMPTS;
    const backoffSeconds = Math.min(3600, 15 * 2 ** row.attempts);
    const error = String((err as Error).message ?? err).slice(0, 500);
    // The mail's id and the server's answer; never its body or its recipient (the logger
    // also scrubs e-mail addresses out of the server's answer).
    const line = { mailId: row.id, attempt: row.attempts, smtpError: error };
    if (failed) opts.log?.error(line, "mail failed for good: the admin's mail list can send it again");
    else opts.log?.warn({ ...line, retryInSeconds: backoffSeconds }, 'mail not sent, will retry');
    await db
      .update(mailOutbox)
      .set({
        status: failed ? 'failed' : 'pending',
        ...(failed ? done : {}),
        lastError: error,
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
      })
      .where(inArray(mailOutbox.id, [row.id]));
  }
}

/**
 * Without SMTP the mails stay readable in the admin area, without live reset links (see RESET_LINK):
 * one update for the batch, and one more per mail whose stored copy the redaction changes.
 */
async function keep(db: Db, batch: OutboxRow[]) {
  const asIs: number[] = [];
  for (const row of batch) {
    const done = { text: redactSecrets(row.text), html: row.html === null ? null : redactSecrets(row.html) };
    if (done.text === row.text && done.html === row.html) asIs.push(row.id);
    else
      await db
        .update(mailOutbox)
        .set({ status: 'kept', ...done })
        .where(eq(mailOutbox.id, row.id));
  }
  if (asIs.length) await db.update(mailOutbox).set({ status: 'kept' }).where(inArray(mailOutbox.id, asIs));
}

/**
 * 'Opnieuw versturen': a failed mail (or one waiting for its next attempt) goes back in the queue
 * with a fresh set of attempts. False when there is no such mail.
 */
async function requeue(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'pending'])))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/**
 * Sends what the outbox holds. Rows are claimed with SKIP LOCKED so several API processes can run
 * a worker each; a claimed row that is not finished within five minutes is picked up again.
 */
export function createMailWorker(db: Db, opts: { smtpUrl?: string; from: string; intervalMs?: number; log?: MailLog }) {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;

  let claimStatement: ReturnType<typeof claimQuery> | undefined;
  const claim = () => (claimStatement ??= claimQuery(db)).execute();

  async function runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return handled;
      if (!transport) {
        await keep(db, batch);
        handled += batch.length;
      } else {
        for (const row of batch) {
          handled++;
          await sendMail(db, transport, row, opts);
        }
      }
      // A short batch took everything due; a mail queued since then kicks another run.
      if (batch.length < BATCH) return handled;
    }
  }

  /** Runs the worker now; concurrent calls share the run and trigger one more pass after it. */
  function kick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((err: unknown) => {
        // The database went away mid-run: the mails stay in the outbox and the next run takes them.
        opts.log?.error({ err }, 'mail worker run failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  /** 'Opnieuw versturen', tried at once. False when there is no such mail to retry. */
  async function retry(id: number): Promise<boolean> {
    const requeued = await requeue(db, id);
    if (requeued) void kick();
    return requeued;
  }

  return {
    kick,
    retry,
    start() {
      // Mails stored before links were redacted after sending: clean them once per start.
      void redactDoneMails(db).catch(() => 0);
      timer ??= setInterval(() => void kick(), opts.intervalMs ?? 2000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      transport?.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
