import { z } from 'zod';
import type { RoomingProblem, RoomingRule, RoomingWarning } from '../rooming.ts';
import type * as Dto from '../validation/trips.ts';
import { listAnswer, personNameFields, statusAnswer, statusFields, tripDateFields } from './common.ts';
import { adminOrderContract, guestNameContract } from './orders.ts';

// The admin trip overviews. The types live next to the request schemas in
// validation/trips.ts; these schemas check the API's answers against them (`satisfies`).
export type {
  MergedRoomsDto,
  RoomingGuestDto,
  RoomingProposalDto,
  RoomingRoomDto,
  RoomingVersionSummaryDto,
  TripCardDto,
  TripDetailDto,
  TripGuestDto,
  TripOrderDto,
  TripStatsDto,
} from '../validation/trips.ts';
type TripCardDto = Dto.TripCardDto;
type TripDetailDto = Dto.TripDetailDto;
type TripOrderDto = Dto.TripOrderDto;
type TripGuestDto = Dto.TripGuestDto;
type TripStatsDto = Dto.TripStatsDto;
type RoomingProposalDto = Dto.RoomingProposalDto;
type MergedRoomsDto = Dto.MergedRoomsDto;
/** The names the web uses. */
export type TripSummary = TripCardDto;
export type TripDetail = TripDetailDto;
export type TripOrder = TripOrderDto;
export type TripGuest = TripGuestDto;
export type TripStats = TripStatsDto;
export type Proposal = RoomingProposalDto;
export type MergedRooms = MergedRoomsDto;

export const tripCardContract = z.object({
  ...tripDateFields,
  label: z.string(),
  region: z.string(),
  regions: z.array(z.string()),
  year: z.number(),
  month: z.number(),
  guests_booked: z.number(),
  places: z.number(),
  orders: z.number(),
}) satisfies z.ZodType<TripCardDto>;

/** GET /api/admin/trips */
export const tripListContract = listAnswer('trips', tripCardContract);
export type TripList = z.infer<typeof tripListContract>;

const tripGuestContract = guestNameContract.extend({
  gender: z.number().nullable(),
  age_category: z.number(),
  bed_included: z.boolean(),
  has_documents: z.boolean(),
  wheelchair: z.boolean(),
}) satisfies z.ZodType<TripGuestDto>;

const tripOrderContract = z.object({
  id: z.number(),
  number: z.string(),
  ...statusFields,
  customer: z.object({ name: z.string(), email: z.string() }),
  total_price: z.number(),
  total_payments: z.number(),
  open_amount: z.number(),
  documents_complete: z.boolean(),
  rooms: z.array(
    z.object({
      id: z.number(),
      room_type: z.number(),
      room_gender: z.number(),
      exclusive: z.boolean(),
      class: z.string(),
      guests: z.array(tripGuestContract),
    }),
  ),
}) satisfies z.ZodType<TripOrderDto>;

const tripStatsContract = z.object({
  orders: z.number(),
  guests: z.number(),
  down_payments: z.number(),
  full_payments: z.number(),
  paid_amount: z.number(),
  open_amount: z.number(),
  documents_complete: z.number(),
  documents_missing: z.number(),
  wheelchairs: z.number(),
}) satisfies z.ZodType<TripStatsDto>;

/** GET /api/admin/trips/{start_date} */
/** GET /api/admin/trips/:start_date/orders: the trip's orders as the admin orders list has them. */
export const tripAdminOrdersContract = listAnswer('orders', adminOrderContract);
export type TripAdminOrders = z.infer<typeof tripAdminOrdersContract>;

export const tripDetailContract = z.object({
  trip: tripCardContract,
  orders: z.array(tripOrderContract),
  stats: tripStatsContract,
}) satisfies z.ZodType<TripDetailDto>;

const roomingGuestContract = z.object({
  guest_id: z.number(),
  order_id: z.number().nullable(),
  ...personNameFields,
  gender: z.number().nullable(),
  age_category: z.number().nullable(),
  wheelchair: z.boolean(),
  present: z.boolean(),
}) satisfies z.ZodType<Dto.RoomingGuestDto>;

const roomingRoomContract = z.object({
  key: z.string(),
  existing_id: z.number().nullable(),
  max_guests: z.number(),
  kind: z.enum(['male', 'female', 'family']),
  exclusive: z.boolean(),
  wheelchair: z.boolean(),
  flex: z.object({ room_mekka: z.string().optional(), room_medina: z.string().optional() }),
  order_ids: z.array(z.number()),
  guests: z.array(roomingGuestContract),
}) satisfies z.ZodType<Dto.RoomingRoomDto>;

const ROOMING_RULES = [
  'unknown_guest',
  'duplicate_guest',
  'missing_guest',
  'empty_room',
  'capacity',
  'gender_mixed',
  'family_strangers',
  'family_split',
  'exclusive',
  'group',
  'wheelchair',
] as const satisfies readonly RoomingRule[];

const roomingProblemContract = z.object({
  rule: z.enum(ROOMING_RULES),
  message: z.string(),
  room: z.number().optional(),
  guest_id: z.number().optional(),
}) satisfies z.ZodType<RoomingProblem>;

const roomingWarningContract = z.object({
  code: z.enum(['not_full', 'wheelchair', 'gender_differs', 'split_order']),
  message: z.string(),
  room_key: z.string().optional(),
  guest_ids: z.array(z.number()).optional(),
}) satisfies z.ZodType<RoomingWarning>;

/** POST /api/admin/trips/{start_date}/rooming/proposal (saves nothing). */
export const roomingProposalContract = z.object({
  start_date: z.string(),
  rooms: z.array(roomingRoomContract),
  warnings: z.array(roomingWarningContract),
  problems: z.array(roomingProblemContract),
}) satisfies z.ZodType<RoomingProposalDto>;

/** Which saved version of a rooming list, when and by whom. */
const versionStampContract = z.object({ version: z.number(), created_at: z.string(), created_by: z.string().nullable() });

const roomingVersionSummaryContract = versionStampContract.extend({
  rooms_count: z.number(),
  guests_count: z.number(),
  latest: z.boolean(),
}) satisfies z.ZodType<Dto.RoomingVersionSummaryDto>;

/** GET /api/merged_rooms */
export const mergedRoomsContract = z.object({
  start_date: z.string(),
  versions: z.array(roomingVersionSummaryContract),
  current: versionStampContract.extend({ rooms: z.array(roomingRoomContract), problems: z.array(roomingProblemContract) }).nullable(),
}) satisfies z.ZodType<MergedRoomsDto>;

/** POST /api/merged_rooms (201): the new version. */
export const roomsSavedContract = statusAnswer.extend({
  start_date: z.string(),
  version: z.number(),
  rooms_count: z.number(),
});
export type RoomsSaved = z.infer<typeof roomsSavedContract>;

/** POST /api/admin/trips/merge (201): one new version per trip of the period. */
export const mergeAnswerContract = statusAnswer.extend({
  trips: z.array(z.object({ start_date: z.string(), version: z.number(), rooms_count: z.number() })),
});
export type MergeAnswer = z.infer<typeof mergeAnswerContract>;
