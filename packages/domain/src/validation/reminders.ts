import { z } from 'zod';
import { DOCUMENT_REMINDER_STEPS, PAYMENT_REMINDER_STEPS } from '../enums.ts';
import { MSG } from '../messages.ts';
import { idField } from './common.ts';

// The admin's reminders to a customer (docs/RULES.md, 'Entities': log types): the step of a document reminder
// (1 request, 2 first, 3 second reminder, 4 cancellation) and of a payment reminder (0 request,
// 1-3 reminder, 4 cancellation).

const STEP_MSG = 'Kies een geldige herinnering.';

/** POST /api/order/remind/documents. */
export const documentReminderSchema = z.object(
  {
    order_id: idField(),
    type: z.literal(DOCUMENT_REMINDER_STEPS, { error: STEP_MSG }),
  },
  { error: MSG.invalidInput },
);
export type DocumentReminderInput = z.input<typeof documentReminderSchema>;

/** POST /api/order/remind/payments: one or more orders, all or nothing. */
export const paymentRemindersSchema = z.object(
  {
    orders: z
      .array(idField(), { error: MSG.invalidInput })
      .min(1, { error: 'Kies minimaal één bestelling.' })
      .max(100, { error: 'Te veel bestellingen tegelijk (maximaal 100).' }),
    amount_sent: z.literal(PAYMENT_REMINDER_STEPS, { error: STEP_MSG }),
  },
  { error: MSG.invalidInput },
);
export type PaymentRemindersInput = z.input<typeof paymentRemindersSchema>;
