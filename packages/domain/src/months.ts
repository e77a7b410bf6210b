import { hijriMonthName } from './dates.ts';
import { isUmrahType } from './enums.ts';

// The month tiles of the packages page (docs/RULES.md, 'Screens: Packages', 'Constants'): 12 months are scanned from the
// current month, month index 4 (May) is never offered, at most 7 tiles are shown.

export const MONTHS_SCANNED = 12;
export const MAX_MONTH_TILES = 7;
/** Month index (0-11) that never gets a tile: the 5th calendar month. */
export const SKIPPED_MONTH_INDEX = 4;

export type MonthTileStatus = 'available' | 'soldout' | 'soon';
export const MONTH_TILE_TEXT: Record<MonthTileStatus, string> = {
  available: 'Bekijk aanbod',
  soldout: 'Uitverkocht!',
  soon: 'Binnenkort online',
};

/** What the tile rule needs of a product. */
export interface TileProduct {
  type: number;
  start: string | null;
  stock: number;
  is_active?: boolean;
}

export interface MonthTile {
  /** 'YYYY-MM' */
  key: string;
  year: number;
  /** 0-11 */
  month: number;
  /** Dutch month name and year, e.g. 'maart 2026'. */
  label: string;
  /** The Hijri month in the middle of the Gregorian month. */
  hijri: string;
  status: MonthTileStatus;
  text: string;
  /** Number of bookable Umrah products starting in the month. */
  items: number;
  /** Their total stock. */
  stock: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const monthKey = (year: number, month: number) => `${year}-${pad(month + 1)}`;

/** Today as 'YYYY-MM-DD' in local time (a string passes through). */
export function localDay(today: Date | string): string {
  if (typeof today === 'string') return today.slice(0, 10);
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

// Spelled out rather than asked of Intl: the first Intl formatter a page makes loads the locale data,
// a long task on a phone while the tiles hydrate; the Dutch month names do not change.
export const DUTCH_MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/**
 * A trip counts for the tiles when it is an active Umrah product that has not departed yet: a trip
 * that started before today cannot be booked any more.
 */
export const isBookableTrip = (p: TileProduct, today: string) => p.is_active !== false && isUmrahType(p.type) && !!p.start && p.start >= today;

/** The month tiles for `today`, as a pure function of the date and the region's products. */
export function monthTiles(today: Date | string, products: readonly TileProduct[]): MonthTile[] {
  const day = localDay(today);
  const y0 = Number(day.slice(0, 4));
  const m0 = Number(day.slice(5, 7));
  const perMonth = new Map<string, { items: number; stock: number }>();
  for (const p of products) {
    if (!isBookableTrip(p, day)) continue;
    const key = p.start!.slice(0, 7);
    const agg = perMonth.get(key) ?? { items: 0, stock: 0 };
    agg.items += 1;
    agg.stock += Math.max(0, p.stock);
    perMonth.set(key, agg);
  }

  const tiles: MonthTile[] = [];
  for (let offset = 0; offset < MONTHS_SCANNED && tiles.length < MAX_MONTH_TILES; offset++) {
    const index = m0 - 1 + offset;
    const year = y0 + Math.floor(index / 12);
    const month = index % 12;
    if (month === SKIPPED_MONTH_INDEX) continue;
    const key = monthKey(year, month);
    const agg = perMonth.get(key) ?? { items: 0, stock: 0 };
    const status: MonthTileStatus = agg.items === 0 ? 'soon' : agg.stock === 0 ? 'soldout' : 'available';
    const mid = new Date(Date.UTC(year, month, 15, 12));
    tiles.push({
      key,
      year,
      month,
      label: `${DUTCH_MONTHS[month]} ${year}`,
      hijri: hijriMonthName(mid),
      status,
      text: MONTH_TILE_TEXT[status],
      items: agg.items,
      stock: agg.stock,
    });
  }
  return tiles;
}
