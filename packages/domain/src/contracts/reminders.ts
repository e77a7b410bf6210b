import { z } from 'zod';
import { orderRefFields, statusAnswer } from './common.ts';
import { orderLogEntryContract } from './orders.ts';

// Document and payment reminders of an order (admin).

export const reminderStepContract = z.object({
  /** order_logs.type: 1-4 documents, 6-10 payments */
  type: z.number(),
  label: z.string(),
  sent_count: z.number(),
  last_sent_at: z.string().nullable(),
  last_sent_by: z.string().nullable(),
});
export type ReminderStep = z.infer<typeof reminderStepContract>;

export const reminderKindContract = z.object({
  steps: z.array(reminderStepContract),
  /** The step to offer next (after the last one sent); null after the last step. */
  next: z.number().nullable(),
  /** Whether a reminder of this kind can be sent now; `reason` says why not. */
  allowed: z.boolean(),
  reason: z.string().optional(),
});
export type ReminderKind = z.infer<typeof reminderKindContract>;

/** A reminder's log row: the order log's row. */
export const orderLogRowContract = orderLogEntryContract;
export type OrderLogRow = z.infer<typeof orderLogRowContract>;

/** GET /api/order/{id}/reminders */
export const orderRemindersContract = z.object({
  ...orderRefFields,
  status: z.number(),
  email: z.string(),
  documents: reminderKindContract.extend({ missing_guests: z.array(z.string()), trip_start: z.string().nullable() }),
  payments: reminderKindContract.extend({ amount_open: z.number(), deadline: z.string().nullable() }),
  /** Reminder log rows (types 1-10), newest first. */
  logs: z.array(orderLogRowContract),
  /** The scheduler's steps: 'payment' or 'documents', days before, 'sent' or 'skipped'. */
  scheduled: z.array(z.object({ kind: z.string(), days_before: z.number(), status: z.string(), created_at: z.string() })),
});
export type OrderReminders = z.infer<typeof orderRemindersContract>;

/** POST /api/order/remind/documents */
export const documentReminderSentContract = statusAnswer.extend({ order_id: z.number(), type: z.number() });
export type DocumentReminderSent = z.infer<typeof documentReminderSentContract>;

/** POST /api/order/remind/payments: one entry per order (log types 6-10). */
export const paymentRemindersSentContract = statusAnswer.extend({ sent: z.array(z.object({ order_id: z.number(), type: z.number() })) });
export type PaymentRemindersSent = z.infer<typeof paymentRemindersSentContract>;
