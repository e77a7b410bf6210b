import { z } from 'zod';

// Response contracts: the shape of every answer the web reads. The API declares them as `response:`
// schemas on its routes (so /api/docs shows them and the serializer drops anything not listed), the
// web imports the inferred types instead of copying them. Money is in cents, dates are ISO strings
// ('YYYY-MM-DD' for calendar dates, full ISO timestamps for moments).

/** A free-form JSON object column (`flex`): its keys vary per row. */
export const flexContract = z.record(z.string(), z.unknown());

/** `{ message }`: the answer of most writes. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** `{ status: 'success', message }`: the older writes (orders, reminders). */
export const statusAnswer = z.object({ status: z.string(), message: z.string() });
export type StatusAnswer = z.infer<typeof statusAnswer>;

/** `{ token }`: login and refresh. */
export const tokenAnswer = z.object({ token: z.string() });
export type TokenAnswer = z.infer<typeof tokenAnswer>;

/** A whole list under its key: `{ [key]: items }`. */
export const listAnswer = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> });

/** A page of a server-side searched list: `{ [key]: items, total, page, pageSize }`. */
export const pagedAnswer = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() } as {
    [P in K]: z.ZodArray<T>;
  } & { total: z.ZodNumber; page: z.ZodNumber; pageSize: z.ZodNumber });

/** A list with its total but no echo of the page (`{ [key]: items, total }`). */
export const totalAnswer = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), total: z.number() } as { [P in K]: z.ZodArray<T> } & { total: z.ZodNumber });

// Field groups that several contracts share, spread in place so each object keeps its key order.

/** A period of 'YYYY-MM-DD' dates, either end open (null). */
export const periodFields = { start: z.string().nullable(), end: z.string().nullable() };
/** An order's money in cents: its price, what was paid and what is still open. */
export const orderMoneyFields = { total_price: z.number(), total_payments: z.number(), amount_open: z.number() };
/** A status number with its Dutch label. */
export const statusFields = { status: z.number(), status_label: z.string() };
/** Which order a row is about: its id and its number ('FCU2' + id). */
export const orderRefFields = { order_id: z.number(), order_number: z.string() };
/** A trip's first and last day ('YYYY-MM-DD'; the last one open while unknown). */
export const tripDateFields = { start_date: z.string(), end_date: z.string().nullable() };
/** A person's first and last name. */
export const personNameFields = { first_name: z.string(), last_name: z.string() };

/** Every error answer: `{ error, message }` (the message is Dutch and meant for the user), some with details. */
export const errorAnswer = z.object({ error: z.string(), message: z.string(), details: z.unknown().optional() });
export type ErrorAnswer = z.infer<typeof errorAnswer>;
