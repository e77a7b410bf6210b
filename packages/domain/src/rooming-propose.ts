import {
  fullName,
  isCapacity,
  kindOfRoom,
  ROOMING_MSG,
  takesBed,
  type GuestInfo,
  type ProposedRoom,
  type RoomCapacity,
  type RoomingInput,
  type RoomingOrder,
  type RoomingProposal,
  type RoomingWarning,
  type RoomKind,
} from './rooming-model.ts';

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

/** Where the proposal collects its rooms: those that stay as booked, and per pool the units to pack. */
interface Layout {
  warnings: RoomingWarning[];
  fixed: Bin[];
  pools: Map<string, Unit[]>;
}

/**
 * An order's booked rooms: family and exclusive rooms stay as booked; male/female guests join one
 * unit per kind and room size (the order stays together).
 */
function orderUnits(order: RoomingOrder, { warnings, fixed }: Layout): Unit[] {
  const group = order.group ?? '';
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
  return [...shared.values()];
}

/** A unit into its pool; too many for one room: full rooms of this order first, the rest is packed with others. */
function poolUnit(unit: Unit, { warnings, fixed, pools }: Layout): void {
  const poolKey = `${unit.group}\u0000${unit.kind}\u0000${unit.capacity}`;
  const pool = pools.get(poolKey) ?? [];
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

/** Each pool's units packed first fit, largest booking first. */
function packPools(pools: Map<string, Unit[]>): Bin[] {
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
  return packed;
}

/** Room `i` of the proposal, with its wheelchair and not-full warnings. */
function proposedRoom(bin: Bin, i: number, warnings: RoomingWarning[]): ProposedRoom {
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
}

/**
 * Proposes a rooming list for the trip. Family and exclusive rooms stay as booked; the guests of
 * male and female rooms are packed per group, gender and room size, largest booking first, each
 * into the first room with space (first fit decreasing), so no two rooms of one kind could be
 * merged. An order that does not fit in one room is split into full rooms plus the rest.
 */
export function proposeRooming(input: RoomingInput): RoomingProposal {
  const layout: Layout = { warnings: [], fixed: [], pools: new Map() };
  for (const order of input.orders) for (const unit of orderUnits(order, layout)) poolUnit(unit, layout);
  const all = [...layout.fixed, ...packPools(layout.pools)].sort(
    (a, b) =>
      a.unit.group.localeCompare(b.unit.group) ||
      KIND_ORDER[a.unit.kind] - KIND_ORDER[b.unit.kind] ||
      a.unit.capacity - b.unit.capacity ||
      Number(b.unit.exclusive) - Number(a.unit.exclusive) ||
      (a.orders[0] ?? 0) - (b.orders[0] ?? 0) ||
      (a.guests[0]?.guest.id ?? 0) - (b.guests[0]?.guest.id ?? 0),
  );
  const rooms = all.map((bin, i) => proposedRoom(bin, i, layout.warnings));
  return { rooms, warnings: layout.warnings };
}
