import { z } from 'zod';
import { REQUEST_KINDS, REQUEST_STATUSES, type RequestDto } from '../validation/requests.ts';
import { flexContract, totalAnswer } from './common.ts';

// Requests from the forms (Morocco, 'Umrah op maat') and the admin's leads list.
export type { RequestDto };

/** POST /api/contact/individual_hadj, POST /api/contact/individual. */
export const sentAnswerContract = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** Set when the custom-trip request created the visitor's account. */
  token: z.string().nullable().optional(),
});
export type SentAnswer = z.infer<typeof sentAnswerContract>;

/** A stored request (PUT /api/admin/requests/{id} answers it). */
export const requestContract = z.object({
  id: z.number(),
  kind: z.enum(REQUEST_KINDS),
  email: z.string(),
  fields: flexContract,
  status: z.enum(REQUEST_STATUSES),
  note: z.string(),
  user_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<RequestDto>;

/** A row of the leads list: the request with the sender's name. */
export const leadRowContract = requestContract.extend({ name: z.string() });
export type LeadRow = z.infer<typeof leadRowContract>;

/** GET /api/admin/requests (note: `page_size`, not `pageSize`). */
export const leadsPageContract = totalAnswer('requests', leadRowContract).extend({ page: z.number(), page_size: z.number() });
export type LeadsPage = z.infer<typeof leadsPageContract>;
