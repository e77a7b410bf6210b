import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idField } from './common.ts';
import { tripDate } from './trips.ts';

// The dashboard's 'Openstaand' view (docs/OFFICE.md): every order with an amount open (leads, pending and
// down-paid orders), filtered and sorted, with its totals, as a list, XLSX or CSV; and the payment
// reminder to a selection of them at once.

export const OPEN_MSG = {
  status: 'Kies een status met een openstaand bedrag.',
  within: 'Aantal dagen moet een heel getal van 0 tot en met 365 zijn.',
  sort: 'Ongeldige sortering.',
  orders: 'Kies minimaal één bestelling.',
  tooMany: (max: number) => `Te veel bestellingen tegelijk (maximaal ${max}).`,
  step: 'Kies een geldige herinnering.',
  /** Why an order of the selection got no reminder. */
  skippedPaid: (nr: string) => `${nr} overgeslagen: er staat niets meer open.`,
  skippedNotPayable: (nr: string) => `${nr} overgeslagen: de bestelling kan niet (meer) worden betaald.`,
  skippedNotFound: (nr: string) => `${nr} overgeslagen: de bestelling bestaat niet.`,
  sent: (n: number, skipped: number) =>
    `${n === 1 ? '1 herinnering is' : `${n} herinneringen zijn`} verstuurd${skipped ? `, ${skipped} overgeslagen` : ''}.`,
} as const;

/** The statuses whose orders can still be paid: LEAD (1), PENDING (0) and DOWN_PAYMENT (8). */
export const OPEN_STATUSES = [1, 0, 8] as const;

export const OPEN_SORTS = ['open', 'deadline', 'departure'] as const;
export type OpenSort = (typeof OPEN_SORTS)[number];

/** GET /api/admin/orders/open (and .xlsx / .csv): the filters and the order of the list. */
export const openOrdersQuerySchema = z.object(
  {
    trip: tripDate().optional(),
    status: z.coerce
      .number({ error: OPEN_MSG.status })
      .refine((n) => (OPEN_STATUSES as readonly number[]).includes(n), { error: OPEN_MSG.status })
      .optional(),
    within: z.coerce
      .number({ error: OPEN_MSG.within })
      .int({ error: OPEN_MSG.within })
      .min(0, { error: OPEN_MSG.within })
      .max(365, { error: OPEN_MSG.within })
      .optional(),
    sort: z.enum(OPEN_SORTS, { error: OPEN_MSG.sort }).default('deadline'),
    dir: z.enum(['asc', 'desc'], { error: OPEN_MSG.sort }).default('asc'),
  },
  { error: MSG.invalidInput },
);
export type OpenOrdersQuery = z.output<typeof openOrdersQuerySchema>;
export type OpenOrdersFilter = z.input<typeof openOrdersQuerySchema>;

/** Orders per reminder request: the web sends a large selection in parts and shows the progress. */
export const OPEN_REMIND_MAX = 25;

/** POST /api/admin/orders/open/remind: one payment reminder step (amount_sent 0-4, as POST order/remind/payments) to each order. */
export const openRemindSchema = z.object(
  {
    orders: z
      .array(idField(), { error: OPEN_MSG.orders })
      .min(1, { error: OPEN_MSG.orders })
      .max(OPEN_REMIND_MAX, { error: OPEN_MSG.tooMany(OPEN_REMIND_MAX) }),
    amount_sent: z.literal([0, 1, 2, 3, 4], { error: OPEN_MSG.step }),
  },
  { error: MSG.invalidInput },
);
export type OpenRemindInput = z.input<typeof openRemindSchema>;
