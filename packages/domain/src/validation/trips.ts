import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { formatDate } from '../dates.ts';
import { MSG } from '../messages.ts';
import type { ProposedRoom, RoomingProblem, RoomingWarning, RoomKind } from '../rooming.ts';
import { apiDate, idField, idParam, isIsoDate, text } from './common.ts';

// Trip overviews (docs/RULES.md, 'Screens: Travel overviews'): request schemas and answer shapes of
// /api/admin/trips/*, /api/merged_rooms and the merge-rooms dialog. A trip is every Umrah product
// that starts on one day; it is named by that day, 'YYYY-MM-DD' (as GET merged_rooms?start_date= does).

export const TRIP_MSG = {
  startDate: 'Vertrekdatum is verplicht!',
  period: 'Periode is verplicht!',
  periodOrder: 'De einddatum moet op of na de begindatum liggen.',
  periodTooLong: 'De periode mag maximaal 366 dagen zijn.',
  notFound: 'Reis niet gevonden.',
  noVersion: 'Er is nog geen kamerindeling opgeslagen voor deze reis.',
  versionNotFound: 'Deze versie van de kamerindeling bestaat niet.',
  noGuests: 'Deze reis heeft nog geen (aan)betaalde boekingen.',
  noTripsInPeriod: 'Er zijn geen reizen met (aan)betaalde boekingen in deze periode.',
  rooms: 'Voeg minimaal één kamer toe.',
  tooManyRooms: 'Te veel kamers.',
  roomGuests: 'Een kamer heeft minimaal één reiziger.',
  capacity: 'Een kamer heeft 2, 3 of 4 bedden.',
  roomNumbers: 'Ongeldige kamernummers (room_mekka, room_medina).',
  noDocuments: 'Van deze reis zijn nog geen reisdocumenten aangeleverd.',
  allDocumentsIn: 'Van alle reizigers van deze reis zijn de documenten al aangeleverd.',
  /** docs/RULES.md, 'Calls' POST merged_rooms: rooms were merged between the dates and a mail went to the office. */
  merged: (start: string, end: string) =>
    `Kamers zijn samengevoegd voor de periode ${formatDate(start)} t/m ${formatDate(end)}. Er is een mail naar het kantoor gestuurd.`,
} as const;

/** A trip's start day in a path or query: a real calendar day. */
export const tripDate = (message: string = TRIP_MSG.startDate) => apiDate(message);

export const tripParamsSchema = z.object({ start_date: tripDate() }, { error: MSG.invalidInput });

/** POST /api/admin/trips/:start_date/remind/documents: the document reminder step (1 request, 2 first, 3 second, 4 cancel). */
export const tripDocumentReminderSchema = z.object(
  { type: z.literal([1, 2, 3, 4], { error: 'Kies een geldige herinnering.' }) },
  { error: MSG.invalidInput },
);

export const roomingVersionQuerySchema = z.object({ version: idParam('Ongeldige versie.').optional() }, { error: MSG.invalidInput });

export const mergedRoomsQuerySchema = z.object(
  { start_date: tripDate(), version: idParam('Ongeldige versie.').optional() },
  { error: MSG.invalidInput },
);

export const AIRLINE_LAYOUTS = ['general', 'turkish'] as const;
export type AirlineLayout = (typeof AIRLINE_LAYOUTS)[number];
export const airlineQuerySchema = z.object(
  { layout: z.enum(AIRLINE_LAYOUTS, { error: 'Kies de indeling: general of turkish.' }).default('general') },
  { error: MSG.invalidInput },
);

/** Hotel room numbers of one room; free text (e.g. '1204', '12-04B'), short. */
const roomNumber = text(20, 'Kamernummer').optional();
export const roomNumbersSchema = z.object({ room_mekka: roomNumber, room_medina: roomNumber }, { error: TRIP_MSG.roomNumbers });
export type RoomNumbers = z.output<typeof roomNumbersSchema>;

/** docs/RULES.md, 'Calls' sends `flex` as a JSON string; an object is taken as well. */
const roomFlex = z
  .union([z.string().max(500, { error: TRIP_MSG.roomNumbers }), z.record(z.string(), z.unknown())], { error: TRIP_MSG.roomNumbers })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return {};
    let value: unknown = v;
    if (typeof v === 'string') {
      try {
        value = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: TRIP_MSG.roomNumbers });
        return z.NEVER;
      }
    }
    const parsed = roomNumbersSchema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? TRIP_MSG.roomNumbers });
      return z.NEVER;
    }
    return parsed.data;
  });

export const mergedRoomSchema = z.object(
  {
    flex: roomFlex,
    /** The booked room this one started from (rooms.id), when known. */
    existing_id: idField().nullable().optional(),
    /** Beds: 2, 3 or 4. */
    max_guests: z.literal([2, 3, 4], { error: TRIP_MSG.capacity }),
    /** Left out: derived from the guests (a family when a family guest is in it, else by gender). */
    kind: z.enum(['male', 'female', 'family'], { error: MSG.invalidInput }).optional(),
    guests: z
      .array(z.object({ guest_id: idField() }, { error: MSG.invalidInput }), { error: TRIP_MSG.roomGuests })
      .min(1, { error: TRIP_MSG.roomGuests })
      .max(8, { error: TRIP_MSG.roomGuests }),
  },
  { error: MSG.invalidInput },
);
export type MergedRoomInput = z.output<typeof mergedRoomSchema>;

export const mergedRoomsSaveSchema = z.object(
  {
    start_date: tripDate(),
    rooms: z.array(mergedRoomSchema, { error: TRIP_MSG.rooms }).min(1, { error: TRIP_MSG.rooms }).max(2000, { error: TRIP_MSG.tooManyRooms }),
  },
  { error: MSG.invalidInput },
);
export type MergedRoomsSaveInput = z.output<typeof mergedRoomsSaveSchema>;

const MAX_PERIOD_DAYS = 366;
/** The merge-rooms dialog (docs/RULES.md, 'Validation: Merge rooms needs a period'). */
export const mergePeriodSchema = z
  .object({ start: tripDate(TRIP_MSG.period), end: tripDate(TRIP_MSG.period) }, { error: TRIP_MSG.period })
  .superRefine((v, ctx) => {
    if (!isIsoDate(v.start) || !isIsoDate(v.end)) return;
    if (v.end < v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: TRIP_MSG.periodOrder });
    else if ((Date.parse(v.end) - Date.parse(v.start)) / 86_400_000 > MAX_PERIOD_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: TRIP_MSG.periodTooLong });
    }
  });
export type MergePeriodInput = z.output<typeof mergePeriodSchema>;

/** ISO alpha-3 of an alpha-2 country code (airline lists use alpha-3); unknown codes as they are. */
export const countryAlpha3 = (code: string | null | undefined): string =>
  code ? (countries.alpha2ToAlpha3(code.toUpperCase()) ?? code.toUpperCase()) : '';

// ---- Answer shapes ----

export interface TripCardDto {
  start_date: string;
  end_date: string | null;
  /** 'Umrah januari 2027' */
  label: string;
  /** 'NL', 'BE' or 'NL/BE' when the day has products of both regions. */
  region: string;
  regions: string[];
  year: number;
  /** 0-11 (the card's month background) */
  month: number;
  /** Guests of DOWN_PAYMENT and COMPLETED orders (internal test accounts left out). */
  guests_booked: number;
  /** guests_booked + the stock left of the trip's adult products. */
  places: number;
  orders: number;
}

export interface TripGuestDto {
  id: number;
  first_name: string;
  last_name: string;
  gender: number | null;
  age_category: number;
  bed_included: boolean;
  has_documents: boolean;
  wheelchair: boolean;
}

export interface TripOrderDto {
  id: number;
  /** 'FCU2' + id */
  number: string;
  status: number;
  status_label: string;
  customer: { name: string; email: string };
  /** cents */
  total_price: number;
  total_payments: number;
  open_amount: number;
  documents_complete: boolean;
  rooms: { id: number; room_type: number; room_gender: number; exclusive: boolean; class: string; guests: TripGuestDto[] }[];
}

export interface TripStatsDto {
  orders: number;
  guests: number;
  /** Orders in DOWN_PAYMENT (partly paid) */
  down_payments: number;
  /** Orders in COMPLETED (fully paid) */
  full_payments: number;
  /** cents */
  paid_amount: number;
  open_amount: number;
  /** Guests whose visa data and photo are in, and those still missing. */
  documents_complete: number;
  documents_missing: number;
  wheelchairs: number;
}

export interface TripDetailDto {
  trip: TripCardDto;
  orders: TripOrderDto[];
  stats: TripStatsDto;
}

export interface RoomingGuestDto {
  guest_id: number;
  order_id: number | null;
  first_name: string;
  last_name: string;
  gender: number | null;
  age_category: number | null;
  wheelchair: boolean;
  /** false when the guest no longer exists or no longer belongs to the trip (a cancelled order). */
  present: boolean;
}

/** A room of a proposal or a saved version. */
export interface RoomingRoomDto {
  key: string;
  existing_id: number | null;
  max_guests: number;
  kind: RoomKind;
  exclusive: boolean;
  wheelchair: boolean;
  flex: RoomNumbers;
  order_ids: number[];
  guests: RoomingGuestDto[];
}

export interface RoomingProposalDto {
  start_date: string;
  rooms: RoomingRoomDto[];
  warnings: RoomingWarning[];
  problems: RoomingProblem[];
}

export interface RoomingVersionSummaryDto {
  version: number;
  created_at: string;
  created_by: string | null;
  rooms_count: number;
  guests_count: number;
  /** Among the latest 4 (docs/RULES.md, 'Constants'): shown first; older ones can still be opened. */
  latest: boolean;
}

export interface MergedRoomsDto {
  start_date: string;
  versions: RoomingVersionSummaryDto[];
  current: {
    version: number;
    created_at: string;
    created_by: string | null;
    rooms: RoomingRoomDto[];
    /** Rules this version breaks for the trip as it is now (e.g. a guest booked after it was saved). */
    problems: RoomingProblem[];
  } | null;
}

export type { ProposedRoom };
