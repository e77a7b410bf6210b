import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ROOMING_MSG,
  proposeRooming,
  validateRooming,
  type ProposedRoom,
  type RoomingGuest,
  type RoomingInput,
  type RoomingOrder,
} from '../src/rooming.ts';

const guest = (id: number, first: string, over: Partial<RoomingGuest> = {}): RoomingGuest => ({
  id,
  first_name: first,
  last_name: 'Test',
  gender: null,
  age_category: 0,
  wheelchair: false,
  ...over,
});

// A worked example: 12 guests in 5 orders.
const EXAMPLE: RoomingInput = {
  orders: [
    {
      // A family with a child (and a baby without own bed), the grandfather alone in an exclusive
      // room, grandmother and aunt in a women's room.
      id: 1,
      rooms: [
        {
          id: 11,
          room_type: 3,
          room_gender: 2,
          exclusive: false,
          guests: [
            guest(1, 'Vader', { gender: 0 }),
            guest(2, 'Moeder', { gender: 1 }),
            guest(3, 'Kind', { gender: 0, age_category: 1 }),
            guest(4, 'Baby', { gender: 1, age_category: 2, bed_included: false }),
          ],
        },
        { id: 12, room_type: 2, room_gender: 0, exclusive: true, guests: [guest(5, 'Opa', { wheelchair: true })] },
        { id: 13, room_type: 2, room_gender: 1, exclusive: false, guests: [guest(6, 'Oma'), guest(7, 'Tante')] },
      ],
    },
    // Two brothers in a 3-person men's room.
    { id: 2, rooms: [{ id: 21, room_type: 3, room_gender: 0, exclusive: false, guests: [guest(8, 'Broer1'), guest(9, 'Broer2')] }] },
    // Two sisters who booked apart, each one bed of a 2-person women's room.
    { id: 3, rooms: [{ id: 31, room_type: 2, room_gender: 1, exclusive: false, guests: [guest(10, 'Zus1')] }] },
    { id: 4, rooms: [{ id: 41, room_type: 2, room_gender: 1, exclusive: false, guests: [guest(11, 'Zus2')] }] },
    // A man alone in a 3-person men's room.
    { id: 5, rooms: [{ id: 51, room_type: 3, room_gender: 0, exclusive: false, guests: [guest(12, 'Man')] }] },
  ],
};

const roomWith = (rooms: ProposedRoom[], guestId: number) => rooms.find((r) => r.guests.includes(guestId))!;
const allGuestIds = (input: RoomingInput) => input.orders.flatMap((o) => o.rooms.flatMap((r) => r.guests.map((g) => g.id)));

describe('a worked example (12 guests, 5 orders)', () => {
  const proposal = proposeRooming(EXAMPLE);

  it('breaks no rule and places every guest once', () => {
    expect(validateRooming(EXAMPLE, proposal.rooms)).toEqual([]);
    expect(proposal.rooms.flatMap((r) => r.guests).sort((a, b) => a - b)).toEqual(allGuestIds(EXAMPLE).sort((a, b) => a - b));
  });

  it('needs 5 rooms instead of the 7 booked', () => {
    expect(proposal.rooms).toHaveLength(5);
  });

  it('keeps the family together and alone, the exclusive guest alone and flagged for the wheelchair', () => {
    const family = roomWith(proposal.rooms, 1);
    expect(family).toMatchObject({ kind: 'family', capacity: 3, order_ids: [1], exclusive: false });
    expect([...family.guests].sort()).toEqual([1, 2, 3, 4]);
    expect(roomWith(proposal.rooms, 5)).toMatchObject({ guests: [5], exclusive: true, kind: 'male', wheelchair: true, capacity: 2 });
    expect(proposal.warnings.some((w) => w.code === 'wheelchair' && w.guest_ids?.includes(5))).toBe(true);
  });

  it('puts the sisters together, and the man alone with the brothers', () => {
    expect(roomWith(proposal.rooms, 10)).toMatchObject({ kind: 'female', capacity: 2, order_ids: [3, 4] });
    expect(roomWith(proposal.rooms, 10).guests.sort()).toEqual([10, 11]);
    expect(roomWith(proposal.rooms, 12)).toMatchObject({ kind: 'male', capacity: 3, order_ids: [2, 5] });
    expect(roomWith(proposal.rooms, 12).guests.sort()).toEqual([12, 8, 9].sort());
    expect(roomWith(proposal.rooms, 6).guests.sort()).toEqual([6, 7]);
  });
});

describe('validateRooming finds each broken rule', () => {
  const good = proposeRooming(EXAMPLE).rooms;
  const rules = (rooms: Parameters<typeof validateRooming>[1]) => validateRooming(EXAMPLE, rooms).map((p) => p.rule);
  const without = (id: number) => good.map((r) => ({ ...r, guests: r.guests.filter((g) => g !== id) })).filter((r) => r.guests.length > 0);

  it('a man in a women’s room', () => {
    const rooms = without(12).map((r) => (r.guests.includes(10) ? { ...r, capacity: 3, guests: [...r.guests, 12] } : r));
    const problems = validateRooming(EXAMPLE, rooms);
    expect(problems.map((p) => p.rule)).toEqual(['gender_mixed']);
    const n = rooms.findIndex((r) => r.guests.includes(10)) + 1;
    expect(problems[0]).toMatchObject({ room: n, message: `Kamer ${n}: mannen en vrouwen mogen niet samen in een mannen- of vrouwenkamer.` });
  });

  it('a guest twice, a guest missing, a guest of another trip', () => {
    expect(rules(good.map((r, i) => (i === 0 ? { ...r, guests: [...r.guests, 12] } : r)))).toContain('duplicate_guest');
    expect(rules(without(11))).toEqual(['missing_guest']);
    expect(validateRooming(EXAMPLE, [...good, { capacity: 2, guests: [999] }])).toContainEqual(
      expect.objectContaining({ rule: 'unknown_guest', message: ROOMING_MSG.unknownGuest(999) }),
    );
  });

  it('a stranger in the family room, a split family, company for the exclusive guest', () => {
    const famStranger = without(12).map((r) => (r.guests.includes(1) ? { ...r, capacity: 4, guests: [...r.guests, 12] } : r));
    expect(rules(famStranger)).toContain('family_strangers');
    const split = without(4).concat([{ ...good[0]!, key: 'x', guests: [4], kind: 'family' as const }]);
    expect(rules(split)).toContain('family_split');
    const excl = without(12).map((r) => (r.guests.includes(5) ? { ...r, guests: [5, 12] } : r));
    expect(rules(excl)).toContain('exclusive');
  });

  it('too many beds, a missing wheelchair mark, different hotel groups', () => {
    const crowded = without(12)
      .map((r) => (r.guests.includes(10) ? { ...r, guests: [...r.guests, 6] } : r))
      .map((r) => (r.guests.includes(7) && !r.guests.includes(10) ? { ...r, guests: [7] } : r));
    expect(rules(crowded)).toContain('capacity');
    expect(rules(good.map((r) => ({ ...r, wheelchair: false })))).toEqual(['wheelchair']);
    const grouped: RoomingInput = { orders: EXAMPLE.orders.map((o) => (o.id === 4 ? { ...o, group: 'premium' } : o)) };
    expect(validateRooming(grouped, good).map((p) => p.rule)).toEqual(['group']);
    // ...and the proposal for it keeps them apart.
    const p = proposeRooming(grouped);
    expect(validateRooming(grouped, p.rooms)).toEqual([]);
    expect(roomWith(p.rooms, 10).guests).toEqual([10]);
  });
});

// ---- Random trips that follow the order rules (docs/RULES.md, 'Validation: Room wizard') ----

const guestArb = (over: { gender?: fc.Arbitrary<number | null>; adult?: boolean }) =>
  fc.record({
    gender: over.gender ?? fc.constantFrom<number | null>(0, 1, null),
    age_category: over.adult ? fc.constant(0) : fc.constantFrom(0, 0, 0, 1, 2),
    bed_included: fc.boolean(),
    wheelchair: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  });

const roomArb = fc
  .record({
    room_type: fc.constantFrom(2, 3, 4),
    room_gender: fc.constantFrom(0, 0, 1, 1, 2),
    wantExclusive: fc.boolean(),
    beds: fc.integer({ min: 1, max: 4 }),
    guests: fc.array(guestArb({}), { minLength: 8, maxLength: 8 }),
  })
  .map(({ room_type, room_gender, wantExclusive, beds, guests }) => {
    const adultsOnly = room_type === 4;
    // Mix rooms fill every bed; others at least one. Bedless children come on top (at most 8 guests).
    const bedCount = room_gender === 2 ? room_type : Math.min(beds, room_type);
    const exclusive = wantExclusive && room_type === 2 && room_gender !== 2 && bedCount === 1;
    const bedGuests = guests
      .slice(0, bedCount)
      .map((g, i) => ({ ...g, age_category: adultsOnly || i === 0 ? 0 : g.age_category, bed_included: true }));
    const extra =
      adultsOnly || exclusive
        ? []
        : guests
            .slice(bedCount, bedCount + 1)
            .filter((g) => g.age_category !== 0)
            .map((g) => ({ ...g, bed_included: false }));
    return { room_type, room_gender, exclusive, guests: [...bedGuests, ...extra] };
  });

const tripArb = fc
  .array(fc.record({ group: fc.constantFrom('', '', 'premium'), rooms: fc.array(roomArb, { minLength: 1, maxLength: 3 }) }), {
    minLength: 0,
    maxLength: 25,
  })
  .map((orders): RoomingInput => {
    let guestId = 0;
    let roomId = 0;
    return {
      orders: orders.map((o, i): RoomingOrder => ({
        id: i + 1,
        group: o.group,
        rooms: o.rooms.map((r) => ({
          id: ++roomId,
          room_type: r.room_type,
          room_gender: r.room_gender,
          exclusive: r.exclusive,
          guests: r.guests.map((g) => ({ ...g, id: ++guestId, first_name: `G${guestId}`, last_name: `O${i + 1}` })),
        })),
      })),
    };
  });

const bedsIn = (input: RoomingInput, room: ProposedRoom) => {
  const byId = new Map(input.orders.flatMap((o) => o.rooms.flatMap((r) => r.guests.map((g) => [g.id, g] as const))));
  return room.guests.filter((id) => {
    const g = byId.get(id)!;
    return g.age_category === 0 || g.bed_included !== false;
  }).length;
};

describe('proposeRooming over random trips (fast-check)', () => {
  it('never breaks a rule and places every guest exactly once', () => {
    fc.assert(
      fc.property(tripArb, (input) => {
        const { rooms } = proposeRooming(input);
        expect(validateRooming(input, rooms)).toEqual([]);
        const placed = rooms.flatMap((r) => r.guests).sort((a, b) => a - b);
        expect(placed).toEqual(allGuestIds(input).sort((a, b) => a - b));
        expect(new Set(rooms.map((r) => r.key)).size).toBe(rooms.length);
      }),
      { numRuns: 400 },
    );
  });

  it('fills rooms before opening new ones: no two shared rooms of one kind, size and group could be one', () => {
    fc.assert(
      fc.property(tripArb, (input) => {
        const shared = proposeRooming(input).rooms.filter((r) => r.kind !== 'family' && !r.exclusive);
        for (let i = 0; i < shared.length; i++) {
          for (let j = i + 1; j < shared.length; j++) {
            const [a, b] = [shared[i]!, shared[j]!];
            if (a.kind !== b.kind || a.capacity !== b.capacity || a.group !== b.group) continue;
            expect(bedsIn(input, a) + bedsIn(input, b)).toBeGreaterThan(a.capacity);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never needs more rooms than were booked, and keeps an order together when it fits in one room', () => {
    fc.assert(
      fc.property(tripArb, (input) => {
        const { rooms } = proposeRooming(input);
        const booked = input.orders.reduce((s, o) => s + o.rooms.filter((r) => r.guests.length > 0).length, 0);
        expect(rooms.length).toBeLessThanOrEqual(booked);
        for (const o of input.orders) {
          // The order's guests of one group, gender and room size that fit in one room share one.
          const units = new Map<string, { ids: number[]; beds: number; cap: number }>();
          for (const r of o.rooms) {
            if (r.room_gender === 2 || r.exclusive) continue;
            const key = `${r.room_gender}|${r.room_type}`;
            const u = units.get(key) ?? { ids: [], beds: 0, cap: r.room_type };
            u.ids.push(...r.guests.map((g) => g.id));
            u.beds += r.guests.filter((g) => g.age_category === 0 || g.bed_included !== false).length;
            units.set(key, u);
          }
          for (const u of units.values()) {
            if (u.beds > u.cap) continue;
            expect(new Set(u.ids.map((id) => roomWith(rooms, id).key)).size).toBe(1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('speed', () => {
  it('proposes and checks 500 guests well within the 200 ms budget', () => {
    const orders: RoomingOrder[] = [];
    let id = 0;
    for (let o = 1; id < 500; o++) {
      const gender = o % 3 === 0 ? 2 : o % 2;
      const size = (2 + (o % 3)) as 2 | 3 | 4;
      const n = gender === 2 ? size : 1 + (o % size);
      orders.push({
        id: o,
        rooms: [
          {
            id: o,
            room_type: size,
            room_gender: gender,
            exclusive: false,
            guests: Array.from({ length: n }, () => guest(++id, `G${id}`, { gender: gender === 2 ? id % 2 : null })),
          },
        ],
      });
    }
    const input = { orders };
    const t0 = performance.now();
    const { rooms } = proposeRooming(input);
    const problems = validateRooming(input, rooms);
    const ms = performance.now() - t0;
    expect(problems).toEqual([]);
    expect(ms).toBeLessThan(200);
  });
});
