// The rules of the room wizard that live in the screen (docs/RULES.md, 'Validation: Room wizard'): which sizes and age
// categories can be chosen for a package, when a guest may be added, when the own-bed box and the
// exclusive option are available. The form itself is checked with the shared roomFormSchema.
import { packagesOf, type CatalogPackage, type RoomSize } from '@umrah/domain/catalog';
import { AgeCategory, Gender, ageCategoryLabels, type Region } from '@umrah/domain/enums';
import { bedsTaken, exclusiveAllowed, minimumBeds } from '@umrah/domain/validation/order';
import type { ProductDto } from '@umrah/domain/validation/product';
import type { CartGuest, UmrahEntry } from '../cart';

/** The most guests one room can hold in the order payload. */
export const MAX_GUESTS_PER_ROOM = 8;

export const AGE_OPTIONS = [
  { value: AgeCategory.ADULT, label: `${ageCategoryLabels[0]} (13+ jaar)` },
  { value: AgeCategory.CHILD, label: `${ageCategoryLabels[1]} (2-12 jaar)` },
  { value: AgeCategory.BABY, label: `${ageCategoryLabels[2]} (0-24 maanden)` },
] as const;

export interface GuestValues {
  first_name: string;
  last_name: string;
  age_category: 0 | 1 | 2 | null;
  gender: 0 | 1 | null;
  european_passport: boolean;
  bed_included: boolean;
  flex: { disabled: boolean };
}

export interface RoomValues {
  room_type: RoomSize | null;
  room_gender: 0 | 1 | 2 | null;
  exclusive: boolean;
  extras: string[];
  guests: GuestValues[];
}

export const emptyRoom = (): RoomValues => ({ room_type: null, room_gender: null, exclusive: false, extras: [], guests: [] });

/** A product of this room size and age category exists in the package and has stock left. */
export function ageAvailable(pkg: CatalogPackage, size: RoomSize, age: AgeCategory): boolean {
  if (size === 4 && age !== AgeCategory.ADULT) return false; // the 4-person room is only for adults
  const p = pkg.prices[size][age];
  return p !== null && p.stock > 0;
}

/** The size button is enabled only when a stocked product of that room type exists for the trip. */
export const sizeAvailable = (pkg: CatalogPackage, size: RoomSize) =>
  ([AgeCategory.ADULT, AgeCategory.CHILD, AgeCategory.BABY] as AgeCategory[]).some((age) => ageAvailable(pkg, size, age));

/** The product a room of this size refers to (the adult one, else any of that size). */
export function roomProductId(pkg: CatalogPackage, size: RoomSize): number | null {
  const row = pkg.prices[size];
  return row[0]?.productId ?? row[1]?.productId ?? row[2]?.productId ?? null;
}

const bedsOf = (guests: readonly GuestValues[]) =>
  bedsTaken(guests.map((g) => ({ age_category: g.age_category ?? AgeCategory.ADULT, bed_included: g.bed_included })));

export interface RoomState {
  capacity: RoomSize;
  beds: number;
  /** Every bed is taken. */
  full: boolean;
  /** Beds that must be filled: the capacity for a mix room, else 1. */
  minBeds: number;
  canAddAdult: boolean;
  canAddChild: boolean;
  exclusiveShown: boolean;
}

/**
 * What the guests step allows. `guestLimit` is how many more guests the order modal's guest count
 * allows in this room (Infinity when editing).
 */
export function roomState(pkg: CatalogPackage, room: RoomValues, guestLimit = Number.POSITIVE_INFINITY): RoomState {
  const capacity = room.room_type ?? 2;
  const beds = bedsOf(room.guests);
  const full = beds >= capacity;
  const space = room.guests.length < MAX_GUESTS_PER_ROOM && room.guests.length < guestLimit;
  return {
    capacity,
    beds,
    full,
    minBeds: minimumBeds(capacity, room.room_gender ?? Gender.MIX),
    // Adults always take a bed: they can be added only while a bed is free.
    canAddAdult: space && !full && ageAvailable(pkg, capacity, AgeCategory.ADULT),
    canAddChild: space && (ageAvailable(pkg, capacity, AgeCategory.CHILD) || ageAvailable(pkg, capacity, AgeCategory.BABY)),
    exclusiveShown: room.room_gender !== null && exclusiveAllowed(capacity, room.room_gender, room.guests.length),
  };
}

/** The own-bed box: always on for adults; a child or baby can get a bed only while one is free. */
export const ownBedDisabled = (guest: GuestValues, state: RoomState) =>
  guest.age_category === AgeCategory.ADULT || (!guest.bed_included && state.full);

/** Whether a guest may be switched to this age category. */
export function ageOptionDisabled(pkg: CatalogPackage, guest: GuestValues, age: AgeCategory, state: RoomState): boolean {
  if (!ageAvailable(pkg, state.capacity, age)) return true;
  // Becoming an adult takes a bed: not possible for a guest without bed when the room is full.
  return age === AgeCategory.ADULT && guest.age_category !== AgeCategory.ADULT && !guest.bed_included && state.full;
}

export function newGuest(age: AgeCategory, state: RoomState): GuestValues {
  return {
    first_name: '',
    last_name: '',
    age_category: age,
    gender: null,
    european_passport: true,
    bed_included: age === AgeCategory.ADULT || !state.full,
    flex: { disabled: false },
  };
}

/** The first guests of a new room: as many adults as beds must be filled (within the limits). */
export function initialGuests(pkg: CatalogPackage, room: RoomValues, guestLimit: number): GuestValues[] {
  let guests: GuestValues[] = [];
  const wanted = Math.max(1, minimumBeds(room.room_type ?? 2, room.room_gender ?? Gender.MIX));
  for (let i = 0; i < wanted; i++) {
    const state = roomState(pkg, { ...room, guests }, guestLimit);
    if (state.canAddAdult) guests = [...guests, newGuest(AgeCategory.ADULT, state)];
    else if (state.canAddChild && guests.length === 0) {
      const age = ageAvailable(pkg, state.capacity, AgeCategory.CHILD) ? AgeCategory.CHILD : AgeCategory.BABY;
      guests = [...guests, newGuest(age, state)];
    } else break;
  }
  return guests;
}

/**
 * Applies the rules that follow from a change: adults always have a bed, and the exclusive option
 * is dropped when it is no longer allowed (more than one guest, a mix room or another size).
 */
export function normalizeRoom(room: RoomValues): RoomValues {
  const guests = room.guests.map((g) => (g.age_category === AgeCategory.ADULT && !g.bed_included ? { ...g, bed_included: true } : g));
  const exclusive =
    room.exclusive && room.room_type !== null && room.room_gender !== null && exclusiveAllowed(room.room_type, room.room_gender, guests.length);
  return { ...room, guests, exclusive };
}

/** The cart entry of a completed room. */
export function roomToEntry(room: RoomValues, pkg: CatalogPackage, region: Region): UmrahEntry {
  const size = room.room_type!;
  const gender = room.room_gender!;
  const guests: CartGuest[] = room.guests.map((g) => ({
    first_name: g.first_name.trim(),
    last_name: g.last_name.trim(),
    age_category: g.age_category!,
    gender: gender === Gender.MIX ? g.gender : gender,
    european_passport: g.european_passport,
    bed_included: g.age_category === AgeCategory.ADULT ? true : g.bed_included,
    flex: { disabled: g.flex.disabled },
  }));
  return {
    type: 'umrah',
    product_id: roomProductId(pkg, size)!,
    room_type: size,
    max_guests: size,
    room_gender: gender,
    exclusive: room.exclusive && exclusiveAllowed(size, gender, guests.length),
    extras: room.extras,
    guests,
    trip: { label: pkg.label, start: pkg.start, end: pkg.end, type_class: pkg.type_class, region },
  };
}

/** The wizard's values for a room already in a cart. */
export function entryToRoom(entry: UmrahEntry): RoomValues {
  return {
    room_type: entry.room_type,
    room_gender: entry.room_gender,
    exclusive: entry.exclusive,
    extras: [...(entry.extras ?? [])],
    guests: entry.guests.map((g) => ({
      first_name: g.first_name,
      last_name: g.last_name,
      age_category: g.age_category,
      gender: entry.room_gender === Gender.MIX ? g.gender : null,
      european_passport: g.european_passport,
      bed_included: g.bed_included,
      flex: { disabled: g.flex?.disabled === true },
    })),
  };
}

/** The package a cart room belongs to, in the current catalog of its region (null: no longer bookable). */
export function findPackage(products: readonly ProductDto[], productId: number, today: Date | string = new Date()): CatalogPackage | null {
  const p = products.find((x) => x.id === productId);
  if (!p || !p.start || !p.end) return null;
  return packagesOf(products, { start: p.start, end: p.end }, p.flex.type_class, today).find((pkg) => pkg.productIds.includes(productId)) ?? null;
}
