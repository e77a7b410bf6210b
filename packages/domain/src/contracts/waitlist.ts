import { z } from 'zod';
import { listAnswer, periodFields } from './common.ts';
import type { WaitlistAdminEntryDto, WaitlistEntryDto } from '../validation/waitlist.ts';

// The waiting list (docs/WAITLIST.md).
export type { WaitlistAdminEntryDto, WaitlistEntryDto };

export const waitlistEntryContract = z.object({
  id: z.number(),
  product_id: z.number(),
  trip_label: z.string(),
  ...periodFields,
  room_type: z.number(),
  type_class: z.number(),
  persons: z.number(),
  status: z.enum(['waiting', 'held', 'booked', 'lapsed']),
  place: z.number().nullable(),
  held_until: z.string().nullable(),
  order_id: z.number().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<WaitlistEntryDto>;

export const waitlistAdminEntryContract = waitlistEntryContract.extend({
  user_id: z.number(),
  email: z.string(),
  name: z.string(),
}) satisfies z.ZodType<WaitlistAdminEntryDto>;

/** POST /api/waitlist. */
export const waitlistJoinedContract = z.object({ status: z.literal('success'), message: z.string(), entry: waitlistEntryContract });
/** GET /api/waitlist. */
export const myWaitlistContract = listAnswer('entries', waitlistEntryContract);
/** GET /api/admin/trips/{start_date}/waitlist. */
export const tripWaitlistContract = listAnswer('entries', waitlistAdminEntryContract);
