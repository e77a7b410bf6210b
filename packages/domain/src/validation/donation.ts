import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idField } from './common.ts';
import { eurosToCents, formatEuro } from '../money.ts';

// The donation of docs/RULES.md, 'Validation': required, above 0, not above what the goal still needs.

export const DONATION_MSG = {
  amount: 'Bedrag is verplicht!',
  amountMin: 'Bedrag moet boven 0 zijn',
  /** The amount left is shown as a price, e.g. 'Bedrag moet lager zijn dan € 4.750,-'. */
  above: (remainingCents: number) => `Bedrag moet lager zijn dan ${formatEuro(remainingCents)}`,
  unknownFund: 'Dit doel bestaat niet.',
  inactiveFund: 'Dit doel is niet meer actief.',
  goalReached: 'Het doelbedrag van dit doel is al bereikt.',
  tooLarge: 'Bedrag is te hoog.',
} as const;

/** What the goal still needs, never below 0 (goal and funded in cents). */
export const remainingGoal = (goalCents: number, fundedCents: number) => Math.max(0, goalCents - fundedCents);

/** The message for a donation of `amountCents` when `remainingCents` is left, or null when it is fine. */
export function donationProblem(amountCents: number, remainingCents: number): string | null {
  if (!Number.isFinite(amountCents)) return DONATION_MSG.amount;
  if (amountCents <= 0) return DONATION_MSG.amountMin;
  if (remainingCents <= 0) return DONATION_MSG.goalReached;
  if (amountCents > remainingCents) return DONATION_MSG.above(remainingCents);
  return null;
}

/** A donation amount in cents as the order payload carries it (`funding_amount`). */
export const fundingAmountField = z
  .number({ error: DONATION_MSG.amount })
  .int({ error: 'Bedrag moet in centen (een heel getal) worden opgegeven.' })
  .positive({ error: DONATION_MSG.amountMin })
  .max(100_000_000, { error: DONATION_MSG.tooLarge });

/** One donation of the order payload: the crowdfund's id and the amount in cents. */
export const crowdfundEntrySchema = z.object(
  {
    funding_id: idField(DONATION_MSG.unknownFund),
    funding_amount: fundingAmountField,
  },
  { error: MSG.invalidInput },
);
export type CrowdfundEntry = z.infer<typeof crowdfundEntrySchema>;

/**
 * The donation form: the amount in euros as typed, checked against what the goal still needs
 * (`remainingCents`, from the crowdfund's goal minus what is funded so far).
 */
export const donationFormSchema = (remainingCents: number) =>
  z.object({
    amount: z.number({ error: DONATION_MSG.amount }).superRefine((euros, ctx) => {
      const problem = donationProblem(eurosToCents(euros), remainingCents);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
export type DonationFormValues = z.infer<ReturnType<typeof donationFormSchema>>;
