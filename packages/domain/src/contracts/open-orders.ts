import { z } from 'zod';
import { orderMoneyFields, statusAnswer } from './common.ts';

// The dashboard's 'Openstaand' view (docs/OFFICE.md). Money in cents.

export const openOrderContract = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.number(),
  customer: z.object({ name: z.string(), email: z.string() }),
  /** The trip's departure ('YYYY-MM-DD') and its product's label; null for an order without a trip. */
  trip_start: z.string().nullable(),
  trip_label: z.string().nullable(),
  /** The earliest payment deadline of the order's trip products. */
  deadline: z.string().nullable(),
  ...orderMoneyFields,
  /** The last payment reminder sent (log types 6-10), or null. */
  last_reminder: z.object({ type: z.number(), label: z.string(), created_at: z.string() }).nullable(),
});
export type OpenOrder = z.infer<typeof openOrderContract>;

/** GET /api/admin/orders/open */
export const openOrdersContract = z.object({
  orders: z.array(openOrderContract),
  /** Over every matching order, also those past the shown limit. */
  totals: z.object({ orders: z.number(), ...orderMoneyFields }),
  /** True when more orders match than are listed (the export holds them all). */
  truncated: z.boolean(),
  /** The trips that have open orders, for the trip filter. */
  trips: z.array(z.object({ start_date: z.string(), label: z.string(), orders: z.number() })),
});
export type OpenOrders = z.infer<typeof openOrdersContract>;

/** POST /api/admin/orders/open/remind */
export const openRemindedContract = statusAnswer.extend({
  sent: z.array(z.object({ order_id: z.number(), type: z.number() })),
  skipped: z.array(z.object({ order_id: z.number(), reason: z.string() })),
});
export type OpenReminded = z.infer<typeof openRemindedContract>;
