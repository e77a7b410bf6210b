import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  TRIP_MSG,
  formatDate,
  proposeRooming,
  validateRooming,
  ROOM_KIND_LABELS,
  type MergePeriodInput,
  type MergedRoomsSaveInput,
  type RoomDraft,
  type RoomKind,
  type RoomNumbers,
  type TripCardDto,
  Gender,
} from '@umrah/domain';
import type { DbOrTx } from '../../../db/index.ts';
import { auditLog, guests, mergedRoomVersions, orders, products, rooms, users } from '../../../db/schema.ts';
import { layout } from '../../../infra/mail/templates.ts';
import { queueMail } from '../../../infra/mail/outbox.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { UMRAH_TYPES, countedOrder, loadTrip, type Actor, type Ctx, type LoadedTrip, type TripGuest } from './load-trip.ts';
import { roomToSave, type RoomToSave, type StoredRoom } from './rooming-versions.ts';

// Saving a rooming list as a trip's next version: staff's own (checked against the rules) or the
// generated ones of every trip in a period; the office gets a mail either way.

/** A guest the rooms name, after validateRooming has checked that each is on the trip. */
function knownGuest(trip: LoadedTrip, id: number): TripGuest {
  const guest = trip.guestById.get(id);
  if (!guest) throw new Error(`guest ${id} passed the rooming check but is not on the trip`);
  return guest;
}

/** Checks staff's rooms against the trip (400 with the first broken rule in Dutch, all of them in details). */
function checkedRooms(trip: LoadedTrip, input: MergedRoomsSaveInput['rooms']): RoomToSave[] {
  const drafts: (RoomDraft & { existing_id: number | null; flex: RoomNumbers })[] = input.map((r) => {
    const ids = r.guests.map((g) => g.guest_id);
    const known = ids.map((id) => trip.guestById.get(id)).filter((g) => g !== undefined);
    const sourceRooms = new Set(known.map((g) => g.roomId));
    const exclusiveSource = trip.input.orders.some((o) => o.rooms.some((room) => room.exclusive && sourceRooms.has(room.id)));
    return {
      capacity: r.max_guests,
      kind: r.kind,
      // Derived, not trusted: the wheelchair mark and the exclusive flag follow the guests.
      wheelchair: known.some((g) => g.wheelchair),
      exclusive: exclusiveSource,
      guests: ids,
      existing_id: r.existing_id ?? null,
      flex: r.flex,
    };
  });
  if (trip.guestById.size === 0) throw notFound(TRIP_MSG.noGuests);
  const problems = validateRooming(trip.input, drafts);
  const [first] = problems;
  if (first) throw badRequest(first.message, problems);
  return drafts.map((d) => ({
    existing_id: d.existing_id,
    max_guests: d.capacity,
    kind: d.kind ?? inferKind(trip, d.guests),
    exclusive: d.exclusive ?? false,
    wheelchair: d.wheelchair ?? false,
    flex: d.flex,
    guests: d.guests,
    order_ids: [...new Set(d.guests.map((id) => knownGuest(trip, id).orderId))].sort((a, b) => a - b),
  }));
}

function inferKind(trip: LoadedTrip, ids: number[]): RoomKind {
  const infos = ids.map((id) => knownGuest(trip, id));
  const roomGender = new Map(trip.input.orders.flatMap((o) => o.rooms.map((r) => [r.id, r.room_gender] as const)));
  if (infos.some((g) => roomGender.get(g.roomId) === Gender.MIX)) return 'family';
  return infos.every((g) => g.gender === Gender.FEMALE) ? 'female' : 'male';
}

/**
 * Writes the rooms as the trip's next version, in the caller's transaction. A transaction-scoped
 * advisory lock per trip day makes concurrent saves take turns, so each gets its own number.
 */
async function insertVersion(tx: DbOrTx, startDate: string, list: RoomToSave[], actor: Actor): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`merged_rooms:${startDate}`}))`);
  const [row] = await tx
    .select({ v: sql<number | null>`max(${mergedRoomVersions.version})` })
    .from(mergedRoomVersions)
    .where(eq(mergedRoomVersions.startDate, startDate));
  const version = Number(row?.v ?? 0) + 1;
  await tx.insert(mergedRoomVersions).values(
    list.map((r, i) => ({
      version,
      existingId: r.existing_id,
      startDate,
      guests: r.guests.map((id) => ({ guest_id: id })),
      rooms: {
        key: `kamer-${i + 1}`,
        kind: r.kind,
        exclusive: r.exclusive,
        wheelchair: r.wheelchair,
        flex: r.flex,
        order_ids: r.order_ids,
        position: i,
        created_by: actor.user.email,
      } satisfies StoredRoom,
      maxGuests: r.max_guests,
    })),
  );
  await tx.insert(auditLog).values({
    actorUserId: actor.user.id,
    actorEmail: actor.user.email,
    action: 'trip.rooming.save',
    details: { start_date: startDate, version, rooms: list.length },
  });
  return version;
}

const period = (card: TripCardDto) => `${formatDate(card.start_date)} t/m ${formatDate(card.end_date ?? card.start_date)}`;

function officeMail(saved: { trip: LoadedTrip; version: number; list: RoomToSave[] }[], actor: Actor, publicUrl: string, heading: string) {
  const paragraphs = saved.flatMap(({ trip, version, list }) => [
    `${trip.card.label} (${period(trip.card)}), versie ${version}: ${list.length} kamers, ${list.reduce((s, r) => s + r.guests.length, 0)} reizigers.`,
    ...list.map((r, i) => {
      const numbers = [r.flex.room_mekka ? `Mekka ${r.flex.room_mekka}` : '', r.flex.room_medina ? `Medina ${r.flex.room_medina}` : '']
        .filter(Boolean)
        .join(', ');
      const names = r.guests.map((id) => {
        const g = knownGuest(trip, id);
        return `${g.row.firstName} ${g.row.lastName}${g.wheelchair ? ' (rolstoel)' : ''}`;
      });
      return `Kamer ${i + 1} (${r.max_guests}-persoons, ${ROOM_KIND_LABELS[r.kind]}${r.exclusive ? ', exclusief' : ''}${numbers ? `; ${numbers}` : ''}): ${names.join(', ')}`;
    }),
  ]);
  return {
    subject: heading,
    ...layout(heading, [`Opgeslagen door ${actor.user.email}.`, ...paragraphs], { href: `${publicUrl}/admin`, label: 'Naar de reisoverzichten' }),
  };
}

/** POST /api/merged_rooms: staff's (adjusted) rooming list as the trip's next version; mails the office. */
export async function saveMergedRooms(ctx: Ctx, actor: Actor, input: MergedRoomsSaveInput) {
  const trip = await loadTrip(ctx.db, input.start_date);
  const list = checkedRooms(trip, input.rooms);
  const version = await ctx.db.transaction(async (tx) => {
    const v = await insertVersion(tx, input.start_date, list, actor);
    await queueMail(tx, {
      to: ctx.config.officeEmail,
      ...officeMail(
        [{ trip, version: v, list }],
        actor,
        ctx.config.publicUrl,
        `Kamerindeling ${trip.card.label} (${period(trip.card)}), versie ${v}`,
      ),
    });
    return v;
  });
  void ctx.mail.kick();
  return {
    status: 'success' as const,
    message: TRIP_MSG.merged(trip.card.start_date, trip.card.end_date ?? trip.card.start_date),
    start_date: input.start_date,
    version,
    rooms_count: list.length,
  };
}

const proposalToSave = (trip: LoadedTrip): RoomToSave[] => proposeRooming(trip.input).rooms.map(roomToSave);

/**
 * POST /api/admin/trips/merge (the orders tab's merge-rooms dialog, which needs a period): for every
 * trip starting in the period that has counted guests, the generated rooming list is saved as its
 * next version (hotel room numbers are filled in later, in a new version); one mail to the office.
 */
export async function mergePeriod(ctx: Ctx, actor: Actor, input: MergePeriodInput) {
  const days = await ctx.db
    .selectDistinct({ start: products.start })
    .from(guests)
    .innerJoin(rooms, eq(rooms.id, guests.roomId))
    .innerJoin(products, eq(products.id, rooms.productId))
    .innerJoin(orders, eq(orders.id, rooms.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(countedOrder(), gte(products.start, input.start), lte(products.start, input.end), inArray(products.type, UMRAH_TYPES)))
    .orderBy(asc(products.start));
  const trips: LoadedTrip[] = [];
  for (const d of days) {
    if (d.start === null) continue;
    const trip = await loadTrip(ctx.db, d.start);
    if (trip.guestById.size > 0) trips.push(trip);
  }
  if (trips.length === 0) throw notFound(TRIP_MSG.noTripsInPeriod);
  const plans = trips.map((trip) => ({ trip, list: proposalToSave(trip) }));
  const saved = await ctx.db.transaction(async (tx) => {
    const done: { trip: LoadedTrip; version: number; list: RoomToSave[] }[] = [];
    // Trip days in date order, so two overlapping merges take the per-day locks in the same order.
    for (const p of plans) done.push({ ...p, version: await insertVersion(tx, p.trip.card.start_date, p.list, actor) });
    await queueMail(tx, {
      to: ctx.config.officeEmail,
      ...officeMail(done, actor, ctx.config.publicUrl, `Kamers samengevoegd: ${formatDate(input.start)} t/m ${formatDate(input.end)}`),
    });
    return done;
  });
  void ctx.mail.kick();
  return {
    status: 'success' as const,
    message: TRIP_MSG.merged(input.start, input.end),
    trips: saved.map((s) => ({ start_date: s.trip.card.start_date, version: s.version, rooms_count: s.list.length })),
  };
}
