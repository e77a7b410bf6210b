import { z } from 'zod';
import { ARABIA_TIME_SLOTS, WEEK_DAYS } from './enums.ts';
import { LINE_KINDS } from './pricing-types.ts';

// The `flex` JSON column of each table as it is stored. Every key is optional (rows written before a
// key existed, and seeds, carry fewer) and unknown keys are kept (older rows carry more), so these
// describe the stored data without changing it. The readers still check the values they rely on.

const roomNumber = z.string().optional();

export const productStoredFlexSchema = z.looseObject({
  hotels: z.array(z.number()).optional(),
  bulletpoints: z.array(z.object({ label: z.string(), description: z.string() })).optional(),
  priority: z.number().optional(),
  type_class: z.number().optional(),
  extras: z.array(z.object({ label: z.string(), price: z.number() })).optional(),
  region: z.string().optional(),
});
export type ProductStoredFlex = z.infer<typeof productStoredFlexSchema>;

export const orderStoredFlexSchema = z.looseObject({
  pay_partly: z.boolean().optional(),
  discounts: z.array(z.string()).optional(),
  /** The lesson availabilities (spelled as the old shop did). */
  arabia_availibilities: z
    .array(z.object({ id: z.number(), days: z.array(z.enum(WEEK_DAYS)), times: z.array(z.enum(ARABIA_TIME_SLOTS)) }))
    .optional(),
  /** Written with the status CANCELLED. */
  cancelled_at: z.string().optional(),
});
export type OrderStoredFlex = z.infer<typeof orderStoredFlexSchema>;

export const roomStoredFlexSchema = z.looseObject({
  extras: z.array(z.string()).optional(),
  room_mekka: roomNumber,
  room_medina: roomNumber,
});
export type RoomStoredFlex = z.infer<typeof roomStoredFlexSchema>;

export const guestStoredFlexSchema = z.looseObject({ disabled: z.boolean().optional() });
export type GuestStoredFlex = z.infer<typeof guestStoredFlexSchema>;

export const orderLineStoredFlexSchema = z.looseObject({ kind: z.enum(LINE_KINDS).optional() });
export type OrderLineStoredFlex = z.infer<typeof orderLineStoredFlexSchema>;

export const transactionStoredFlexSchema = z.looseObject({
  /** The provider's checkout page, offered again for the same amount while it is pending. */
  paymentUrl: z.string().optional(),
  /** The random key of a quote payment's exchange URL. */
  exchange_key: z.string().optional(),
});
export type TransactionStoredFlex = z.infer<typeof transactionStoredFlexSchema>;

export const articleStoredFlexSchema = z.looseObject({
  image: z.object({ base: z.string(), sizes: z.array(z.object({ width: z.number(), height: z.number() })) }).optional(),
});
export type ArticleStoredFlex = z.infer<typeof articleStoredFlexSchema>;

/** The tables whose flex no code reads by key (payments, invoices, invoice items, vouchers, crowdfunds, article categories). */
export const plainStoredFlexSchema = z.record(z.string(), z.unknown());
export type PlainStoredFlex = z.infer<typeof plainStoredFlexSchema>;
