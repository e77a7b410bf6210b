import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { MAIL_MESSAGES } from '../src/modules/system/service.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp } from './helpers.ts';
import { startSmtpServer } from './smtp.ts';

// A mail the mail server refuses never disappears: each refusal is logged (without the mail's body or
// recipient), the admin sees the mail as failed with the server's answer and the number waiting and
// failed, and 'Opnieuw versturen' sends it once the server takes mail again. With the real SMTP server.

const REFUSAL = '4.3.2 Mailserver tijdelijk buiten dienst';

describe('a mail the SMTP server refuses', () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin = '';
  let log = '';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const logStream = new PassThrough();
    logStream.on('data', (d) => (log += d));
    app = await createTestApp({ smtpUrl: smtp.url, logLevel: 'info' }, { logStream });
    admin = await adminToken(app);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const mailRow = async (id: number) => (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const listed = async () => (await app.inject({ method: 'GET', url: '/api/admin/mails?pageSize=100', headers: auth(admin) })).json();

  it('is retried with backoff, then shown as failed with the error, and sent again on request', async () => {
    smtp.refuse(REFUSAL);
    const res = await app.inject({ method: 'POST', url: '/api/reset_pw_request', payload: { email: DEMO_ACCOUNTS.customer.email } });
    expect(res.statusCode).toBe(200);
    const [queued] = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Wachtwoord opnieuw instellen'))
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    const id = queued!.id;

    // The first refusal: still waiting, with the server's answer and a later attempt planned.
    await app.ctx.mail.kick();
    let row = await mailRow(id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toContain(REFUSAL);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    let list = await listed();
    expect(list.waiting).toBeGreaterThanOrEqual(1);
    expect(list.mails.find((m: { id: number }) => m.id === id)).toMatchObject({ status: 'pending', last_error: expect.stringContaining(REFUSAL) });

    // Every later attempt is refused too (the backoff is skipped by making each attempt due now).
    for (let i = 0; i < 12 && row.status !== 'failed'; i++) {
      await app.ctx.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, id));
      await app.ctx.mail.kick();
      row = await mailRow(id);
    }
    expect(row.status).toBe('failed');
    expect(smtp.mails).toHaveLength(0);

    list = await listed();
    expect(list.failed).toBe(1);
    expect(list.mails.find((m: { id: number }) => m.id === id)).toMatchObject({ status: 'failed', last_error: expect.stringContaining(REFUSAL) });

    // Each refusal is in the log with the mail's id and the server's answer, never its recipient or body.
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const mailLines = lines.filter((l) => l.mailId === id);
    expect(mailLines.length).toBeGreaterThanOrEqual(8);
    expect(mailLines.at(-1)).toMatchObject({ level: 50, smtpError: expect.stringContaining(REFUSAL) });
    expect(mailLines.slice(0, -1).every((l) => l.level === 40 && l.retryInSeconds > 0)).toBe(true);
    expect(log).not.toContain(DEMO_ACCOUNTS.customer.email);
    expect(log).not.toContain('/reset/');

    // The server is back: 'Opnieuw versturen' delivers it.
    smtp.refuse(null);
    const retry = await app.inject({ method: 'POST', url: `/api/admin/mails/${id}/retry`, headers: auth(admin) });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).toBe(MAIL_MESSAGES.requeued);
    const received = await smtp.waitFor(DEMO_ACCOUNTS.customer.email, 'Wachtwoord opnieuw instellen', () => app.ctx.mail.kick());
    expect(received.subject).toBe('Wachtwoord opnieuw instellen');
    await expect.poll(async () => (await mailRow(id)).status).toBe('sent');
    list = await listed();
    expect(list.failed).toBe(0);
    expect(smtp.mails).toHaveLength(1);

    // A sent mail is not sent twice; an unknown one is a 404; only the admin may ask.
    const again = await app.inject({ method: 'POST', url: `/api/admin/mails/${id}/retry`, headers: auth(admin) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MAIL_MESSAGES.notRetryable);
    const unknown = await app.inject({ method: 'POST', url: '/api/admin/mails/999999/retry', headers: auth(admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MAIL_MESSAGES.notFound);
    expect((await app.inject({ method: 'POST', url: `/api/admin/mails/${id}/retry` })).statusCode).toBe(401);
  });
});
