// The rooming list of a trip: which guests share which hotel room in Mekka and Medina.
// `proposeRooming` makes a proposal from the booked rooms; `validateRooming` lists the rules a
// (proposed or staff-adjusted) list breaks. Pure: no I/O, used by the API, the web app and the tests.
//
// Rules:
//  1. every guest of the trip is in exactly one room (none lost, none doubled, none from elsewhere);
//  2. a room has 2, 3 or 4 beds and holds at most that many guests who take a bed (a baby or child
//     without own bed sleeps with its family and takes none);
//  3. a family/mix room stays together: its guests are all in one room, with no guest of another order;
//  4. men and women are never mixed in a male or female room;
//  5. an exclusive room stays single: its guest sleeps alone;
//  6. strangers only share a room when they stay in the same hotels (the same `group`);
//  7. a room with a wheelchair guest is flagged.
// The proposal also fills rooms before opening new ones (first fit, largest booking first, per
// room size: a guest keeps the room size they paid for) and splits an order's guests only when
// they do not fit in one room.

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

interface GuestInfo {
  guest: RoomingGuest;
  order: RoomingOrder;
  room: RoomingSourceRoom;
  group: string;
  /** 0 male, 1 female, null unknown: the room's gender in a male/female room, else the guest's own. */
  gender: 0 | 1 | null;
  beds: number;
}

const fullName = (g: RoomingGuest) => `${g.first_name} ${g.last_name}`.trim() || `Reiziger #${g.id}`;
const takesBed = (g: RoomingGuest) => g.age_category === 0 || g.bed_included !== false;
const isCapacity = (n: number): n is RoomCapacity => n === 2 || n === 3 || n === 4;
const kindOfRoom = (room: RoomingSourceRoom): RoomKind => (room.room_gender === 0 ? 'male' : room.room_gender === 1 ? 'female' : 'family');

function guestIndex(input: RoomingInput): Map<number, GuestInfo> {
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

/**
 * The rules (see the top of this file) that `rooms` breaks for this trip; empty when none.
 * Messages are Dutch and name the room by its number in the list (1-based).
 */
export function validateRooming(input: RoomingInput, rooms: readonly RoomDraft[]): RoomingProblem[] {
  const index = guestIndex(input);
  const problems: RoomingProblem[] = [];
  const roomOf = new Map<number, number>();

  rooms.forEach((room, i) => {
    const n = i + 1;
    const infos: GuestInfo[] = [];
    for (const id of room.guests) {
      const info = index.get(id);
      if (!info) {
        problems.push({ rule: 'unknown_guest', message: ROOMING_MSG.unknownGuest(id), room: n, guest_id: id });
        continue;
      }
      if (roomOf.has(id)) {
        problems.push({ rule: 'duplicate_guest', message: ROOMING_MSG.duplicateGuest(fullName(info.guest)), room: n, guest_id: id });
        continue;
      }
      roomOf.set(id, n);
      infos.push(info);
    }
    if (room.guests.length === 0) {
      problems.push({ rule: 'empty_room', message: ROOMING_MSG.emptyRoom(n), room: n });
      return;
    }
    if (!isCapacity(room.capacity)) {
      problems.push({ rule: 'capacity', message: ROOMING_MSG.capacityInvalid(n), room: n });
    } else {
      const beds = infos.reduce((s, g) => s + g.beds, 0);
      if (beds > room.capacity) problems.push({ rule: 'capacity', message: ROOMING_MSG.capacity(n, beds, room.capacity), room: n });
    }
    if (infos.length === 0) return;

    const kind = room.kind ?? inferRoomKind(input, room.guests);
    const orders = new Set(infos.map((g) => g.order.id));
    if (kind === 'family' || infos.some((g) => kindOfRoom(g.room) === 'family')) {
      // A family shares its room with nobody else (its own order's other guests may join it).
      if (orders.size > 1) problems.push({ rule: 'family_strangers', message: ROOMING_MSG.familyStrangers(n), room: n });
    }
    if (kind !== 'family') {
      const genders = new Set(infos.map((g) => g.gender));
      if (genders.has(0) && genders.has(1)) problems.push({ rule: 'gender_mixed', message: ROOMING_MSG.genderMixed(n), room: n });
      const want = kind === 'male' ? 0 : 1;
      for (const g of infos) {
        if (g.gender === null) {
          problems.push({ rule: 'gender_mixed', message: ROOMING_MSG.genderUnknown(n, fullName(g.guest)), room: n, guest_id: g.guest.id });
        } else if (g.gender !== want && !(genders.has(0) && genders.has(1))) {
          problems.push({ rule: 'gender_mixed', message: ROOMING_MSG.genderWrong(n, fullName(g.guest), kind), room: n, guest_id: g.guest.id });
        }
      }
    }
    const exclusiveGuest = infos.find((g) => g.room.exclusive);
    if (exclusiveGuest && room.guests.some((id) => index.get(id)?.room.id !== exclusiveGuest.room.id)) {
      problems.push({
        rule: 'exclusive',
        message: ROOMING_MSG.exclusive(n, fullName(exclusiveGuest.guest)),
        room: n,
        guest_id: exclusiveGuest.guest.id,
      });
    } else if (room.exclusive && room.guests.length > 1) {
      problems.push({ rule: 'exclusive', message: ROOMING_MSG.exclusiveFlag(n), room: n });
    }
    if (new Set(infos.map((g) => g.group)).size > 1) problems.push({ rule: 'group', message: ROOMING_MSG.group(n), room: n });
    if (room.wheelchair !== undefined && infos.some((g) => g.guest.wheelchair) && !room.wheelchair) {
      problems.push({ rule: 'wheelchair', message: ROOMING_MSG.wheelchair(n), room: n });
    }
  });

  // A family's guests all in one room.
  for (const order of input.orders) {
    for (const source of order.rooms) {
      if (kindOfRoom(source) !== 'family') continue;
      const placed = new Set(source.guests.map((g) => roomOf.get(g.id)).filter((n) => n !== undefined));
      if (placed.size > 1) problems.push({ rule: 'family_split', message: ROOMING_MSG.familySplit(fullName(source.guests[0]!)) });
    }
  }
  for (const [id, info] of index) {
    if (!roomOf.has(id)) problems.push({ rule: 'missing_guest', message: ROOMING_MSG.missingGuest(fullName(info.guest)), guest_id: id });
  }
  return problems;
}

/** A piece of one order that goes into one room: an order's guests of one group, kind and size. */
interface Unit {
  orderId: number;
  group: string;
  kind: RoomKind;
  capacity: RoomCapacity;
  exclusive: boolean;
  /** Guests who take a bed, then those who do not. */
  guests: GuestInfo[];
  beds: number;
  existingId: number;
}

interface Bin {
  unit: Omit<Unit, 'guests' | 'beds' | 'orderId'>;
  guests: GuestInfo[];
  beds: number;
  orders: number[];
}

const KIND_ORDER: Record<RoomKind, number> = { family: 0, male: 1, female: 2 };

/**
 * Proposes a rooming list for the trip. Family and exclusive rooms stay as booked; the guests of
 * male and female rooms are packed per group, gender and room size, largest booking first, each
 * into the first room with space (first fit decreasing), so no two rooms of one kind could be
 * merged. An order that does not fit in one room is split into full rooms plus the rest.
 */
export function proposeRooming(input: RoomingInput): RoomingProposal {
  const warnings: RoomingWarning[] = [];
  const fixed: Bin[] = [];
  const pools = new Map<string, Unit[]>();

  for (const order of input.orders) {
    const group = order.group ?? '';
    // Male/female guests of this order, per room size: one unit each (the order stays together).
    const shared = new Map<string, Unit>();
    for (const room of order.rooms) {
      if (room.guests.length === 0) continue;
      const kind = kindOfRoom(room);
      const infos = room.guests.map((guest): GuestInfo => {
        const own = guest.gender === 0 || guest.gender === 1 ? guest.gender : null;
        const gender = kind === 'male' ? 0 : kind === 'female' ? 1 : own;
        if (kind !== 'family' && own !== null && own !== gender)
          warnings.push({ code: 'gender_differs', message: ROOMING_MSG.genderDiffers(fullName(guest)), guest_ids: [guest.id] });
        return { guest, order, room, group, gender, beds: takesBed(guest) ? 1 : 0 };
      });
      // A booked size outside 2-4 (old data) gets the smallest room that fits.
      const beds = infos.reduce((s, g) => s + g.beds, 0);
      const capacity: RoomCapacity = isCapacity(room.room_type) ? room.room_type : beds <= 2 ? 2 : beds <= 3 ? 3 : 4;
      if (kind === 'family' || room.exclusive) {
        fixed.push({
          unit: { group, kind, capacity: Math.max(capacity, Math.min(4, beds)) as RoomCapacity, exclusive: room.exclusive, existingId: room.id },
          guests: infos,
          beds,
          orders: [order.id],
        });
        continue;
      }
      const key = `${kind}|${capacity}`;
      const unit = shared.get(key) ?? { orderId: order.id, group, kind, capacity, exclusive: false, guests: [], beds: 0, existingId: room.id };
      unit.guests.push(...infos);
      unit.beds += beds;
      shared.set(key, unit);
    }
    for (const unit of shared.values()) {
      const poolKey = `${unit.group}\u0000${unit.kind}\u0000${unit.capacity}`;
      const pool = pools.get(poolKey) ?? [];
      // Too many for one room: full rooms of this order first, the rest is packed with others.
      const bedGuests = unit.guests.filter((g) => g.beds > 0);
      const noBed = unit.guests.filter((g) => g.beds === 0);
      if (unit.beds > unit.capacity) {
        warnings.push({ code: 'split_order', message: ROOMING_MSG.splitOrder(unit.orderId), guest_ids: unit.guests.map((g) => g.guest.id) });
        let rest = bedGuests;
        let first = true;
        while (rest.length > unit.capacity) {
          const chunk = rest.slice(0, unit.capacity);
          rest = rest.slice(unit.capacity);
          const guests = first ? [...chunk, ...noBed] : chunk;
          first = false;
          fixed.push({ unit: { ...unit }, guests, beds: chunk.length, orders: [unit.orderId] });
        }
        if (rest.length > 0) pool.push({ ...unit, guests: first ? [...rest, ...noBed] : rest, beds: rest.length });
      } else {
        pool.push({ ...unit, guests: [...bedGuests, ...noBed] });
      }
      pools.set(poolKey, pool);
    }
  }

  const packed: Bin[] = [];
  for (const units of pools.values()) {
    // Largest booking first, then by order id so the result does not depend on the input order.
    units.sort((a, b) => b.beds - a.beds || a.orderId - b.orderId);
    const bins: Bin[] = [];
    for (const unit of units) {
      // A unit without a bed (never from a valid order) gets its own room: no child alone with strangers.
      const bin = unit.beds === 0 ? undefined : bins.find((b) => b.beds + unit.beds <= unit.capacity && b.beds > 0);
      if (bin) {
        bin.guests.push(...unit.guests);
        bin.beds += unit.beds;
        if (!bin.orders.includes(unit.orderId)) bin.orders.push(unit.orderId);
      } else {
        bins.push({ unit, guests: [...unit.guests], beds: unit.beds, orders: [unit.orderId] });
      }
    }
    packed.push(...bins);
  }

  const all = [...fixed, ...packed].sort(
    (a, b) =>
      a.unit.group.localeCompare(b.unit.group) ||
      KIND_ORDER[a.unit.kind] - KIND_ORDER[b.unit.kind] ||
      a.unit.capacity - b.unit.capacity ||
      Number(b.unit.exclusive) - Number(a.unit.exclusive) ||
      (a.orders[0] ?? 0) - (b.orders[0] ?? 0) ||
      (a.guests[0]?.guest.id ?? 0) - (b.guests[0]?.guest.id ?? 0),
  );
  const rooms = all.map((bin, i): ProposedRoom => {
    const key = `kamer-${i + 1}`;
    const wheelchair = bin.guests.some((g) => g.guest.wheelchair);
    for (const g of bin.guests)
      if (g.guest.wheelchair)
        warnings.push({
          code: 'wheelchair',
          message: ROOMING_MSG.wheelchairGuest(fullName(g.guest), `Kamer ${i + 1}`),
          room_key: key,
          guest_ids: [g.guest.id],
        });
    if (bin.beds < bin.unit.capacity && !bin.unit.exclusive) {
      warnings.push({ code: 'not_full', message: ROOMING_MSG.notFull(`Kamer ${i + 1}`, bin.beds, bin.unit.capacity), room_key: key });
    }
    return {
      key,
      capacity: bin.unit.capacity,
      kind: bin.unit.kind,
      exclusive: bin.unit.exclusive,
      guests: bin.guests.map((g) => g.guest.id),
      order_ids: [...bin.orders].sort((a, b) => a - b),
      wheelchair,
      group: bin.unit.group,
      existing_id: bin.guests[0]?.room.id ?? bin.unit.existingId ?? null,
    };
  });
  return { rooms, warnings };
}

/** Beds the guests take (adults, and children or babies with own bed). */
export function bedsOf(input: RoomingInput, guestIds: readonly number[]): number {
  const index = guestIndex(input);
  return guestIds.reduce((s, id) => s + (index.get(id)?.beds ?? 0), 0);
}
