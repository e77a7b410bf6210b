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
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailContract>;

/** GET /api/admin/mails */
export const outboxMailsContract = totalAnswer('mails', outboxMailContract);
export type OutboxMails = z.infer<typeof outboxMailsContract>;

/** GET /api/health */
export const healthContract = z.object({ status: z.literal('ok'), database: z.string() });
export type Health = z.infer<typeof healthContract>;
