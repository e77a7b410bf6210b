import { z } from 'zod';
import { eurosToCents } from '../money.ts';
import { flexObject, isIsoDate, hasInvalidCharacters, idField, requiredText } from './common.ts';

// Quotes and invoices (docs/RULES.md, 'Validation: Quote form', 'Calls' invoice calls): the admin add/edit modal and
// POST /api/invoice[/{id}] share these rules and messages.

export const INVOICE_MSG = {
  expire: 'Vervaldatum is verplicht!',
  type: 'Type is verplicht!',
  user: 'Gebruiker is verplicht!',
  items: 'Minimaal 1 item!',
  label: 'Naam is verplicht!',
  amount: 'Bedrag is verplicht!',
  amountMin: 'Bedrag moet boven 0 zijn',
  amountCents: 'Bedrag moet in centen (een heel getal) worden opgegeven.',
  quantity: 'Aantal is verplicht!',
  quantityMin: 'Aantal moet minimaal 1 zijn.',
  btw: 'Btw type is verplicht!',
  max: 'Offerte kan maximaal 50k zijn, de betaalprovider accepteert max 50k per offerte.',
  tooLong: 'Deze tekst is te lang.',
  tooMany: 'Te veel items.',
  invalidToken: 'Geen geldige token.',
  noItems: 'Er zijn geen artikelen',
  notFound: 'Offerte niet gevonden.',
  userNotFound: 'Gebruiker niet gevonden.',
  created: (type: number, userId: number) => `${type === 0 ? 'Offerte' : 'Factuur'} is succesvol aangemaakt voor gebruiker ${userId}.`,
  updated: 'Offerte is gewijzigd.',
  hasPayments: 'Op deze offerte is al betaald: hij kan niet meer worden gewijzigd.',
  expired: 'Deze offerte is verlopen en kan niet meer worden betaald.',
  paid: 'Deze offerte is al volledig betaald.',
  empty: 'Deze offerte heeft geen artikelen om te betalen.',
  paymentReceived: 'Betaling is ontvangen.',
} as const;

/** docs/RULES.md, 'Constants': a quote stays under 50,000 euro, the most the payment provider takes per payment. */
export const QUOTE_MAX_CENTS = 5_000_000;

const vatTypeField = z.literal([21, 9, 0], { error: INVOICE_MSG.btw });
const typeField = z.literal([0, 1], { error: INVOICE_MSG.type });
const quantityField = z
  .number({ error: INVOICE_MSG.quantity })
  .int({ error: INVOICE_MSG.quantity })
  .min(1, { error: INVOICE_MSG.quantityMin })
  .max(10_000, { error: INVOICE_MSG.max });
/** A real calendar day 'YYYY-MM-DD' (no 31 February), so the database never refuses it. */
const expireField = requiredText(INVOICE_MSG.expire).refine(isIsoDate, { error: INVOICE_MSG.expire });
const labelField = requiredText(INVOICE_MSG.label, 300);

/** Sum of unit price × quantity, in cents. */
export const quoteTotalCents = (items: readonly { amount_in_cents: number; amount: number }[]) =>
  items.reduce((s, i) => s + i.amount_in_cents * i.amount, 0);

/** POST /api/invoice[/{id}]: unit amounts in cents including VAT. */
export const invoiceItemSchema = z.object({
  label: labelField,
  /** unit price in cents, VAT included */
  amount_in_cents: z
    .number({ error: INVOICE_MSG.amount })
    .int({ error: INVOICE_MSG.amountCents })
    .positive({ error: INVOICE_MSG.amountMin })
    .max(QUOTE_MAX_CENTS, { error: INVOICE_MSG.max }),
  /** quantity */
  amount: quantityField,
  btw_type: vatTypeField,
  type: z.number().int().min(0).max(100).default(0),
  flex: flexObject().default({}),
});

export const invoiceSchema = z
  .object({
    type: typeField,
    /** YYYY-MM-DD; the last day the quote can be paid */
    expire_date: expireField,
    user_id: idField(INVOICE_MSG.user),
    items: z.array(invoiceItemSchema, { error: INVOICE_MSG.items }).min(1, { error: INVOICE_MSG.items }).max(100, { error: INVOICE_MSG.tooMany }),
    flex: flexObject().default({}),
  })
  .superRefine((v, ctx) => {
    if (quoteTotalCents(v.items) >= QUOTE_MAX_CENTS) ctx.addIssue({ code: 'custom', path: ['items'], message: INVOICE_MSG.max });
  });
export type InvoiceInput = z.output<typeof invoiceSchema>;

/** The admin modal: unit amount in euros, the user chosen by email in a picker (its id). */
export const quoteFormSchema = z
  .object({
    type: typeField,
    expire_date: expireField,
    user_id: idField(INVOICE_MSG.user),
    items: z
      .array(
        z.object({
          label: labelField,
          price: z.number({ error: INVOICE_MSG.amount }).positive({ error: INVOICE_MSG.amountMin }).max(50_000, { error: INVOICE_MSG.max }),
          amount: quantityField,
          btw_type: vatTypeField,
        }),
        { error: INVOICE_MSG.items },
      )
      .min(1, { error: INVOICE_MSG.items })
      .max(100, { error: INVOICE_MSG.tooMany }),
  })
  .superRefine((v, ctx) => {
    const total = v.items.reduce((s, i) => s + eurosToCents(i.price) * i.amount, 0);
    if (total >= QUOTE_MAX_CENTS) ctx.addIssue({ code: 'custom', path: ['items'], message: INVOICE_MSG.max });
  });
export type QuoteFormValues = z.input<typeof quoteFormSchema>;

/** The modal's values as the API body: euros × 100 to cents. */
export function quoteFormToInput(form: z.output<typeof quoteFormSchema>): z.input<typeof invoiceSchema> {
  return {
    type: form.type,
    expire_date: form.expire_date,
    user_id: form.user_id,
    items: form.items.map((i) => ({ label: i.label, amount_in_cents: eurosToCents(i.price), amount: i.amount, btw_type: i.btw_type })),
  };
}

/** POST /api/invoiceByToken and the public POST /api/invoicePayment. */
export const invoiceTokenSchema = z.object({
  token: z
    .string({ error: INVOICE_MSG.invalidToken })
    .trim()
    .min(1, { error: INVOICE_MSG.invalidToken })
    .max(200, { error: INVOICE_MSG.invalidToken })
    .refine((v) => !hasInvalidCharacters(v), { error: INVOICE_MSG.invalidToken }),
});
