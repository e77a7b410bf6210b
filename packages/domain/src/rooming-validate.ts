import {
  fullName,
  guestIndex,
  inferRoomKind,
  isCapacity,
  kindOfRoom,
  ROOMING_MSG,
  type GuestInfo,
  type RoomDraft,
  type RoomingInput,
  type RoomingProblem,
} from './rooming-model.ts';

/** The room's guests known to the trip and placed once; unknown and doubled guests are problems. */
function placeGuests(
  index: Map<number, GuestInfo>,
  room: RoomDraft,
  n: number,
  roomOf: Map<number, number>,
  problems: RoomingProblem[],
): GuestInfo[] {
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
  return infos;
}

/** Men and women apart in a male or female room, and each guest of the room's gender. */
function genderProblems(infos: GuestInfo[], kind: 'male' | 'female', n: number): RoomingProblem[] {
  const problems: RoomingProblem[] = [];
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
  return problems;
}

/** The rules one room breaks with the guests placed in it (room number `n`, 1-based). */
function roomProblems(input: RoomingInput, index: Map<number, GuestInfo>, room: RoomDraft, n: number, infos: GuestInfo[]): RoomingProblem[] {
  const problems: RoomingProblem[] = [];
  if (!isCapacity(room.capacity)) {
    problems.push({ rule: 'capacity', message: ROOMING_MSG.capacityInvalid(n), room: n });
  } else {
    const beds = infos.reduce((s, g) => s + g.beds, 0);
    if (beds > room.capacity) problems.push({ rule: 'capacity', message: ROOMING_MSG.capacity(n, beds, room.capacity), room: n });
  }
  if (infos.length === 0) return problems;

  const kind = room.kind ?? inferRoomKind(input, room.guests);
  const orders = new Set(infos.map((g) => g.order.id));
  if (kind === 'family' || infos.some((g) => kindOfRoom(g.room) === 'family')) {
    // A family shares its room with nobody else (its own order's other guests may join it).
    if (orders.size > 1) problems.push({ rule: 'family_strangers', message: ROOMING_MSG.familyStrangers(n), room: n });
  }
  if (kind !== 'family') problems.push(...genderProblems(infos, kind, n));
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
  return problems;
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
    const infos = placeGuests(index, room, n, roomOf, problems);
    if (room.guests.length === 0) {
      problems.push({ rule: 'empty_room', message: ROOMING_MSG.emptyRoom(n), room: n });
      return;
    }
    problems.push(...roomProblems(input, index, room, n, infos));
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
