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

export {
  bedsOf,
  inferRoomKind,
  ROOM_KIND_LABELS,
  ROOMING_MSG,
  type ProposedRoom,
  type RoomCapacity,
  type RoomDraft,
  type RoomingGuest,
  type RoomingInput,
  type RoomingOrder,
  type RoomingProblem,
  type RoomingProposal,
  type RoomingRule,
  type RoomingSourceRoom,
  type RoomingWarning,
  type RoomKind,
} from './rooming-model.ts';
export { proposeRooming } from './rooming-propose.ts';
export { validateRooming } from './rooming-validate.ts';
