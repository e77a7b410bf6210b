import { describe, expect, it } from 'vitest';
import { dutchToday, toDutchDateTime } from '../src/lib/dutch-time.ts';

// dutchToday keeps the last day it gave with its start and end; it must give what the wall clock says.

describe('dutchToday', () => {
  it('agrees with the Amsterdam wall clock around midnight, in winter, in summer and on the days the clocks change', () => {
    const instants: number[] = [];
    for (const midnightUtc of [
      '2026-01-14T23:00:00Z',
      '2026-07-14T22:00:00Z',
      '2026-03-28T23:00:00Z',
      '2026-03-29T22:00:00Z',
      '2026-10-24T22:00:00Z',
      '2026-10-25T23:00:00Z',
    ]) {
      const m = Date.parse(midnightUtc);
      for (const delta of [-3_600_000, -1, 0, 1, 3_600_000, 2 * 3_600_000, 3 * 3_600_000]) instants.push(m + delta);
    }
    // In order, backwards and shuffled: the remembered day must never leak into another.
    for (const order of [instants, [...instants].reverse(), instants.map((t, i) => instants[(i * 7) % instants.length]!)]) {
      for (const t of order) expect(dutchToday(new Date(t)), new Date(t).toISOString()).toBe(toDutchDateTime(new Date(t)).slice(0, 10));
    }
    expect(dutchToday(new Date('2026-01-14T22:59:59.999Z'))).toBe('2026-01-14');
    expect(dutchToday(new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(dutchToday(new Date('2026-07-14T21:59:59.999Z'))).toBe('2026-07-14');
    expect(dutchToday(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });
});
