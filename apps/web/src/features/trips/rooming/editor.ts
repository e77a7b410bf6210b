// The rooming-list editor's state and edits, kept pure so they are easy to test: staff start from
// the generator's proposal or a saved version, move a guest to another room, swap two guests, add an
// empty room and fill in the hotel room numbers for Mekka and Medina. The server checks the rules
// again when a version is saved; the checks here only warn while editing.
import type { Proposal, SavedRoom, SaveRoomsBody, TripGuest, TripOrder } from '../api';

export type RoomKind = 'male' | 'female' | 'mix' | 'family' | string;

export interface EditorRoom {
  /** Stable key within the editor (the proposal's key, 'v-<id>' for a saved room, 'nieuw-N' for a new one). */
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

export const KIND_LABELS: Record<string, string> = {
  male: 'Mannen',
  female: 'Vrouwen',
  mix: 'Gemengd',
  family: 'Familie',
};
export const kindLabel = (kind: RoomKind) => KIND_LABELS[kind] ?? kind;

export const guestName = (g: Pick<TripGuest, 'first_name' | 'last_name'>) => `${g.first_name} ${g.last_name}`.trim();

/** 'Kamer 3' for the room at index 2: rooms are numbered in the order they are shown. */
export const roomTitle = (index: number) => `Kamer ${index + 1}`;

/** Every guest of the trip's orders by id, with the order they belong to. */
export function indexGuests(orders: TripOrder[]): Map<number, GuestInfo> {
  const map = new Map<number, GuestInfo>();
  for (const o of orders)
    for (const r of o.rooms)
      for (const g of r.guests) map.set(g.id, { ...g, order_id: o.id, order_number: o.number, customer: o.customer.name });
  return map;
}

export function fromProposal(proposal: Proposal): EditorRoom[] {
  return proposal.rooms.map((r) => ({
    key: r.key,
    capacity: r.capacity,
    kind: r.kind,
    exclusive: r.exclusive,
    guests: [...r.guests],
    existing_id: null,
    room_mekka: '',
    room_medina: '',
  }));
}

function parseFlex(flex: SavedRoom['flex']): { room_mekka?: unknown; room_medina?: unknown } {
  if (!flex) return {};
  if (typeof flex === 'object') return flex;
  try {
    const parsed = JSON.parse(flex) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The kind of a saved room, which the API may not store: men only, women only, otherwise mixed. */
export function kindOfGuests(ids: number[], guests: Map<number, GuestInfo>): RoomKind {
  const genders = ids.map((id) => guests.get(id)?.gender ?? null);
  if (genders.length > 0 && genders.every((g) => g === 0)) return 'male';
  if (genders.length > 0 && genders.every((g) => g === 1)) return 'female';
  return 'mix';
}

export function fromSavedRooms(saved: SavedRoom[], guests: Map<number, GuestInfo>): EditorRoom[] {
  return saved.map((r, i) => {
    const ids = r.guests
      .map((g) => (typeof g === 'number' ? g : (g.guest_id ?? g.id)))
      .filter((id): id is number => typeof id === 'number');
    const flex = parseFlex(r.flex);
    return {
      key: r.id !== undefined ? `v-${r.id}` : `v-i${i}`,
      capacity: r.max_guests ?? r.maxGuests ?? Math.max(ids.length, 2),
      kind: r.kind ?? kindOfGuests(ids, guests),
      exclusive: r.exclusive ?? false,
      guests: ids,
      existing_id: r.existing_id ?? null,
      room_mekka: text(r.room_mekka ?? flex.room_mekka),
      room_medina: text(r.room_medina ?? flex.room_medina),
    };
  });
}

export const roomOfGuest = (rooms: EditorRoom[], guestId: number) => rooms.find((r) => r.guests.includes(guestId));

/** Moves a guest (or places one who has no room yet) at the end of a room; refused when that room is full. */
export function moveGuest(rooms: EditorRoom[], guestId: number, toKey: string): EditResult {
  const from = roomOfGuest(rooms, guestId);
  const to = rooms.find((r) => r.key === toKey);
  if (!to) return { ok: false, error: 'Deze kamer bestaat niet (meer).' };
  if (from?.key === to.key) return { ok: true, rooms };
  if (to.guests.length >= to.capacity) {
    return { ok: false, error: `${roomTitle(rooms.indexOf(to))} is vol (${to.capacity} personen). Wissel de gast met iemand in die kamer.` };
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
  return [
    ...rooms,
    { key: `nieuw-${n}`, capacity, kind, exclusive: false, guests: [], existing_id: null, room_mekka: '', room_medina: '' },
  ];
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

/** Rule breaks seen while editing (the server checks them again on save). */
export function roomProblems(room: EditorRoom, guests: Map<number, GuestInfo>): string[] {
  const problems: string[] = [];
  if (room.guests.length > room.capacity) problems.push(`Te veel gasten: ${room.guests.length} in een kamer voor ${room.capacity}.`);
  const members = room.guests.map((id) => guests.get(id)).filter((g): g is GuestInfo => !!g);
  if (room.kind === 'male' && members.some((g) => g.gender === 1)) problems.push('Er staat een vrouw in een mannenkamer.');
  if (room.kind === 'female' && members.some((g) => g.gender === 0)) problems.push('Er staat een man in een vrouwenkamer.');
  if (room.exclusive && new Set(members.map((g) => g.order_id)).size > 1) problems.push('Een exclusieve kamer is voor één boeking.');
  return problems;
}

/** The body of POST /api/merged_rooms; empty rooms are left out. */
export function toSaveBody(startDate: string, rooms: EditorRoom[]): SaveRoomsBody {
  return {
    start_date: startDate,
    rooms: rooms
      .filter((r) => r.guests.length > 0)
      .map((r) => ({
        flex: JSON.stringify({ room_mekka: r.room_mekka.trim(), room_medina: r.room_medina.trim() }),
        existing_id: r.existing_id,
        max_guests: r.capacity,
        guests: r.guests.map((guest_id) => ({ guest_id })),
      })),
  };
}

/** Splits the rooms into preview pages of PREVIEW_ROOMS_PER_PAGE, each room with its number. */
export function previewPages<T>(rooms: T[], perPage = PREVIEW_ROOMS_PER_PAGE): { room: T; index: number }[][] {
  const pages: { room: T; index: number }[][] = [];
  rooms.forEach((room, index) => {
    if (index % perPage === 0) pages.push([]);
    pages[pages.length - 1].push({ room, index });
  });
  return pages;
}

/** Guests of the trip that sit in no room (after edits or when a saved version predates a booking). */
export function unplacedGuests(rooms: EditorRoom[], guests: Map<number, GuestInfo>): GuestInfo[] {
  const placed = new Set(rooms.flatMap((r) => r.guests));
  return [...guests.values()].filter((g) => !placed.has(g.id));
}
