import { describe, expect, it } from 'vitest';
import type { TripOrder } from '../api';
import {
  addRoom,
  fromProposal,
  fromSavedRooms,
  indexGuests,
  moveGuest,
  previewPages,
  removeRoom,
  roomProblems,
  setRoomNumbers,
  swapGuests,
  toSaveBody,
  unplacedGuests,
  type EditorRoom,
} from './editor';

const guest = (id: number, first_name: string, gender: 0 | 1, wheelchair = false) => ({
  id,
  first_name,
  last_name: 'Test',
  gender,
  age_category: 0,
  has_documents: false,
  wheelchair,
});

const orders: TripOrder[] = [
  {
    id: 1,
    number: 'FCU21',
    status: 8,
    customer: { name: 'Ali Test', email: 'ali@example.nl' },
    total_price: 100,
    total_payments: 50,
    open_amount: 50,
    rooms: [{ room_type: 2, room_gender: 0, exclusive: false, guests: [guest(11, 'Ali', 0), guest(12, 'Omar', 0)] }],
  },
  {
    id: 2,
    number: 'FCU22',
    status: 2,
    customer: { name: 'Sara Test', email: 'sara@example.nl' },
    total_price: 100,
    total_payments: 100,
    open_amount: 0,
    rooms: [{ room_type: 3, room_gender: 1, exclusive: false, guests: [guest(21, 'Sara', 1), guest(22, 'Hiba', 1, true)] }],
  },
];
const guests = indexGuests(orders);

const room = (key: string, capacity: number, kind: string, ids: number[], over: Partial<EditorRoom> = {}): EditorRoom => ({
  key,
  capacity,
  kind,
  exclusive: false,
  guests: ids,
  existing_id: null,
  room_mekka: '',
  room_medina: '',
  ...over,
});

const start = () => [room('a', 2, 'male', [11, 12]), room('b', 3, 'female', [21, 22]), room('c', 2, 'male', [])];

describe('moveGuest', () => {
  it('moves a guest to the end of another room and keeps every guest once', () => {
    const r = moveGuest(start(), 12, 'c');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rooms.map((x) => x.guests)).toEqual([[11], [21, 22], [12]]);
    expect(r.rooms.flatMap((x) => x.guests).sort()).toEqual([11, 12, 21, 22]);
  });

  it('refuses a full room with a Dutch message and leaves the rooms as they were', () => {
    const rooms = start();
    const r = moveGuest(rooms, 21, 'a');
    expect(r).toEqual({ ok: false, error: 'Kamer 1 is vol (2 personen). Wissel de gast met iemand in die kamer.' });
    expect(rooms[0].guests).toEqual([11, 12]);
  });

  it('does nothing when the guest is already in that room', () => {
    const rooms = start();
    const r = moveGuest(rooms, 11, 'a');
    expect(r.ok && r.rooms).toBe(rooms);
  });

  it('places a guest who has no room yet', () => {
    const rooms = [room('a', 2, 'male', [11])];
    const r = moveGuest(rooms, 12, 'a');
    expect(r.ok && r.rooms[0].guests).toEqual([11, 12]);
  });

  it('refuses a room that does not exist', () => {
    expect(moveGuest(start(), 11, 'zz').ok).toBe(false);
  });

  it('does not change the rooms it was given', () => {
    const rooms = start();
    const copy = structuredClone(rooms);
    moveGuest(rooms, 12, 'c');
    expect(rooms).toEqual(copy);
  });
});

describe('swapGuests', () => {
  it('swaps two guests of different rooms, each taking the other’s place', () => {
    const r = swapGuests(start(), 12, 21);
    expect(r.ok && r.rooms.map((x) => x.guests)).toEqual([[11, 21], [12, 22], []]);
  });

  it('is a no-op within one room or with the same guest', () => {
    const rooms = start();
    const same = swapGuests(rooms, 11, 12);
    expect(same.ok && same.rooms).toBe(rooms);
    const self = swapGuests(rooms, 11, 11);
    expect(self.ok && self.rooms).toBe(rooms);
  });

  it('refuses an unknown guest', () => {
    expect(swapGuests(start(), 11, 999).ok).toBe(false);
  });

  it('never changes the number of guests per room', () => {
    const rooms = start();
    for (const a of [11, 12, 21, 22])
      for (const b of [11, 12, 21, 22]) {
        const r = swapGuests(rooms, a, b);
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.rooms.map((x) => x.guests.length)).toEqual([2, 2, 0]);
      }
  });
});

describe('rooms', () => {
  it('adds an empty room with a fresh key and removes only empty rooms', () => {
    const added = addRoom(addRoom(start(), 4, 'family'), 2, 'male');
    expect(added.map((r) => r.key)).toEqual(['a', 'b', 'c', 'nieuw-4', 'nieuw-5']);
    expect(added[3]).toMatchObject({ capacity: 4, kind: 'family', guests: [] });
    expect(removeRoom(added, 'a')).toEqual({ ok: false, error: 'Alleen een lege kamer kan worden verwijderd.' });
    const removed = removeRoom(added, 'nieuw-4');
    expect(removed.ok && removed.rooms.map((r) => r.key)).toEqual(['a', 'b', 'c', 'nieuw-5']);
  });

  it('sets the Mekka and Medina room numbers of one room', () => {
    const r = setRoomNumbers(start(), 'b', { room_mekka: '512' });
    expect(r[1]).toMatchObject({ room_mekka: '512', room_medina: '' });
    expect(setRoomNumbers(r, 'b', { room_medina: '230' })[1]).toMatchObject({ room_mekka: '512', room_medina: '230' });
  });

  it('warns about a woman in a men’s room, too many guests and an exclusive room shared by two orders', () => {
    expect(roomProblems(room('x', 2, 'male', [11, 21]), guests)).toEqual(['Er staat een vrouw in een mannenkamer.']);
    expect(roomProblems(room('x', 2, 'female', [21, 22, 11]), guests)).toEqual([
      'Te veel gasten: 3 in een kamer voor 2.',
      'Er staat een man in een vrouwenkamer.',
    ]);
    expect(roomProblems(room('x', 2, 'mix', [11, 21], { exclusive: true }), guests)).toEqual(['Een exclusieve kamer is voor één boeking.']);
    expect(roomProblems(room('x', 3, 'female', [21, 22]), guests)).toEqual([]);
  });
});

describe('conversions', () => {
  it('reads a proposal', () => {
    const rooms = fromProposal({
      rooms: [{ key: 'r1', capacity: 2, kind: 'male', exclusive: false, guests: [11, 12], order_ids: [1], wheelchair: false }],
      warnings: [],
    });
    expect(rooms).toEqual([room('r1', 2, 'male', [11, 12])]);
  });

  it('reads a saved version (flex as JSON text, guests as {guest_id}) and derives the kind', () => {
    const rooms = fromSavedRooms(
      [
        { id: 7, existing_id: 3, max_guests: 3, flex: JSON.stringify({ room_mekka: '101', room_medina: '202' }), guests: [{ guest_id: 21 }, { guest_id: 22 }] },
        { id: 8, max_guests: 2, flex: 'kapot', guests: [{ guest_id: 11 }, { guest_id: 21 }] },
      ],
      guests,
    );
    expect(rooms[0]).toEqual(room('v-7', 3, 'female', [21, 22], { existing_id: 3, room_mekka: '101', room_medina: '202' }));
    expect(rooms[1]).toMatchObject({ kind: 'mix', room_mekka: '', guests: [11, 21] });
  });

  it('builds the save body: flex as JSON text, guests as {guest_id}, empty rooms left out', () => {
    const rooms = setRoomNumbers(start(), 'a', { room_mekka: ' 512 ', room_medina: '230' });
    expect(toSaveBody('2027-03-01', rooms)).toEqual({
      start_date: '2027-03-01',
      rooms: [
        { flex: '{"room_mekka":"512","room_medina":"230"}', existing_id: null, max_guests: 2, guests: [{ guest_id: 11 }, { guest_id: 12 }] },
        { flex: '{"room_mekka":"","room_medina":""}', existing_id: null, max_guests: 3, guests: [{ guest_id: 21 }, { guest_id: 22 }] },
      ],
    });
  });

  it('splits the preview into pages of 3 rooms', () => {
    const pages = previewPages(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(pages.map((p) => p.map((x) => x.room))).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect(pages[2][0].index).toBe(6);
    expect(previewPages([])).toEqual([]);
  });

  it('lists the guests who sit in no room', () => {
    expect(unplacedGuests([room('a', 2, 'male', [11])], guests).map((g) => g.id)).toEqual([12, 21, 22]);
  });
});
