import { and, desc, eq, sql } from 'drizzle-orm';
import {
  TRIP_MSG,
  proposeRooming,
  validateRooming,
  type MergedRoomsDto,
  type ProposedRoom,
  type RoomDraft,
  type RoomKind,
  type RoomNumbers,
  type RoomingGuestDto,
  type RoomingProposalDto,
  type RoomingRoomDto,
} from '@umrah/domain';
import type { DbOrTx } from '../../../db/index.ts';
import { mergedRoomVersions } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { loadTrip, type Ctx, type LoadedTrip } from './load-trip.ts';

// A trip's rooming list: the generated proposal and the saved versions (merged_room_versions: one row
// per room of a version).

/** A guest of a saved list who is no longer on the trip (or the trip is gone): named by id. */
const absentGuest = (id: number): RoomingGuestDto => ({
  guest_id: id,
  order_id: null,
  first_name: '',
  last_name: `Reiziger #${id}`,
  gender: null,
  age_category: null,
  wheelchair: false,
  present: false,
});

const guestDto = (trip: LoadedTrip, id: number): RoomingGuestDto => {
  const g = trip.guestById.get(id);
  if (!g) return absentGuest(id);
  return {
    guest_id: id,
    order_id: g.orderId,
    first_name: g.row.firstName,
    last_name: g.row.lastName,
    gender: g.gender,
    age_category: g.row.ageCategory,
    wheelchair: g.wheelchair,
    present: true,
  };
};

/** POST /api/admin/trips/{start_date}/rooming/proposal: a generated rooming list, not saved. */
export async function roomingProposal(ctx: Ctx, startDate: string): Promise<RoomingProposalDto> {
  const trip = await loadTrip(ctx.db, startDate);
  const { rooms: proposed, warnings } = proposeRooming(trip.input);
  return {
    start_date: startDate,
    rooms: proposed.map((r) => ({ key: r.key, ...roomToSave(r), guests: r.guests.map((id) => guestDto(trip, id)) })),
    warnings,
    // Always empty for a proposal (the property test guards it); sent so the page shows one shape.
    problems: validateRooming(trip.input, proposed),
  };
}

/** What a version row keeps in `rooms` besides the guests. */
export interface StoredRoom {
  key: string;
  kind: RoomKind;
  exclusive: boolean;
  wheelchair: boolean;
  flex: RoomNumbers;
  order_ids: number[];
  position: number;
  created_by: string | null;
}
type VersionRow = typeof mergedRoomVersions.$inferSelect;

const storedGuests = (row: VersionRow): number[] =>
  Array.isArray(row.guests) ? (row.guests as { guest_id?: unknown }[]).map((g) => Number(g?.guest_id)).filter(Number.isInteger) : [];

function roomFromRow(row: VersionRow, trip: LoadedTrip | null): RoomingRoomDto {
  const stored = (row.rooms ?? {}) as Partial<StoredRoom>;
  const ids = storedGuests(row);
  return {
    key: stored.key ?? `kamer-${row.id}`,
    existing_id: row.existingId,
    max_guests: row.maxGuests,
    kind: stored.kind ?? 'male',
    exclusive: stored.exclusive ?? false,
    wheelchair: stored.wheelchair ?? false,
    flex: stored.flex ?? {},
    order_ids: stored.order_ids ?? [],
    guests: ids.map((id) => (trip ? guestDto(trip, id) : absentGuest(id))),
  };
}

const positionOf = (row: VersionRow) => Number((row.rooms as Partial<StoredRoom>)?.position ?? row.id);

/** The rows of one version (or the latest), in list order; null when there is none. */
export async function versionRows(db: DbOrTx, startDate: string, version?: number): Promise<{ version: number; rows: VersionRow[] } | null> {
  let wanted = version;
  if (wanted === undefined) {
    const [latest] = await db
      .select({ v: sql<number | null>`max(${mergedRoomVersions.version})` })
      .from(mergedRoomVersions)
      .where(eq(mergedRoomVersions.startDate, startDate));
    if (latest?.v === null || latest?.v === undefined) return null;
    wanted = Number(latest.v);
  }
  const rows = await db
    .select()
    .from(mergedRoomVersions)
    .where(and(eq(mergedRoomVersions.startDate, startDate), eq(mergedRoomVersions.version, wanted)));
  if (rows.length === 0) return null;
  return { version: wanted, rows: rows.sort((a, b) => positionOf(a) - positionOf(b)) };
}

async function loadTripOrNull(db: DbOrTx, startDate: string): Promise<LoadedTrip | null> {
  try {
    return await loadTrip(db, startDate);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return null;
    throw err;
  }
}

const draftOf = (r: RoomingRoomDto): RoomDraft => ({
  key: r.key,
  capacity: r.max_guests,
  kind: r.kind,
  exclusive: r.exclusive,
  wheelchair: r.wheelchair,
  guests: r.guests.map((g) => g.guest_id),
});

/** GET /api/merged_rooms?start_date=&version=: the versions of a trip and one of them (the latest by default). */
export async function mergedRooms(ctx: Ctx, startDate: string, version?: number): Promise<MergedRoomsDto> {
  const summary = await ctx.db
    .select({
      version: mergedRoomVersions.version,
      createdAt: sql<string>`min(${mergedRoomVersions.createdAt})`,
      createdBy: sql<string | null>`min(${mergedRoomVersions.rooms} ->> 'created_by')`,
      rooms: sql<number>`count(*)::int`,
      guests: sql<number>`coalesce(sum(jsonb_array_length(case when jsonb_typeof(${mergedRoomVersions.guests}) = 'array' then ${mergedRoomVersions.guests} else '[]'::jsonb end)), 0)::int`,
    })
    .from(mergedRoomVersions)
    .where(eq(mergedRoomVersions.startDate, startDate))
    .groupBy(mergedRoomVersions.version)
    .orderBy(desc(mergedRoomVersions.version));
  if (version !== undefined && !summary.some((s) => s.version === version)) throw notFound(TRIP_MSG.versionNotFound);
  const chosen = summary.length ? await versionRows(ctx.db, startDate, version) : null;
  const trip = chosen ? await loadTripOrNull(ctx.db, startDate) : null;
  const roomsDto = chosen ? chosen.rows.map((row) => roomFromRow(row, trip)) : [];
  const meta = chosen ? summary.find((s) => s.version === chosen.version) : undefined;
  return {
    start_date: startDate,
    versions: summary.map((s, i) => ({
      version: s.version,
      created_at: new Date(s.createdAt).toISOString(),
      created_by: s.createdBy ?? null,
      rooms_count: Number(s.rooms),
      guests_count: Number(s.guests),
      latest: i < 4,
    })),
    current:
      chosen && meta
        ? {
            version: chosen.version,
            created_at: new Date(meta.createdAt).toISOString(),
            created_by: meta.createdBy ?? null,
            rooms: roomsDto,
            problems: trip ? validateRooming(trip.input, roomsDto.map(draftOf)) : [],
          }
        : null,
  };
}

/** A room as it is saved: the guests by id. */
export type RoomToSave = Omit<RoomingRoomDto, 'key' | 'guests'> & { guests: number[] };

/** A proposed room as it would be saved (no room numbers yet). */
export const roomToSave = (r: ProposedRoom): RoomToSave => ({
  existing_id: r.existing_id,
  max_guests: r.capacity,
  kind: r.kind,
  exclusive: r.exclusive,
  wheelchair: r.wheelchair,
  flex: {},
  guests: r.guests,
  order_ids: r.order_ids,
});
