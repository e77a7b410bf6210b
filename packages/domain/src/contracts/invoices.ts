import { z } from 'zod';
import { flexContract, listAnswer, orderMoneyFields, orderRefFields, pagedAnswer, personNameFields, statusAnswer, statusFields } from './common.ts';

export const invoiceItemContract = z.object({
  id: z.number(),
  label: z.string(),
  /** unit price in cents, VAT included */
  amount_in_cents: z.number(),
  /** quantity */
  amount: z.number(),
  /** 21, 9 or 0 */
  btw_type: z.number(),
  type: z.number(),
  flex: flexContract,
  total: z.number(),
});
export type InvoiceItem = z.infer<typeof invoiceItemContract>;

export const invoicePaymentContract = z.object({
  id: z.number(),
  amount: z.number(),
  payment_type: z.number(),
  type_text: z.string(),
  created_at: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentContract>;

const vatRowContract = z.object({ rate: z.number(), incl: z.number(), excl: z.number(), vat: z.number() });

/** A quote (type 0) or invoice (type 1) as the screens show it. */
export const invoiceContract = z.object({
  id: z.number(),
  /** 'FCU2' + id */
  number: z.string(),
  heading: z.string(),
  type: z.number(),
  type_label: z.string(),
  /** YYYY-MM-DD, the last day it can be paid */
  expire_date: z.string().nullable(),
  expiration: z.string().nullable(),
  ...statusFields,
  token: z.string(),
  flex: flexContract,
  created_at: z.string(),
  items: z.array(invoiceItemContract),
  payments: z.array(invoicePaymentContract),
  totals: z.object({ excl: z.number(), vat: z.number(), incl: z.number(), breakdown: z.array(vatRowContract) }),
  ...orderMoneyFields,
  expired: z.boolean(),
  payable: z.boolean(),
  /** The public page (by token) gets the name only; email and id are for the owner and staff. */
  user: z.object({ user_id: z.number().optional(), email: z.string().optional(), ...personNameFields }),
  user_id: z.number().optional(),
});
export type Invoice = z.infer<typeof invoiceContract>;

/** GET /api/invoices/admin (staff). */
export const invoicesPageContract = pagedAnswer('invoices', invoiceContract);
export type InvoicesPage = z.infer<typeof invoicesPageContract>;

/** GET /api/invoices: the caller's own quotes and invoices. */
export const ownInvoicesContract = listAnswer('invoices', invoiceContract);
export type OwnInvoices = z.infer<typeof ownInvoicesContract>;

/** POST /api/invoiceByToken (public). */
export const invoiceAnswerContract = z.object({ invoice: invoiceContract });
export type InvoiceAnswer = z.infer<typeof invoiceAnswerContract>;

/** POST /api/invoice (201), POST /api/invoice/{id}. */
export const invoiceSavedContract = statusAnswer.extend({ invoice: invoiceContract });
export type InvoiceSaved = z.infer<typeof invoiceSavedContract>;

/** A document download: the PDF as base64, for the browser to save. */
export const pdfDownloadContract = z.object({ filename: z.string(), content_type: z.literal('application/pdf'), data: z.string() });

/** An issued invoice or credit note of an order (docs/INVOICES.md): what the Facturen tab lists. */
export const issuedDocumentContract = z.object({
  id: z.number(),
  ...orderRefFields,
  kind: z.enum(['invoice', 'credit_note']),
  /** 'Factuur' or 'Creditfactuur' */
  kind_label: z.string(),
  /** 'FCU2{id}', 'FCU2{id}-2', a credit note's 'FCU2{id}-C' */
  number: z.string(),
  version: z.number(),
  /** A credit note: the number of the invoice it credits. */
  credits_number: z.string().nullable(),
  issued_at: z.string(),
  /** cents incl. VAT; negative on a credit note */
  total: z.number(),
  customer: z.string(),
  email: z.string(),
});
export type IssuedDocument = z.infer<typeof issuedDocumentContract>;

/** GET /api/invoices/issued (staff). */
export const issuedDocumentsPageContract = pagedAnswer('documents', issuedDocumentContract);
export type IssuedDocumentsPage = z.infer<typeof issuedDocumentsPageContract>;
