// The rooming-list editor's state and edits, kept pure so they are easy to test: staff start from
// the generator's proposal or a saved version, move a guest to another room, swap two guests, add an
// empty room and fill in the hotel room numbers for Mekka and Medina. While editing, the domain's
// validateRooming shows the rules the list breaks; the server checks them again on save.
import { validateRooming, ROOM_KIND_LABELS, type RoomingInput, type RoomKind } from '@umrah/domain/rooming';
import type { RoomDto, SaveRoomsBody, TripGuest, TripOrder } from '../api';
import { AgeCategory } from '@umrah/domain/enums';

export type { RoomKind };

export interface EditorRoom {
  /** Stable key within the editor (the server's key, or 'nieuw-N' for a room added here). */
  key: string;
  capacity: number;
  kind: RoomKind;
  exclusive: boolean;
  guests: number[];
  existing_id: number | null;
  room_mekka: string;
  room_medina: string;
}

export interface GuestInfo extends TripGuest {
  order_id: number;
  order_number: string;
  customer: string;
}

export type EditResult = { ok: true; rooms: EditorRoom[] } | { ok: false; error: string };

export const PREVIEW_ROOMS_PER_PAGE = 3;
export const ROOM_CAPACITIES = [2, 3, 4] as const;
/** The API takes at most this many guests in one room (babies and children without bed included). */
export const MAX_GUESTS_PER_ROOM = 8;
export const ROOM_KINDS: RoomKind[] = ['male', 'female', 'family'];

export const kindLabel = (kind: string) => ROOM_KIND_LABELS[kind as RoomKind] ?? kind;

export const guestName = (g: Pick<TripGuest, 'first_name' | 'last_name'>) => `${g.first_name} ${g.last_name}`.trim();

/** 'Kamer 3' for the room at index 2: rooms are numbered in the order they are shown. */
export const roomTitle = (index: number) => `Kamer ${index + 1}`;

/** Adults, and children or babies with their own bed, take a bed. */
export const takesBed = (g: Pick<TripGuest, 'age_category' | 'bed_included'> | undefined) =>
  !g || g.age_category === AgeCategory.ADULT || g.bed_included !== false;

/** Every guest of the trip's orders by id, with the order they belong to. */
export function indexGuests(orders: TripOrder[]): Map<number, GuestInfo> {
  const map = new Map<number, GuestInfo>();
  for (const o of orders)
    for (const r of o.rooms) for (const g of r.guests) map.set(g.id, { ...g, order_id: o.id, order_number: o.number, customer: o.customer.name });
  return map;
}

/**
 * The trip's orders as the domain's rooming rules read them. As the API does, an order's rooms are
 * grouped by their hotels (the room's class): guests in other hotels never share a room.
 */
export function toRoomingInput(orders: TripOrder[]): RoomingInput {
  const result: RoomingInput['orders'] = [];
  for (const o of orders) {
    const byClass = new Map<string, RoomingInput['orders'][number]>();
    for (const r of o.rooms) {
      const group = r.class ?? '';
      let entry = byClass.get(group);
      if (!entry) {
        entry = { id: o.id, group, rooms: [] };
        byClass.set(group, entry);
        result.push(entry);
      }
      entry.rooms.push({
        id: r.id,
        room_type: r.room_type,
        room_gender: r.room_gender,
        exclusive: r.exclusive,
        guests: r.guests.map((g) => ({
          id: g.id,
          first_name: g.first_name,
          last_name: g.last_name,
          gender: g.gender,
          age_category: g.age_category,
          bed_included: g.bed_included,
          wheelchair: g.wheelchair,
        })),
      });
    }
  }
  return { orders: result };
}

/**
 * Rooms of a proposal or a saved version. Guests who are no longer on the trip (a cancelled order)
 * are left out and named in `dropped`, so the list can be saved again.
 */
export function fromRoomDtos(rooms: RoomDto[]): { rooms: EditorRoom[]; dropped: string[] } {
  const dropped: string[] = [];
  const result = rooms.map((r, i) => ({
    key: r.key || `kamer-${i + 1}`,
    capacity: r.max_guests,
    kind: r.kind,
    exclusive: r.exclusive,
    guests: r.guests
      .filter((g) => {
        if (g.present === false) dropped.push(`${g.first_name} ${g.last_name}`.trim() || `Reiziger #${g.guest_id}`);
        return g.present !== false;
      })
      .map((g) => g.guest_id),
    existing_id: r.existing_id ?? null,
    room_mekka: r.flex?.room_mekka ?? '',
    room_medina: r.flex?.room_medina ?? '',
  }));
  return { rooms: result, dropped };
}

export const roomOfGuest = (rooms: EditorRoom[], guestId: number) => rooms.find((r) => r.guests.includes(guestId));

/** Beds the guests of a room take. */
export const bedsIn = (room: EditorRoom, guests: Map<number, GuestInfo>) => room.guests.reduce((n, id) => n + (takesBed(guests.get(id)) ? 1 : 0), 0);

/** Whether a guest still fits in a room: a free bed for a guest who takes one, and at most 8 in a room. */
export function fits(room: EditorRoom, guestId: number, guests: Map<number, GuestInfo>): boolean {
  if (room.guests.length >= MAX_GUESTS_PER_ROOM) return false;
  return !takesBed(guests.get(guestId)) || bedsIn(room, guests) < room.capacity;
}

/** Moves a guest (or places one who has no room yet) at the end of a room; refused when that room is full. */
export function moveGuest(rooms: EditorRoom[], guestId: number, toKey: string, guests: Map<number, GuestInfo> = new Map()): EditResult {
  const from = roomOfGuest(rooms, guestId);
  const to = rooms.find((r) => r.key === toKey);
  if (!to) return { ok: false, error: 'Deze kamer bestaat niet (meer).' };
  if (from?.key === to.key) return { ok: true, rooms };
  if (!fits(to, guestId, guests)) {
    return { ok: false, error: `${roomTitle(rooms.indexOf(to))} is vol (${to.capacity} bedden). Wissel de gast met iemand in die kamer.` };
  }
  return {
    ok: true,
    rooms: rooms.map((r) => {
      if (r.key === from?.key) return { ...r, guests: r.guests.filter((g) => g !== guestId) };
      if (r.key === to.key) return { ...r, guests: [...r.guests, guestId] };
      return r;
    }),
  };
}

/** Swaps two guests between their rooms (each takes the other's place). */
export function swapGuests(rooms: EditorRoom[], a: number, b: number): EditResult {
  const ra = roomOfGuest(rooms, a);
  const rb = roomOfGuest(rooms, b);
  if (!ra || !rb) return { ok: false, error: 'Deze gast bestaat niet (meer).' };
  if (a === b || ra.key === rb.key) return { ok: true, rooms };
  return {
    ok: true,
    rooms: rooms.map((r) => {
      if (r.key === ra.key) return { ...r, guests: r.guests.map((g) => (g === a ? b : g)) };
      if (r.key === rb.key) return { ...r, guests: r.guests.map((g) => (g === b ? a : g)) };
      return r;
    }),
  };
}

/** Adds an empty room at the end with a key no other room has. */
export function addRoom(rooms: EditorRoom[], capacity: number, kind: RoomKind): EditorRoom[] {
  let n = rooms.length + 1;
  const keys = new Set(rooms.map((r) => r.key));
  while (keys.has(`nieuw-${n}`)) n++;
  return [...rooms, { key: `nieuw-${n}`, capacity, kind, exclusive: false, guests: [], existing_id: null, room_mekka: '', room_medina: '' }];
}

/** Removes a room, only when it is empty (guests are never dropped by accident). */
export function removeRoom(rooms: EditorRoom[], key: string): EditResult {
  const room = rooms.find((r) => r.key === key);
  if (!room) return { ok: true, rooms };
  if (room.guests.length > 0) return { ok: false, error: 'Alleen een lege kamer kan worden verwijderd.' };
  return { ok: true, rooms: rooms.filter((r) => r.key !== key) };
}

export function setRoomNumbers(rooms: EditorRoom[], key: string, numbers: { room_mekka?: string; room_medina?: string }): EditorRoom[] {
  return rooms.map((r) => (r.key === key ? { ...r, ...numbers } : r));
}

/** Only the rooms with guests are saved (and numbered so in the server's messages). */
const savedRooms = (rooms: EditorRoom[]) => rooms.filter((r) => r.guests.length > 0);

/**
 * The rules the list breaks, by the domain's validateRooming: per room (keyed by the editor's room
 * key) and for the list as a whole (a guest in no room, a family split up).
 */
export function liveProblems(input: RoomingInput, rooms: EditorRoom[]): { byRoom: Map<string, string[]>; general: string[] } {
  const kept = savedRooms(rooms);
  const problems = validateRooming(
    input,
    kept.map((r) => ({ key: r.key, capacity: r.capacity, kind: r.kind, guests: r.guests })),
  );
  const byRoom = new Map<string, string[]>();
  const general: string[] = [];
  for (const p of problems) {
    const room = p.room !== undefined ? kept[p.room - 1] : undefined;
    if (!room) {
      // A guest in no room is shown in the editor's 'Niet ingedeeld' list instead.
      if (p.rule !== 'missing_guest') general.push(p.message);
      continue;
    }
    // The server numbers rooms among the saved (non-empty) ones; show the number the editor shows.
    const shown = rooms.indexOf(room) + 1;
    const message = p.message.replace(`Kamer ${p.room}`, `Kamer ${shown}`);
    byRoom.set(room.key, [...(byRoom.get(room.key) ?? []), message]);
  }
  return { byRoom, general };
}

/** The body of POST /api/merged_rooms; empty rooms are left out. */
export function toSaveBody(startDate: string, rooms: EditorRoom[]): SaveRoomsBody {
  return {
    start_date: startDate,
    rooms: savedRooms(rooms).map((r) => ({
      flex: JSON.stringify({ room_mekka: r.room_mekka.trim(), room_medina: r.room_medina.trim() }),
      existing_id: r.existing_id,
      max_guests: r.capacity,
      ...(ROOM_KINDS.includes(r.kind) ? { kind: r.kind } : {}),
      guests: r.guests.map((guest_id) => ({ guest_id })),
    })),
  };
}

/** Splits the rooms into preview pages of PREVIEW_ROOMS_PER_PAGE, each room with its number. */
export function previewPages<T>(rooms: T[], perPage = PREVIEW_ROOMS_PER_PAGE): { room: T; index: number }[][] {
  const pages: { room: T; index: number }[][] = [];
  let page: { room: T; index: number }[] = [];
  rooms.forEach((room, index) => {
    if (index % perPage === 0) pages.push((page = []));
    page.push({ room, index });
  });
  return pages;
}

/** Guests of the trip that sit in no room (after edits or when a saved version predates a booking). */
export function unplacedGuests(rooms: EditorRoom[], guests: Map<number, GuestInfo>): GuestInfo[] {
  const placed = new Set(rooms.flatMap((r) => r.guests));
  return [...guests.values()].filter((g) => !placed.has(g.id));
}
