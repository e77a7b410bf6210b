import { describe, expect, it } from 'vitest';
import { amsterdamDateTime } from './amsterdam';

describe('rooming-list version times', () => {
  it('are shown in Amsterdam time whatever the browser’s time zone, summer and winter', () => {
    // 22:30 UTC in July is half past midnight the next day in Amsterdam (UTC+2).
    expect(amsterdamDateTime('2026-07-01T22:30:00Z')).toBe('02-07-2026 00:30');
    // In January Amsterdam is UTC+1.
    expect(amsterdamDateTime('2026-01-15T08:05:00.000Z')).toBe('15-01-2026 09:05');
  });
});
