import { z } from 'zod';
import type * as Dto from '../validation/visa.ts';
import { periodFields, personNameFields, statusAnswer } from './common.ts';
import { guestNameContract } from './orders.ts';

// The visa wizard and the admin's view of the documents (the types live in validation/visa.ts).
export type { AdminVisaGuestDto, VisaGuestDto, VisaOrderDto } from '../validation/visa.ts';

export const visaGuestContract = guestNameContract.extend({
  gender: z.number().nullable(),
  age_category: z.number(),
  has_documents: z.boolean(),
}) satisfies z.ZodType<Dto.VisaGuestDto>;

const visaTripContract = z.object({ label: z.string(), ...periodFields });
/** The order both visa answers are about: its id and status. */
const visaOrderFields = { order_id: z.number(), status: z.number() };

/** GET /api/order/{id}/visa */
export const visaOrderContract = z.object({
  ...visaOrderFields,
  eligible: z.boolean(),
  message: z.string().optional(),
  trip: visaTripContract.nullable(),
  finished: z.boolean(),
  guests: z.array(visaGuestContract),
}) satisfies z.ZodType<Dto.VisaOrderDto>;

export const adminVisaGuestContract = visaGuestContract.extend({
  has_photo: z.boolean(),
  documents: z
    .object({
      ...personNameFields,
      gender: z.number(),
      date_of_birth: z.string(),
      nationality: z.string(),
      city_of_country: z.string(),
      city_of_birth: z.string(),
      passport_number: z.string(),
      passport_creation_date: z.string(),
      passport_expires: z.string(),
      passport_source: z.enum(['mrz', 'typed']),
      submitted_at: z.string(),
      updated_at: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<Dto.AdminVisaGuestDto>;

/** GET /api/admin/order/{id}/visa (admin; every view is audited). */
export const adminVisaOrderContract = z.object({
  ...visaOrderFields,
  trip: visaTripContract.nullable(),
  guests: z.array(adminVisaGuestContract),
});
export type AdminVisaOrderDto = z.infer<typeof adminVisaOrderContract>;

/** POST /api/order/guest/visa (201). */
export const visaSavedContract = statusAnswer.extend({ guest_id: z.number() });
export type VisaSaved = z.infer<typeof visaSavedContract>;

/** POST /api/order/guest/update_name/{order_id}. */
export const guestNameSavedContract = statusAnswer.extend({ guest: visaGuestContract });
export type GuestNameSaved = z.infer<typeof guestNameSavedContract>;

/** POST /api/order/remind/documents/faulty (admin). */
export const documentsResetContract = statusAnswer.extend({ deleted: z.number() });
export type DocumentsReset = z.infer<typeof documentsResetContract>;

/** POST /api/order/remind/documents/finish: `sent` false when the notice went out before. */
export const documentsFinishedContract = statusAnswer.extend({ sent: z.boolean() });
export type DocumentsFinished = z.infer<typeof documentsFinishedContract>;
