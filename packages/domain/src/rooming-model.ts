// The rooming list's shapes, texts and the guest index the proposal and the checks share (rooming.ts).

export type RoomKind = 'male' | 'female' | 'family';
export type RoomCapacity = 2 | 3 | 4;

export interface RoomingGuest {
  id: number;
  first_name: string;
  last_name: string;
  /** 0 male, 1 female; null (or 2) when unknown. In a male or female room the room's gender counts. */
  gender: number | null;
  /** 0 adult, 1 child, 2 baby */
  age_category: number;
  /** false: a child or baby without own bed (sleeps with the family, takes no bed). Adults always take one. */
  bed_included?: boolean;
  /** guests.flex.disabled */
  wheelchair: boolean;
}

export interface RoomingSourceRoom {
  /** The booked room's id (rooms.id). */
  id: number;
  /** 2, 3 or 4 */
  room_type: number;
  /** 0 male, 1 female, 2 mix/family */
  room_gender: number;
  exclusive: boolean;
  guests: RoomingGuest[];
}

export interface RoomingOrder {
  id: number;
  /**
   * Orders of different groups never share a room (e.g. the hotel class: Firstclass and
   * Premiumclass sleep in different hotels). Empty or missing: one group.
   */
  group?: string;
  rooms: RoomingSourceRoom[];
}

export interface RoomingInput {
  orders: RoomingOrder[];
}

export interface ProposedRoom {
  /** Stable within one list: 'kamer-1', 'kamer-2', ... */
  key: string;
  capacity: RoomCapacity;
  kind: RoomKind;
  exclusive: boolean;
  /** Guest ids. */
  guests: number[];
  order_ids: number[];
  wheelchair: boolean;
  group: string;
  /** The booked room the first guest came from. */
  existing_id: number | null;
}

export interface RoomingWarning {
  code: 'not_full' | 'wheelchair' | 'gender_differs' | 'split_order';
  message: string;
  room_key?: string;
  guest_ids?: number[];
}

export interface RoomingProposal {
  rooms: ProposedRoom[];
  warnings: RoomingWarning[];
}

/** A room as staff save it: kind, exclusive and wheelchair may be left out (they are derived). */
export interface RoomDraft {
  key?: string;
  capacity: number;
  kind?: RoomKind;
  exclusive?: boolean;
  wheelchair?: boolean;
  guests: number[];
}

export type RoomingRule =
  | 'unknown_guest'
  | 'duplicate_guest'
  | 'missing_guest'
  | 'empty_room'
  | 'capacity'
  | 'gender_mixed'
  | 'family_strangers'
  | 'family_split'
  | 'exclusive'
  | 'group'
  | 'wheelchair';

export interface RoomingProblem {
  rule: RoomingRule;
  message: string;
  /** 1-based room number in the list. */
  room?: number;
  guest_id?: number;
}

export const ROOM_KIND_LABELS: Record<RoomKind, string> = { male: 'Mannen', female: 'Vrouwen', family: 'Familie' };

export const ROOMING_MSG = {
  unknownGuest: (id: number) => `Reiziger #${id} hoort niet bij deze reis.`,
  duplicateGuest: (name: string) => `${name} staat meer dan één keer in de kamerindeling.`,
  missingGuest: (name: string) => `${name} is niet ingedeeld in een kamer.`,
  emptyRoom: (n: number) => `Kamer ${n} is leeg.`,
  capacityInvalid: (n: number) => `Kamer ${n}: een kamer heeft 2, 3 of 4 bedden.`,
  capacity: (n: number, beds: number, capacity: number) => `Kamer ${n} heeft ${beds} bedden nodig, maar er zijn er maar ${capacity}.`,
  genderMixed: (n: number) => `Kamer ${n}: mannen en vrouwen mogen niet samen in een mannen- of vrouwenkamer.`,
  genderWrong: (n: number, name: string, kind: RoomKind) =>
    `Kamer ${n} is een ${kind === 'male' ? 'mannenkamer' : 'vrouwenkamer'}: ${name} hoort daar niet.`,
  genderUnknown: (n: number, name: string) => `Kamer ${n}: het geslacht van ${name} is onbekend, dus niet in een mannen- of vrouwenkamer.`,
  familyStrangers: (n: number) => `Kamer ${n}: een familiekamer blijft bij elkaar en wordt niet met andere boekingen gedeeld.`,
  familySplit: (name: string) => `De familie van ${name} blijft bij elkaar in één kamer.`,
  exclusive: (n: number, name: string) => `Kamer ${n}: ${name} heeft een exclusieve kamer en slaapt alleen.`,
  exclusiveFlag: (n: number) => `Kamer ${n} is exclusief en mag maar één reiziger hebben.`,
  group: (n: number) => `Kamer ${n}: reizigers in verschillende hotels (reisklassen) kunnen geen kamer delen.`,
  wheelchair: (n: number) => `Kamer ${n} heeft een reiziger in een rolstoel en moet zo gemarkeerd zijn.`,
  notFull: (key: string, beds: number, capacity: number) => `${key}: ${beds} van ${capacity} bedden bezet.`,
  wheelchairGuest: (name: string, key: string) => `${name} zit in een rolstoel (${key}).`,
  genderDiffers: (name: string) => `Het geslacht van ${name} wijkt af van de geboekte kamer; de kamer is aangehouden.`,
  splitOrder: (orderId: number) => `De reizigers van bestelling FCU2${orderId} passen niet in één kamer en zijn verdeeld.`,
} as const;

export interface GuestInfo {
  guest: RoomingGuest;
  order: RoomingOrder;
  room: RoomingSourceRoom;
  group: string;
  /** 0 male, 1 female, null unknown: the room's gender in a male/female room, else the guest's own. */
  gender: 0 | 1 | null;
  beds: number;
}

export const fullName = (g: RoomingGuest) => `${g.first_name} ${g.last_name}`.trim() || `Reiziger #${g.id}`;
export const takesBed = (g: RoomingGuest) => g.age_category === 0 || g.bed_included !== false;
export const isCapacity = (n: number): n is RoomCapacity => n === 2 || n === 3 || n === 4;
export const kindOfRoom = (room: RoomingSourceRoom): RoomKind => (room.room_gender === 0 ? 'male' : room.room_gender === 1 ? 'female' : 'family');

export function guestIndex(input: RoomingInput): Map<number, GuestInfo> {
  const byId = new Map<number, GuestInfo>();
  for (const order of input.orders) {
    for (const room of order.rooms) {
      const kind = kindOfRoom(room);
      for (const guest of room.guests) {
        const own = guest.gender === 0 || guest.gender === 1 ? guest.gender : null;
        byId.set(guest.id, {
          guest,
          order,
          room,
          group: order.group ?? '',
          gender: kind === 'male' ? 0 : kind === 'female' ? 1 : own,
          beds: takesBed(guest) ? 1 : 0,
        });
      }
    }
  }
  return byId;
}

/** The kind a room of these guests must be, when staff leave it out: a family, else by gender. */
export function inferRoomKind(input: RoomingInput, guestIds: readonly number[]): RoomKind {
  const index = guestIndex(input);
  const infos = guestIds.map((id) => index.get(id)).filter((g): g is GuestInfo => g !== undefined);
  if (infos.some((g) => kindOfRoom(g.room) === 'family')) return 'family';
  if (infos.length > 0 && infos.every((g) => g.gender === 1)) return 'female';
  return 'male';
}

/** Beds the guests take (adults, and children or babies with own bed). */
export function bedsOf(input: RoomingInput, guestIds: readonly number[]): number {
  const index = guestIndex(input);
  return guestIds.reduce((s, id) => s + (index.get(id)?.beds ?? 0), 0);
}
