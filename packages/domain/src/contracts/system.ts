import { z } from 'zod';
import { totalAnswer } from './common.ts';

/** GET /api/config: the public settings the web app needs (the chat widget's link; null hides it). */
export const publicConfigContract = z.object({ chat_url: z.string().nullable() });
export type PublicConfig = z.infer<typeof publicConfigContract>;

/** A mail of the outbox, as the admin's mail log shows it. */
export const outboxMailContract = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  attempts: z.number(),
  /** The mail server's last refusal (kept after a later success is cleared). */
  last_error: z.string().nullable(),
  /** When the worker tries again (pending mails). */
  next_attempt_at: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailContract>;

/** GET /api/admin/mails: a page of mails, and how many wait to be sent or failed (the dashboard's count). */
export const outboxMailsContract = totalAnswer('mails', outboxMailContract).extend({
  waiting: z.number(),
  failed: z.number(),
});
export type OutboxMails = z.infer<typeof outboxMailsContract>;

/** GET /api/health: liveness, the process answers (no database involved). */
export const healthContract = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthContract>;

/** GET /api/ready: 200 when the database answers and every migration is applied, else 503. */
export const readyContract = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.string(),
  pending_migrations: z.number().nullable(),
});
export type Ready = z.infer<typeof readyContract>;
