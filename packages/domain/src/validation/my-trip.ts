import { z } from 'zod';
import { MSG } from '../messages.ts';
import { text, TEXT_MAX } from './common.ts';

// 'Mijn reis' (docs/RULES.md, 'Mijn reis'): the trip's practical details that staff fill in on the
// trip page, and the visa PDF that staff upload per guest. The form and the route use these schemas.

export const MY_TRIP_MSG = {
  notFound: 'Reis niet gevonden.',
  notPaid: 'Mijn reis is beschikbaar zodra de bestelling (aan)betaald is.',
  detailsSaved: 'Reisinformatie is opgeslagen.',
  phone: 'Vul een geldig telefoonnummer in (cijfers, spaties, +, - of haakjes).',
  visaPdfRequired: 'Kies een PDF-bestand.',
  visaPdfNotPdf: 'Het bestand is geen PDF.',
  visaPdfTooLarge: 'Het visum (PDF) is te groot (maximaal 5 MB).',
  visaPdfSaved: 'Visum (PDF) is opgeslagen.',
  visaPdfDeleted: 'Visum (PDF) is verwijderd.',
  visaPdfNotFound: 'Er is nog geen visum (PDF) voor deze reiziger.',
  guestNotFound: 'Reiziger niet gevonden.',
  documentNotAvailable: 'Dit document is (nog) niet beschikbaar.',
} as const;

/** The most characters of each practical detail: enough for a real text, small enough for a phone screen. */
export const TRIP_DETAILS_MAX = {
  flight: 1000,
  meeting_point: 1000,
  leader_name: TEXT_MAX.name,
  leader_phone: TEXT_MAX.short,
  programme: TEXT_MAX.text,
} as const;

export const TRIP_DETAILS_LABELS = {
  flight: 'Vluchtgegevens',
  meeting_point: 'Verzamelpunt',
  leader_name: 'Naam reisleider',
  leader_phone: 'Telefoon reisleider',
  programme: 'Programma',
} as const;

const PHONE_RE = /^\+?[0-9 ()-]{6,}$/;

/** PUT /api/admin/trips/:start_date/details: every field may be empty (filled in step by step). */
export const tripDetailsSchema = z.object(
  {
    flight: text(TRIP_DETAILS_MAX.flight, TRIP_DETAILS_LABELS.flight).default(''),
    meeting_point: text(TRIP_DETAILS_MAX.meeting_point, TRIP_DETAILS_LABELS.meeting_point).default(''),
    leader_name: text(TRIP_DETAILS_MAX.leader_name, TRIP_DETAILS_LABELS.leader_name).default(''),
    leader_phone: text(TRIP_DETAILS_MAX.leader_phone, TRIP_DETAILS_LABELS.leader_phone)
      .refine((v) => v === '' || PHONE_RE.test(v), { error: MY_TRIP_MSG.phone })
      .default(''),
    programme: text(TRIP_DETAILS_MAX.programme, TRIP_DETAILS_LABELS.programme).default(''),
  },
  { error: MSG.invalidInput },
);
export type TripDetailsInput = z.output<typeof tripDetailsSchema>;

/** The largest visa PDF staff may upload (an e-visa is one or two pages, well under 1 MB). */
export const VISA_PDF_MAX_BYTES = 5 * 1024 * 1024;

/** True when the bytes start like a PDF file ('%PDF-'): the content decides, not the name. */
export const looksLikePdf = (bytes: Uint8Array): boolean =>
  bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d;

/**
 * PUT /api/admin/guests/:guestId/visa-pdf: the PDF as base64 (a data URL is accepted too). Its size is
 * bounded by the route's body limit and checked on the decoded bytes (413 with visaPdfTooLarge).
 */
export const visaPdfUploadSchema = z.object(
  {
    pdf: z
      .string({ error: MY_TRIP_MSG.visaPdfRequired })
      .min(1, { error: MY_TRIP_MSG.visaPdfRequired })
      .transform((v) => v.replace(/^data:application\/pdf;base64,/, ''))
      .refine((v) => /^[A-Za-z0-9+/]*={0,2}$/.test(v), { error: MY_TRIP_MSG.visaPdfNotPdf }),
  },
  { error: MSG.invalidInput },
);
export type VisaPdfUploadInput = z.output<typeof visaPdfUploadSchema>;
