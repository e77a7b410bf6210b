import { z } from 'zod';
import { accountFields, passwordField } from './auth.ts';
import { TEXT_MAX, apiDate, captchaField, text } from './common.ts';

// The two lead forms (docs/RULES.md, 'Entities: Morocco request', 'Custom-trip request'; docs/RULES.md, 'Validation: Morocco form',
// 'Custom trip'; docs/RULES.md, 'Calls' POST contact/individual_hadj and contact/individual).
//
// Decision on 'same personal details as registration with password required' (custom trip): a
// logged-in visitor sends only the trip (their account's details are used); a visitor who is not
// logged in fills in the registration fields plus a password, and the request creates that account
// at the same time, like the room wizard's register step. The Morocco form asks the personal
// details without a password and creates no account (docs/RULES.md, 'Calls' lists no password for it).

export const REQUEST_MSG = {
  desiredYear: 'De keuze van het jaar is verplicht!',
  minRooms: 'Minimaal 1 item!',
  count: 'Aantal is verplicht!',
  period: 'Periode is verplicht!',
  periodOrder: 'De einddatum moet op of na de begindatum liggen.',
  adults: 'Minimaal 1 volwassene per kamer.',
  rating: 'Kies 1 tot 5 sterren.',
  tooManyRooms: 'Maximaal 20 kamers per aanvraag.',
  /** docs/RULES.md, 'Messages': the success text of both forms, shown 5 seconds. */
  sent: 'Er zal binnen 5 tot 7 dagen contact opgenomen worden.',
} as const;

/** How long the web shows REQUEST_MSG.sent before the modal closes (docs/RULES.md, 'Messages'). */
export const REQUEST_SENT_MS = 5000;

export const DESIRED_YEARS = ['september', 'herfstvakantie', 'november', 'wintervakantie'] as const;
export type DesiredYear = (typeof DESIRED_YEARS)[number];
export const DESIRED_YEAR_LABELS: Record<DesiredYear, string> = {
  september: 'September',
  herfstvakantie: 'Herfstvakantie',
  november: 'November',
  wintervakantie: 'Wintervakantie',
};

export const REQUEST_KINDS = ['custom', 'morocco'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_STATUSES = ['open', 'contacted', 'converted'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  open: 'Open',
  contacted: 'Contact opgenomen',
  converted: 'Geboekt',
};

/** POST /api/contact/individual_hadj: the Morocco request. */
export const moroccoRequestSchema = z.object({
  desired_year: z.enum(DESIRED_YEARS, { error: REQUEST_MSG.desiredYear }),
  ...accountFields,
  altcha: captchaField,
});
export type MoroccoRequestInput = z.output<typeof moroccoRequestSchema>;

// A count of persons in one room; a room holds at most 4 (docs/RULES.md, 'Constants': rooms of 2, 3 or 4), 10 leaves room
// for a family's wish without letting a number blow up a mail.
const count = (min = 0) =>
  z
    .number({ error: REQUEST_MSG.count })
    .int({ error: REQUEST_MSG.count })
    .min(min, { error: min > 0 ? REQUEST_MSG.adults : REQUEST_MSG.count })
    .max(10, { error: 'Maximaal 10 personen.' });

export const requestRoomSchema = z.object({ babys: count(), kids: count(), adults: count(1) });
export type RequestRoom = z.output<typeof requestRoomSchema>;

/** The trip part of 'Umrah op maat': period, hotel wish and rooms. */
export const customTripFields = {
  start: apiDate(REQUEST_MSG.period),
  end: apiDate(REQUEST_MSG.period),
  hotel_name: text(TEXT_MAX.label, 'Hotel').optional().default(''),
  hotel_rating: z
    .number({ error: REQUEST_MSG.rating })
    .int({ error: REQUEST_MSG.rating })
    .min(1, { error: REQUEST_MSG.rating })
    .max(5, { error: REQUEST_MSG.rating })
    .nullish(),
  rooms: z
    .array(requestRoomSchema, { error: REQUEST_MSG.minRooms })
    .min(1, { error: REQUEST_MSG.minRooms })
    .max(20, { error: REQUEST_MSG.tooManyRooms }),
  altcha: captchaField,
};

const periodInOrder = (v: { start: string; end: string }) => v.end >= v.start;

/** A logged-in visitor's custom-trip request: their account supplies the personal details. */
export const customTripSchema = z.object(customTripFields).refine(periodInOrder, { path: ['end'], error: REQUEST_MSG.periodOrder });
export type CustomTripInput = z.output<typeof customTripSchema>;

/** A visitor without an account: the registration fields and a password come along. */
export const customTripGuestSchema = z
  .object({ ...customTripFields, ...accountFields, password: passwordField })
  .refine(periodInOrder, { path: ['end'], error: REQUEST_MSG.periodOrder });
export type CustomTripGuestInput = z.output<typeof customTripGuestSchema>;

/**
 * The body POST /api/contact/individual accepts: the trip, with the personal details optional. The
 * route then checks the whole body against customTripGuestSchema when nobody is logged in.
 */
export const customTripBodySchema = z
  .object({ ...customTripFields, ...z.object(accountFields).partial().shape, password: passwordField.optional() })
  .refine(periodInOrder, { path: ['end'], error: REQUEST_MSG.periodOrder });
export type CustomTripBody = z.output<typeof customTripBodySchema>;

/** GET /api/admin/requests query. */
export const requestListQuerySchema = z.object({
  status: z.enum(REQUEST_STATUSES, { error: 'Ongeldige status.' }).optional(),
  q: text(TEXT_MAX.search, 'Zoekterm').optional(),
  page: z.coerce
    .number({ error: 'Ongeldige pagina.' })
    .int({ error: 'Ongeldige pagina.' })
    .min(1, { error: 'Ongeldige pagina.' })
    .max(100_000, { error: 'Ongeldige pagina.' })
    .optional()
    .default(1),
});

/** PUT /api/admin/requests/:id: staff follow a lead up. */
export const requestUpdateSchema = z.object({
  status: z.enum(REQUEST_STATUSES, { error: 'Ongeldige status.' }),
  note: text(TEXT_MAX.text, 'Notitie').optional().default(''),
});
export type RequestUpdateInput = z.output<typeof requestUpdateSchema>;

export interface RequestDto {
  id: number;
  kind: RequestKind;
  email: string;
  fields: Record<string, unknown>;
  status: RequestStatus;
  note: string;
  user_id: number | null;
  created_at: string;
  updated_at: string;
}
