import { z } from 'zod';
import type { CrowdfundDto } from '../validation/crowdfund.ts';
import { listAnswer, messageAnswer } from './common.ts';

export type { CrowdfundDto };

/** A crowdfund as the API serves it; every amount in cents (the type lives next to its request schemas). */
export const crowdfundContract = z.object({
  id: z.number(),
  label: z.string(),
  description: z.string(),
  goal_amount: z.number(),
  /** What live orders (not cancelled, declined or refunded) pledged so far. */
  funded_amount: z.number(),
  /** Goal minus funded, never below 0: the most a new donation may be. */
  remaining: z.number(),
  is_active: z.boolean(),
}) satisfies z.ZodType<CrowdfundDto>;

/** GET /api/crowdfunds, GET /api/admin/crowdfunds. */
export const crowdfundListContract = listAnswer('crowdfunds', crowdfundContract);
export type CrowdfundList = z.infer<typeof crowdfundListContract>;

/** POST /api/crowdfund (201). */
export const crowdfundCreatedContract = z.object({ success: z.literal(true), result: z.array(crowdfundContract) });
export type CrowdfundCreated = z.infer<typeof crowdfundCreatedContract>;

/** PUT /api/crowdfund/{id}. */
export const crowdfundSavedContract = messageAnswer.extend({ crowdfund: crowdfundContract });
export type CrowdfundSaved = z.infer<typeof crowdfundSavedContract>;
