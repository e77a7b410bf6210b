import { describe, expect, it } from 'vitest';
import type { RoomDto, TripOrder } from '../api';
import {
  addRoom,
  fromRoomDtos,
  indexGuests,
  liveProblems,
  moveGuest,
  previewPages,
  removeRoom,
  setRoomNumbers,
  swapGuests,
  toRoomingInput,
  toSaveBody,
  unplacedGuests,
  type EditorRoom,
  type RoomKind,
} from './editor';

const guest = (
  id: number,
  first_name: string,
  gender: 0 | 1,
  over: { age_category?: number; bed_included?: boolean; wheelchair?: boolean } = {},
) => ({
  id,
  first_name,
  last_name: 'Test',
  gender,
  age_category: over.age_category ?? 0,
  bed_included: over.bed_included ?? true,
  has_documents: false,
  wheelchair: over.wheelchair ?? false,
});

const order = (id: number, room_gender: number, room_type: number, guests: ReturnType<typeof guest>[]): TripOrder => ({
  id,
  number: `FCU2${id}`,
  status: 8,
  status_label: 'Aanbetaald',
  customer: { name: `Klant ${id}`, email: `klant${id}@example.nl` },
  total_price: 100,
  total_payments: 50,
  open_amount: 50,
  documents_complete: false,
  rooms: [{ id: id * 10, room_type, room_gender, exclusive: false, class: 'Firstclass', guests }],
});

const orders: TripOrder[] = [
  order(1, 0, 2, [guest(11, 'Ali', 0), guest(12, 'Omar', 0)]),
  order(2, 1, 3, [guest(21, 'Sara', 1), guest(22, 'Hiba', 1, { wheelchair: true })]),
  order(3, 2, 2, [guest(31, 'Yusuf', 0), guest(32, 'Amina', 1), guest(33, 'Baby', 0, { age_category: 2, bed_included: false })]),
];
const guests = indexGuests(orders);
const input = toRoomingInput(orders);

const room = (key: string, capacity: number, kind: RoomKind, ids: number[], over: Partial<EditorRoom> = {}): EditorRoom => ({
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
    const r = moveGuest(start(), 12, 'c', guests);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rooms.map((x) => x.guests)).toEqual([[11], [21, 22], [12]]);
    expect(r.rooms.flatMap((x) => x.guests).sort()).toEqual([11, 12, 21, 22]);
  });

  it('refuses a room without a free bed, with a Dutch message, and leaves the rooms as they were', () => {
    const rooms = start();
    const r = moveGuest(rooms, 21, 'a', guests);
    expect(r).toEqual({ ok: false, error: 'Kamer 1 is vol (2 bedden). Wissel de gast met iemand in die kamer.' });
    expect(rooms[0]?.guests).toEqual([11, 12]);
  });

  it('lets a baby without own bed join a room whose beds are taken', () => {
    const rooms = [room('f', 2, 'family', [31, 32]), room('g', 2, 'family', [33])];
    const r = moveGuest(rooms, 33, 'f', guests);
    expect(r.ok && r.rooms.map((x) => x.guests)).toEqual([[31, 32, 33], []]);
  });

  it('does nothing when the guest is already in that room', () => {
    const rooms = start();
    const r = moveGuest(rooms, 11, 'a', guests);
    expect(r.ok && r.rooms).toBe(rooms);
  });

  it('places a guest who has no room yet', () => {
    const rooms = [room('a', 2, 'male', [11])];
    const r = moveGuest(rooms, 12, 'a', guests);
    expect(r.ok && r.rooms[0]?.guests).toEqual([11, 12]);
  });

  it('refuses a room that does not exist', () => {
    expect(moveGuest(start(), 11, 'zz', guests).ok).toBe(false);
  });

  it('does not change the rooms it was given', () => {
    const rooms = start();
    const copy = structuredClone(rooms);
    moveGuest(rooms, 12, 'c', guests);
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
});

describe('liveProblems (the domain rules, numbered as the editor shows the rooms)', () => {
  const family = () => room('f', 2, 'family', [31, 32, 33]);

  it('finds nothing wrong in a list that keeps the rules', () => {
    const p = liveProblems(input, [...start(), family()]);
    expect(p.general).toEqual([]);
    expect([...p.byRoom]).toEqual([]);
  });

  it('names a woman in a men’s room by the room number shown (the empty room 3 counts)', () => {
    const swapped = swapGuests([...start(), family()], 12, 21);
    expect(swapped.ok).toBe(true);
    if (!swapped.ok) return;
    // Room c (3) is empty and is not saved; the family room is room 4 in the editor.
    const p = liveProblems(input, swapped.rooms);
    expect(p.byRoom.get('a')?.join(' ')).toContain('Kamer 1');
    expect(p.byRoom.get('a')?.join(' ')).toMatch(/mannen en vrouwen|mannenkamer/);
    expect(p.byRoom.get('b')?.join(' ')).toContain('Kamer 2');
  });

  it('reports a family split up as a problem of the whole list, but not a guest in no room', () => {
    const p = liveProblems(input, [...start(), room('f', 2, 'family', [31, 32]), room('g', 2, 'family', [])]);
    expect(p.general).toEqual([]);
    const split = liveProblems(input, [...start(), room('f', 2, 'family', [31, 32]), room('g', 2, 'family', [33])]);
    expect(split.general).toEqual(['De familie van Yusuf Test blijft bij elkaar in één kamer.']);
  });
});

describe('toRoomingInput', () => {
  it('groups an order’s rooms by hotel class, as the API does', () => {
    const mixed = order(4, 0, 2, [guest(41, 'Idris', 0)]);
    mixed.rooms.push({ id: 41, room_type: 2, room_gender: 0, exclusive: false, class: 'Premiumclass', guests: [guest(42, 'Anas', 0)] });
    const built = toRoomingInput([mixed]);
    expect(built.orders.map((o) => [o.id, o.group, o.rooms.map((r) => r.id)])).toEqual([
      [4, 'Firstclass', [40]],
      [4, 'Premiumclass', [41]],
    ]);
    // Guests in other hotels never share a room.
    const p = liveProblems(built, [room('a', 2, 'male', [41, 42])]);
    expect(p.byRoom.get('a')).toEqual(['Kamer 1: reizigers in verschillende hotels (reisklassen) kunnen geen kamer delen.']);
  });
});

describe('conversions', () => {
  const dto = (over: Partial<RoomDto>): RoomDto => ({
    key: 'kamer-1',
    existing_id: 10,
    max_guests: 2,
    kind: 'male',
    exclusive: false,
    wheelchair: false,
    flex: {},
    order_ids: [1],
    guests: [],
    ...over,
  });
  const g = (guest_id: number, present = true) => ({
    guest_id,
    order_id: 1,
    first_name: 'Gast',
    last_name: String(guest_id),
    gender: 0,
    age_category: 0,
    wheelchair: false,
    present,
  });

  it('reads the rooms of a proposal or a saved version, leaving out guests no longer on the trip', () => {
    const { rooms, dropped } = fromRoomDtos([
      dto({ guests: [g(11), g(12)], flex: { room_mekka: '101', room_medina: '202' } }),
      dto({ key: 'kamer-2', existing_id: null, max_guests: 3, kind: 'female', guests: [g(21), g(99, false)] }),
    ]);
    expect(rooms).toEqual([
      room('kamer-1', 2, 'male', [11, 12], { existing_id: 10, room_mekka: '101', room_medina: '202' }),
      room('kamer-2', 3, 'female', [21]),
    ]);
    expect(dropped).toEqual(['Gast 99']);
  });

  it('builds the save body: flex as JSON text, the kind, guests as {guest_id}, empty rooms left out', () => {
    const rooms = setRoomNumbers(start(), 'a', { room_mekka: ' 512 ', room_medina: '230' });
    expect(toSaveBody('2027-03-01', rooms)).toEqual({
      start_date: '2027-03-01',
      rooms: [
        {
          flex: '{"room_mekka":"512","room_medina":"230"}',
          existing_id: null,
          max_guests: 2,
          kind: 'male',
          guests: [{ guest_id: 11 }, { guest_id: 12 }],
        },
        {
          flex: '{"room_mekka":"","room_medina":""}',
          existing_id: null,
          max_guests: 3,
          kind: 'female',
          guests: [{ guest_id: 21 }, { guest_id: 22 }],
        },
      ],
    });
  });

  it('splits the preview into pages of 3 rooms', () => {
    const pages = previewPages(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(pages.map((p) => p.map((x) => x.room))).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect(pages[2]?.[0]?.index).toBe(6);
    expect(previewPages([])).toEqual([]);
  });

  it('lists the guests who sit in no room', () => {
    expect(unplacedGuests([room('a', 2, 'male', [11])], guests).map((x) => x.id)).toEqual([12, 21, 22, 31, 32, 33]);
  });
});
