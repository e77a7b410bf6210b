import { z } from 'zod';
import { MSG } from '../messages.ts';
import { requiredText, text } from './common.ts';

// Crowdfunds (docs/RULES.md, 'Entities: Crowdfund', 'Calls: GET crowdfunds; POST crowdfund; PUT crowdfund/{id}'):
// the admin body of POST /api/crowdfund and PUT /api/crowdfund/{id}, and the public list item.

const INVALID = MSG.invalidInput;

export const CROWDFUND_MSG = {
  label: 'Titel is verplicht!',
  goal: 'Doelbedrag is verplicht!',
  goalMin: 'Doelbedrag moet minimaal 0 zijn.',
  goalCents: 'Doelbedrag moet in centen (een heel getal) worden opgegeven.',
  goalTooLarge: 'Doelbedrag is te hoog.',
  tooLong: 'Deze tekst is te lang.',
  active: 'Actief moet ja of nee zijn.',
  notFound: 'Doel niet gevonden.',
  /** PUT answers this message (docs/RULES.md, 'Calls': success when message is UPDATED). */
  updated: 'UPDATED',
} as const;

/** Goal amounts are cents; 1 million euro is far above any goal and keeps sums in safe integers. */
export const MAX_GOAL_CENTS = 100_000_000;

const fields = {
  label: requiredText(CROWDFUND_MSG.label, 200),
  description: text(5000, 'Beschrijving'),
  goal_amount: z
    .number({ error: CROWDFUND_MSG.goal })
    .int({ error: CROWDFUND_MSG.goalCents })
    .min(0, { error: CROWDFUND_MSG.goalMin })
    .max(MAX_GOAL_CENTS, { error: CROWDFUND_MSG.goalTooLarge }),
  is_active: z.boolean({ error: CROWDFUND_MSG.active }),
};

/** POST /api/crowdfund: label and goal (cents) required; description empty and active unless given. */
export const crowdfundInputSchema = z.object(
  {
    label: fields.label,
    description: fields.description.default(''),
    goal_amount: fields.goal_amount,
    is_active: fields.is_active.default(true),
  },
  { error: INVALID },
);
export type CrowdfundInput = z.output<typeof crowdfundInputSchema>;

/** PUT /api/crowdfund/{id}: the fields to change, each checked like on create. */
export const crowdfundUpdateSchema = z.object(
  {
    label: fields.label.optional(),
    description: fields.description.optional(),
    goal_amount: fields.goal_amount.optional(),
    is_active: fields.is_active.optional(),
  },
  { error: INVALID },
);
export type CrowdfundUpdate = z.output<typeof crowdfundUpdateSchema>;

/** A crowdfund as the API serves it; every amount in cents. */
export interface CrowdfundDto {
  id: number;
  label: string;
  description: string;
  goal_amount: number;
  /** What live orders (not cancelled, declined or refunded) pledged so far. */
  funded_amount: number;
  /** Goal minus funded, never below 0: the most a new donation may be. */
  remaining: number;
  is_active: boolean;
}
