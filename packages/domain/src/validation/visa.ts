import dayjs from 'dayjs';
import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { isIsoDate, requiredText } from './common.ts';

// The visa form (docs/RULES.md, 'Validation: Visa form', 'Entities: Visa data'), the guest name change and the admin's
// document reset (docs/RULES.md, 'Validation: Reset documents'). The wizard's forms and the API routes use these same
// schemas: POST /api/order/guest/visa, POST /api/order/guest/update_name/{order_id} and
// POST /api/order/remind/documents/faulty.

export const VISA_MSG = {
  order: 'Bestelling is verplicht!',
  guest: 'Reiziger is verplicht!',
  firstName: 'Voornaam is verplicht!',
  lastName: 'Achternaam is verplicht!',
  gender: 'Geslacht is verplicht!',
  dateOfBirth: 'Geboortedatum is verplicht!',
  nationality: 'Nationaliteit is verplicht!',
  cityOfCountry: 'Geboorteland is verplicht!',
  cityOfBirth: 'Geboorteplaats is verplicht!',
  passportNumber: 'Paspoortnummer is verplicht!',
  passportCreationDate: 'Uitgiftedatum paspoort is verplicht!',
  passportExpires: 'Vervaldatum paspoort is verplicht!',
  photo: 'Pasfoto is verplicht !',
  reason: 'Reden is verplicht!',
  guests: 'Kies minimaal één reiziger.',
  invalidDate: 'Ongeldige datum.',
  unknownCountry: 'Kies een land uit de lijst.',
  tooLong: (max: number) => `Maximaal ${max} tekens.`,
  passportChars: 'Paspoortnummer mag alleen letters en cijfers bevatten.',
  birthInFuture: 'Geboortedatum kan niet in de toekomst liggen.',
  issuedInFuture: 'Uitgiftedatum kan niet in de toekomst liggen.',
  issuedAfterExpiry: 'Uitgiftedatum moet voor de vervaldatum liggen.',
  photoFormat: 'Pasfoto moet een afbeelding zijn (jpg, png of webp).',
  photoTooLarge: 'Pasfoto is te groot (maximaal 5 MB).',
  /** docs/RULES.md, 'Validation', to the letter: the passport must stay valid 6 months past the trip's start. */
  passportExpiresTooSoon: 'Vervaldatum zal niet meer geldig zijn bij het aanvragen van een visum, bestel alstublieft een nieuwe met SPOED.',
  // Answers of the API (the web shows them as they are).
  notEligible: 'Documenten kunnen pas worden aangeleverd nadat er (aan)betaald is.',
  alreadyDelivered: 'De documenten van deze reiziger zijn al aangeleverd.',
  nameLocked: 'De naam kan niet meer worden gewijzigd: de documenten zijn al aangeleverd. Neem contact met ons op.',
  notComplete: 'Nog niet alle reizigers hebben hun documenten aangeleverd.',
  guestNotInOrder: 'Deze reiziger hoort niet bij deze bestelling.',
  photoNotFound: 'Geen pasfoto gevonden.',
  saved: 'De documenten zijn opgeslagen.',
  nameSaved: 'De naam is gewijzigd.',
  resetDone: 'De documenten zijn teruggezet en de klant is gemaild.',
  finished: 'Bedankt! Je documenten zijn compleet.',
} as const;

/** Largest accepted photo after base64 decoding; the browser can check this before uploading. */
export const VISA_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Months the passport must stay valid after the trip starts (docs/RULES.md, 'Validation', 'Constants'; the Saudi rule counts from arrival). */
export const PASSPORT_VALID_MONTHS = 6;

/** 'YYYY-MM-DD' that is a real calendar day ('2001-02-31' is not), from the year 100 on. */
export const isCalendarDate = (value: string): boolean => isIsoDate(value) && Number(value.slice(0, 4)) >= 100;

const calendarDate = (required: string) => requiredText(required).refine(isCalendarDate, { error: VISA_MSG.invalidDate });

/** The first expiry date the 6-month rule accepts for a trip starting on `tripStart` ('YYYY-MM-DD'). */
export const passportNeededUntil = (tripStart: string) => dayjs(tripStart).add(PASSPORT_VALID_MONTHS, 'month').format('YYYY-MM-DD');

/**
 * The 6-month rule: the passport must still be valid 6 months after the trip's first day (arrival in
 * Saudi Arabia: a visa is refused for a passport that runs out sooner; counting from the end would
 * send pilgrims for an urgent passport they do not need). Dates are 'YYYY-MM-DD'; without a known
 * trip start there is nothing to check against. A month end clamps (31 Aug + 6 months = 28/29 Feb).
 */
export function passportValidEnough(expires: string, tripStart: string | null | undefined): boolean {
  if (!tripStart) return true;
  const needed = passportNeededUntil(tripStart);
  // Same-format ISO dates compare correctly as strings.
  return expires >= needed;
}

const todayIso = () => dayjs().format('YYYY-MM-DD');

const positiveId = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message });

const nameField = (required: string) => requiredText(required).max(100, { error: VISA_MSG.tooLong(100) });

/** 0 male, 1 female: a guest's visa is personal, 'mix' (2) is only a room kind. */
export const visaGenderField = z.literal([0, 1], { error: VISA_MSG.gender });

const countryField = (required: string) =>
  requiredText(required)
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, { error: VISA_MSG.unknownCountry });

// Base64 (optionally a data URL); whitespace from line-wrapped encoders is allowed.
const BASE64_PHOTO = /^(?:data:[\w.+/-]+;base64,)?[A-Za-z0-9+/\r\n]+={0,2}$/;

const visaFields = {
  order_id: positiveId(VISA_MSG.order),
  guest_id: positiveId(VISA_MSG.guest),
  first_name: nameField(VISA_MSG.firstName),
  last_name: nameField(VISA_MSG.lastName),
  gender: visaGenderField,
  date_of_birth: calendarDate(VISA_MSG.dateOfBirth),
  nationality: countryField(VISA_MSG.nationality),
  city_of_country: countryField(VISA_MSG.cityOfCountry),
  city_of_birth: nameField(VISA_MSG.cityOfBirth),
  passport_number: z
    .string({ error: VISA_MSG.passportNumber })
    // People type passport numbers with spaces and in lower case; the passport has neither.
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { error: VISA_MSG.passportNumber })
        .max(20, { error: VISA_MSG.tooLong(20) })
        .regex(/^[A-Z0-9]+$/, { error: VISA_MSG.passportChars }),
    ),
  passport_creation_date: calendarDate(VISA_MSG.passportCreationDate),
  passport_expires: calendarDate(VISA_MSG.passportExpires),
  visa_photo: z
    .string({ error: VISA_MSG.photo })
    .min(1, { error: VISA_MSG.photo })
    // Well above 5 MB in base64, so an oversized photo gets the API's 413 rather than a 400 here.
    .max(12 * 1024 * 1024, { error: VISA_MSG.photoTooLarge })
    .regex(BASE64_PHOTO, { error: VISA_MSG.photoFormat }),
  /** The passport's two MRZ lines (44 characters) when the guest scanned it: the server reads them again (mrz.ts, scanMatches). */
  mrz: z.array(z.string().max(44)).max(2).optional(),
};

// The date checks also run while other fields are still wrong (`when`), so the form shows them at
// once; the values may then be anything, hence the loose reading.
const dateOf = (v: unknown, key: string): string | null => {
  const value = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && isCalendarDate(value) ? value : null;
};
const always = { when: () => true };

function checkDates(v: unknown, ctx: z.RefinementCtx) {
  const today = todayIso();
  const birth = dateOf(v, 'date_of_birth');
  const issued = dateOf(v, 'passport_creation_date');
  const expires = dateOf(v, 'passport_expires');
  if (birth && birth > today) ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: VISA_MSG.birthInFuture });
  if (issued && issued > today) ctx.addIssue({ code: 'custom', path: ['passport_creation_date'], message: VISA_MSG.issuedInFuture });
  if (issued && expires && issued >= expires) {
    ctx.addIssue({ code: 'custom', path: ['passport_creation_date'], message: VISA_MSG.issuedAfterExpiry });
  }
}

/** The body of POST /api/order/guest/visa. The 6-month rule needs the trip: see visaSchemaForTrip. */
export const visaSchema = z.object(visaFields).superRefine(checkDates, always);
export type VisaInput = z.input<typeof visaSchema>;
export type VisaData = z.output<typeof visaSchema>;

/** The form's schema once the trip is known: visaSchema plus the 6-month rule on passport_expires. */
export const visaSchemaForTrip = (tripStart: string | null | undefined) =>
  visaSchema.superRefine((v, ctx) => {
    const expires = dateOf(v, 'passport_expires');
    if (expires && !passportValidEnough(expires, tripStart)) {
      ctx.addIssue({ code: 'custom', path: ['passport_expires'], message: VISA_MSG.passportExpiresTooSoon });
    }
  }, always);

/** POST /api/order/guest/update_name/{order_id}: a guest's name and gender (docs/RULES.md, 'Calls'). */
export const guestNameSchema = z.object({
  order_id: positiveId(VISA_MSG.order),
  id: positiveId(VISA_MSG.guest),
  first_name: nameField(VISA_MSG.firstName),
  last_name: nameField(VISA_MSG.lastName),
  gender: visaGenderField,
});
export type GuestNameInput = z.input<typeof guestNameSchema>;

/** POST /api/order/remind/documents/faulty: the admin resets guests' documents with a reason. */
export const resetDocumentsSchema = z.object({
  order_id: positiveId(VISA_MSG.order),
  guests: z.array(positiveId(VISA_MSG.guest), { error: VISA_MSG.guests }).min(1, { error: VISA_MSG.guests }).max(100, { error: VISA_MSG.guests }),
  reason: requiredText(VISA_MSG.reason).max(2000, { error: VISA_MSG.tooLong(2000) }),
});
export type ResetDocumentsInput = z.input<typeof resetDocumentsSchema>;

/** POST /api/order/remind/documents/finish. */
export const finishDocumentsSchema = z.object({ order_id: positiveId(VISA_MSG.order) });

// What the API answers (the web reads these shapes).

export interface VisaGuestDto {
  id: number;
  first_name: string;
  last_name: string;
  gender: number | null;
  age_category: number;
  has_documents: boolean;
}

/** GET /api/order/{id}/visa */
export interface VisaOrderDto {
  order_id: number;
  status: number;
  eligible: boolean;
  message?: string;
  trip: { label: string; start: string | null; end: string | null } | null;
  finished: boolean;
  guests: VisaGuestDto[];
}

export type PassportSource = 'mrz' | 'typed';

/** One guest in GET /api/admin/order/{id}/visa; `documents` is null while nothing is delivered. */
export interface AdminVisaGuestDto extends VisaGuestDto {
  has_photo: boolean;
  documents: {
    first_name: string;
    last_name: string;
    gender: number;
    date_of_birth: string;
    nationality: string;
    city_of_country: string;
    city_of_birth: string;
    passport_number: string;
    passport_creation_date: string;
    passport_expires: string;
    /** 'mrz': scanned, every check digit held and the MRZ equals the sent fields; else 'typed'. */
    passport_source: PassportSource;
    submitted_at: string;
    updated_at: string;
  } | null;
}
