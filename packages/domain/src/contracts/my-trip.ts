import { z } from 'zod';
import { listAnswer, orderRefFields, personNameFields, tripDateFields } from './common.ts';

// 'Mijn reis' (docs/RULES.md, 'Mijn reis'): what the pilgrim's phone keeps for offline use. Only the
// owner's own guests; of anyone else only the names of the guests sharing a room with them.

const tripDetails = z.object({
  flight: z.string(),
  meeting_point: z.string(),
  leader_name: z.string(),
  leader_phone: z.string(),
  programme: z.string(),
});

/** GET/PUT /api/admin/trips/:start_date/details. */
export const tripDetailsContract = tripDetails.extend({
  start_date: z.string(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** The trip's guests that have a visa PDF (the trip page shows an upload per guest). */
  visa_pdf_guest_ids: z.array(z.number()),
});
export type TripDetailsDto = z.infer<typeof tripDetailsContract>;

export const myTripHotelContract = z.object({
  name: z.string(),
  name_ar: z.string(),
  location: z.string(),
  address: z.string(),
  address_ar: z.string(),
  distance: z.number(),
  stars: z.number(),
});

export const myTripGuestContract = z.object({
  id: z.number(),
  ...personNameFields,
  /** The room of the latest saved rooming list, null while none is saved or the guest is not in it. */
  room: z
    .object({
      number: z.number(),
      max_guests: z.number(),
      room_mekka: z.string().nullable(),
      room_medina: z.string().nullable(),
      /** Names only: the other guests in this room. */
      roommates: z.array(z.string()),
    })
    .nullable(),
  /** Where the visa PDF is, when staff uploaded one. */
  visa_pdf_url: z.string().nullable(),
});

/** A paid trip order of the signed-in customer, as the list of trips names it. */
const myTripSummaryContract = z.object({ ...orderRefFields, label: z.string(), ...tripDateFields });

/** GET /api/my-trips/:id. */
export const myTripContract = myTripSummaryContract.extend({
  details: tripDetails,
  hotels: z.array(myTripHotelContract),
  guests: z.array(myTripGuestContract),
  rooming_saved: z.boolean(),
  documents: z.array(z.object({ title: z.string(), filename: z.string(), url: z.string() })),
});
export type MyTripDto = z.infer<typeof myTripContract>;

/** GET /api/my-trips: the signed-in customer's paid trip orders. */
export const myTripListContract = listAnswer('trips', myTripSummaryContract);
export type MyTripList = z.infer<typeof myTripListContract>;
