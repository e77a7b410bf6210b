import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pendingMigrations } from '../../db/index.ts';
import { mailOutbox } from '../../db/schema.ts';
import { redactSecrets } from '../../infra/mail/outbox.ts';
import { AppError } from '../../lib/errors.ts';

export const MAIL_MESSAGES = {
  requeued: 'De mail staat weer in de wachtrij en wordt nu verstuurd.',
  notFound: 'Deze mail bestaat niet.',
  notRetryable: 'Deze mail is al verstuurd of wordt nu verstuurd.',
} as const;

/** One page of the outbox, newest first, with the counts of waiting and failed mails. */
export async function listMails(ctx: Pick<AppContext, 'db'>, page: number, pageSize: number) {
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(mailOutbox),
  ]);
  const counts = await mailCounts(ctx);
  return {
    ...counts,
    mails: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      // Never a live reset link, also while the mail is still waiting to be sent.
      text: redactSecrets(m.text),
      status: m.status,
      attempts: m.attempts,
      last_error: m.lastError,
      next_attempt_at: m.nextAttemptAt.toISOString(),
      created_at: m.createdAt.toISOString(),
      sent_at: m.sentAt?.toISOString() ?? null,
    })),
    total: counted?.total ?? 0,
  };
}

/** How many mails wait to be sent (incl. those between attempts) and how many failed for good. */
export async function mailCounts(ctx: Pick<AppContext, 'db'>): Promise<{ waiting: number; failed: number }> {
  const rows = await ctx.db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
    .groupBy(mailOutbox.status);
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { waiting: n('pending') + n('sending'), failed: n('failed') };
}

/** 'Opnieuw versturen': 404 for an unknown mail, 409 for one that is sent (or being sent). */
export async function retryMail(ctx: Pick<AppContext, 'db' | 'mail'>, id: number): Promise<void> {
  if (await ctx.mail.retry(id)) return;
  const [row] = await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
  throw new AppError(row ? 409 : 404, row ? MAIL_MESSAGES.notRetryable : MAIL_MESSAGES.notFound);
}

/**
 * Readiness: the database answers within `timeoutMs` and has every committed migration. A pool
 * waiting for an unreachable server would otherwise hold the probe until the balancer gives up.
 */
export async function readiness(ctx: Pick<AppContext, 'db' | 'dbKind'>, timeoutMs = 2000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database did not answer in time')), timeoutMs);
  });
  try {
    const pending = await Promise.race([ctx.db.execute(sql`select 1`).then(() => pendingMigrations(ctx.db)), timeout]);
    return { ready: pending === 0, pending };
  } catch {
    return { ready: false, pending: null };
  } finally {
    clearTimeout(timer);
  }
}
