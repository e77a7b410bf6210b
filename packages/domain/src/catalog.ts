import { AgeCategory, TypeClass, roomCapacityOfType, umrahType } from './enums.ts';
import { isBookableTrip, localDay } from './months.ts';
import type { ProductDto, ProductFlex } from './validation/product.ts';

// How the packages page turns the region's products into trips, classes and package cards:
// month → trips (same start and end) → Firstclass / Premiumclass → packages (same title).

export interface Trip {
  /** 'start_end' */
  key: string;
  start: string;
  end: string;
  /** Total stock of the trip's products. */
  stock: number;
  /** The classes that have products in this trip, Firstclass first. */
  classes: TypeClass[];
}

export type RoomSize = 2 | 3 | 4;
export const ROOM_SIZES: readonly RoomSize[] = [2, 3, 4];
export const AGE_CATEGORIES: readonly AgeCategory[] = [AgeCategory.ADULT, AgeCategory.CHILD, AgeCategory.BABY];

export interface PackagePrice {
  productId: number;
  price: number;
  stock: number;
}

export interface CatalogPackage {
  key: string;
  label: string;
  description: string;
  start: string;
  end: string;
  payment_deadline: string | null;
  type_class: TypeClass;
  priority: number;
  hotels: number[];
  bulletpoints: ProductFlex['bulletpoints'];
  extras: ProductFlex['extras'];
  /** The lowest adult price per person (cents); the lowest of any age when no adult price exists. */
  fromPrice: number;
  stock: number;
  /** Price per person by room size and age category; null when that product does not exist. */
  prices: Record<RoomSize, Record<AgeCategory, PackagePrice | null>>;
  productIds: number[];
}

const tripKey = (start: string, end: string) => `${start}_${end}`;

/** The bookable trips starting in month 'YYYY-MM', grouped by start and end date, earliest first. */
export function tripsOfMonth(products: readonly ProductDto[], month: string, today: Date | string): Trip[] {
  const day = localDay(today);
  const trips = new Map<string, Trip>();
  for (const p of products) {
    if (!isBookableTrip(p, day) || !p.end || !p.start!.startsWith(month)) continue;
    const key = tripKey(p.start!, p.end);
    const trip = trips.get(key) ?? { key, start: p.start!, end: p.end, stock: 0, classes: [] };
    trip.stock += Math.max(0, p.stock);
    const cls = p.flex.type_class;
    if (!trip.classes.includes(cls)) trip.classes.push(cls);
    trips.set(key, trip);
  }
  return [...trips.values()]
    .map((t) => ({ ...t, classes: [...t.classes].sort((a, b) => a - b) }))
    .sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
}

const emptyPrices = (): CatalogPackage['prices'] => ({
  2: { 0: null, 1: null, 2: null },
  3: { 0: null, 1: null, 2: null },
  4: { 0: null, 1: null, 2: null },
});

/**
 * The package cards of one trip and class: products with the same title form one package (the
 * admin form creates one product per room size and age category under one title). Sorted by
 * priority (0 first), then by price.
 */
export function packagesOf(
  products: readonly ProductDto[],
  trip: Pick<Trip, 'start' | 'end'>,
  typeClass: TypeClass,
  today: Date | string,
): CatalogPackage[] {
  const day = localDay(today);
  const packages = new Map<string, CatalogPackage>();
  for (const p of products) {
    if (!isBookableTrip(p, day) || p.start !== trip.start || p.end !== trip.end || p.flex.type_class !== typeClass) continue;
    const key = `${tripKey(trip.start, trip.end)}_${typeClass}_${p.label}`;
    let pkg = packages.get(key);
    if (!pkg) {
      pkg = {
        key,
        label: p.label,
        description: p.description,
        start: trip.start,
        end: trip.end,
        payment_deadline: p.payment_deadline,
        type_class: typeClass,
        priority: p.flex.priority,
        hotels: [...p.flex.hotels],
        bulletpoints: p.flex.bulletpoints,
        extras: p.flex.extras,
        fromPrice: Number.POSITIVE_INFINITY,
        stock: 0,
        prices: emptyPrices(),
        productIds: [],
      };
      packages.set(key, pkg);
    }
    pkg.productIds.push(p.id);
    pkg.stock += Math.max(0, p.stock);
    pkg.priority = Math.min(pkg.priority, p.flex.priority);
    const size = roomCapacityOfType(p.type)!;
    const age = (p.type - umrahType(size, AgeCategory.ADULT)) as AgeCategory;
    const current = pkg.prices[size][age];
    // Two products of one type under one title: the cheaper one is the 'vanaf' price shown.
    if (!current || p.price < current.price) pkg.prices[size][age] = { productId: p.id, price: p.price, stock: p.stock };
  }
  for (const pkg of packages.values()) {
    const adult = ROOM_SIZES.map((s) => pkg.prices[s][AgeCategory.ADULT]?.price).filter((v): v is number => v !== undefined);
    const any = ROOM_SIZES.flatMap((s) => AGE_CATEGORIES.map((a) => pkg.prices[s][a]?.price)).filter((v): v is number => v !== undefined);
    pkg.fromPrice = Math.min(...(adult.length ? adult : any));
  }
  return [...packages.values()].sort((a, b) => a.priority - b.priority || a.fromPrice - b.fromPrice || a.label.localeCompare(b.label));
}
