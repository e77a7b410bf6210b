import { z } from 'zod';
import { PaymentType } from '../enums.ts';
import { flexObject, idField, text } from './common.ts';

// Payments: the admin payment form (docs/RULES.md, 'Validation: Payment form'), the manual payment calls, the payment
// preparation of checkout and 'Mijn bestellingen', and the texts of the payment screens (docs/RULES.md, 'Screens', 'Messages').

export const PAYMENT_MSG = {
  method: 'Betalingsmethode is verplicht!',
  amount: 'Bedrag is verplicht!',
  amountMin: 'Bedrag moet boven 0 zijn',
  amountCents: 'Bedrag moet in centen (een heel getal) worden opgegeven.',
  order: 'Bestelnummer is verplicht!',
  created: 'Betaling is succesvol aangemaakt.',
  updated: 'Betaling is succesvol gewijzigd.',
  deleted: 'Betaling is verwijderd.',
  notFound: 'Betaling niet gevonden.',
  orderNotFound: 'Bestelling niet gevonden.',
  notDeletable: 'Alleen contante betalingen en bankoverschrijvingen kunnen worden verwijderd.',
  onlineIsProvider: 'Online betalingen worden door de betaalprovider geboekt.',
  otherOrder: 'Een betaling kan niet naar een andere bestelling worden verplaatst.',
  notPayable: 'Deze bestelling kan niet (meer) betaald worden.',
  fullyPaid: 'Deze bestelling is al volledig betaald.',
  tooMuch: 'Het bedrag is hoger dan wat er nog openstaat.',
  percent: 'Kies 50% of 100%.',
  loginToPay: 'Log in om je betaling af te ronden.',
  emptyCart: 'Voeg producten toe om af te rekenen.',
  success: 'Betaling is geslaagd, je wordt omgeleid naar het admin portaal..',
  notYet: 'Betaling is nog niet gelukt, controleer de betaling en of probeer het opnieuw.',
  unknownError: 'Onbekende fout',
} as const;

/** The methods staff register by hand; online (provider) payments are booked by the provider. */
export const MANUAL_PAYMENT_TYPES = [
  PaymentType.CASH,
  PaymentType.PARTIALLY_CASH,
  PaymentType.BANK_TRANSFER,
  PaymentType.PARTIALLY_BANK_TRANSFER,
  PaymentType.PIN,
] as const;
export const ONLINE_PAYMENT_TYPES = [PaymentType.PROVIDER_PAID, PaymentType.PARTIALLY_PROVIDER_PAID] as const;
/** docs/RULES.md, 'Roles': only bank-transfer and cash payments can be deleted. */
export const DELETABLE_PAYMENT_TYPES = [
  PaymentType.CASH,
  PaymentType.PARTIALLY_CASH,
  PaymentType.BANK_TRANSFER,
  PaymentType.PARTIALLY_BANK_TRANSFER,
] as const;

export const isOnlinePaymentType = (t: number) => (ONLINE_PAYMENT_TYPES as readonly number[]).includes(t);
export const isDeletablePaymentType = (t: number) => (DELETABLE_PAYMENT_TYPES as readonly number[]).includes(t);

const paymentTypeField = z.literal([0, 1, 2, 3, 4, 5, 6], { error: PAYMENT_MSG.method });

const orderIdField = idField(PAYMENT_MSG.order);

/** Amount in cents: required, a whole number, above 0. */
const amountField = z
  .number({ error: PAYMENT_MSG.amount })
  .int({ error: PAYMENT_MSG.amountCents })
  .positive({ error: PAYMENT_MSG.amountMin })
  .max(100_000_000, { error: PAYMENT_MSG.amountCents });

/**
 * The payment form: the method is required; the amount is required and above 0, except for the
 * online method, where it is hidden (the provider decides what is paid). Method and amount are
 * checked together so the form shows both messages at once.
 */
export const paymentFormSchema = z
  .object({
    order_id: z.unknown().optional(),
    payment_type: z.unknown().optional(),
    /** cents */
    amount: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (!orderIdField.safeParse(v.order_id).success) ctx.addIssue({ code: 'custom', path: ['order_id'], message: PAYMENT_MSG.order });
    const type = paymentTypeField.safeParse(v.payment_type);
    if (!type.success) ctx.addIssue({ code: 'custom', path: ['payment_type'], message: PAYMENT_MSG.method });
    if (type.success && isOnlinePaymentType(type.data)) return;
    const r = amountField.safeParse(v.amount ?? undefined);
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: r.error.issues[0]!.message });
  });
export type PaymentFormValues = z.input<typeof paymentFormSchema>;

/** POST /api/payment and PUT /api/payment/{id}: a payment registered by staff. */
export const manualPaymentSchema = z.object({
  order_id: orderIdField,
  payment_type: paymentTypeField,
  amount: amountField,
});
export type ManualPayment = z.output<typeof manualPaymentSchema>;

/**
 * POST /api/payment/{orderId}: start a payment at the provider. `trans` none is the customer's
 * checkout; pin and other are staff taking a payment for the order. The amount is the server's;
 * staff may ask for less than the open rest.
 */
export const startPaymentSchema = z.object({
  trans: z.enum(['none', 'pin', 'other'], { error: PAYMENT_MSG.method }).default('none'),
  order_id: idField(PAYMENT_MSG.orderNotFound).optional(),
  payment_type: z.number().int().min(0).max(6).optional(),
  amount: z.number().int().min(0).max(100_000_000).optional(),
});
export type StartPayment = z.output<typeof startPaymentSchema>;

/** The prepare-payment payload (docs/RULES.md, 'Entities'): order id, 50 or 100 percent, flex. */
export const preparePaymentSchema = z.object({
  id: idField(PAYMENT_MSG.orderNotFound),
  percent_to_pay: z.union([z.literal(50), z.literal(100)], { error: PAYMENT_MSG.percent }),
  flex: z
    .union([text(2000), flexObject()])
    .nullable()
    .optional(),
});
export type PreparePayment = z.output<typeof preparePaymentSchema>;
