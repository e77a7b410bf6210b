import { describe, expect, it } from 'vitest';
import { MONTH_TILE_TEXT, monthTiles, type TileProduct } from '../src/months.ts';

const trip = (start: string, stock: number, extra: Partial<TileProduct> = {}): TileProduct => ({ type: 2, start, stock, ...extra });

describe('monthTiles', () => {
  it('scans from the current month, skips May and shows at most 7 tiles', () => {
    const tiles = monthTiles('2026-01-20', []);
    expect(tiles.map((t) => t.key)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-06', '2026-07', '2026-08']);
    expect(tiles.every((t) => t.month !== 4)).toBe(true);
  });

  it('crosses the year boundary and still skips May', () => {
    const tiles = monthTiles('2025-11-01', []);
    expect(tiles.map((t) => t.key)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-06']);
  });

  it('starting in May the current month itself is skipped', () => {
    const tiles = monthTiles('2026-05-03', []);
    expect(tiles[0]?.key).toBe('2026-06');
    expect(tiles).toHaveLength(7);
  });

  it("says 'Bekijk aanbod' with stock, 'Uitverkocht!' at total stock 0 and 'Binnenkort online' without items", () => {
    const products = [trip('2026-02-10', 0), trip('2026-02-10', 0, { type: 3 }), trip('2026-03-10', 0), trip('2026-03-24', 5)];
    const tiles = monthTiles('2026-01-05', products);
    const byKey = Object.fromEntries(tiles.map((t) => [t.key, t]));
    expect(byKey['2026-02']?.text).toBe('Uitverkocht!');
    expect(byKey['2026-02']?.items).toBe(2);
    expect(byKey['2026-03']?.text).toBe('Bekijk aanbod');
    expect(byKey['2026-03']?.stock).toBe(5);
    expect(byKey['2026-01']?.text).toBe('Binnenkort online');
    expect(MONTH_TILE_TEXT.soon).toBe('Binnenkort online');
  });

  it('ignores lessons, inactive products and trips that have already departed', () => {
    const products = [
      trip('2026-01-03', 10), // departed before today
      trip('2026-01-25', 10, { is_active: false }),
      trip('2026-01-25', 10, { type: 11 }),
      { type: 1, start: null, stock: 1000 },
    ];
    const [jan] = monthTiles('2026-01-05', products);
    expect(jan?.status).toBe('soon');
    const [jan2] = monthTiles('2026-01-05', [...products, trip('2026-01-05', 3)]);
    expect(jan2?.status).toBe('available');
  });

  it('shows the Dutch month name and the Hijri month of the middle of the month', () => {
    const [march] = monthTiles('2026-03-01', []);
    expect(march?.label).toBe('maart 2026');
    // 15 March 2026 is 26 Ramadan 1447 (Umm al-Qura); 15 June 2026 is 29 Dhu al-Hijjah 1447.
    expect(march?.hijri).toBe('Ramadan');
    const tiles = monthTiles('2026-06-01', []);
    expect(tiles[0]?.label).toBe('juni 2026');
    expect(tiles[0]?.hijri).toBe('Dhu al-Hijjah');
  });

  it('accepts a Date for today (local calendar day)', () => {
    expect(monthTiles(new Date(2026, 6, 31, 23, 30), [])[0]?.key).toBe('2026-07');
  });
});
