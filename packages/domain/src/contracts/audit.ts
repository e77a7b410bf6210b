import { z } from 'zod';
import { flexContract, pagedAnswer } from './common.ts';

/** One row of the audit log: who (and the admin behind a 'log in as' session), when, what, before and after. */
export const auditEntryContract = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_user_id: z.number().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_user_id: z.number().nullable(),
  details: flexContract,
});
export type AuditEntry = z.infer<typeof auditEntryContract>;

/** GET /api/admin/audit: newest first, paged. */
export const auditPageContract = pagedAnswer('entries', auditEntryContract);
export type AuditPage = z.infer<typeof auditPageContract>;
