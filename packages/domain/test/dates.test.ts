import { describe, expect, it } from 'vitest';
import { amsterdamDate, formatDate, formatDateTime } from '../src/dates.ts';

// docs/INVOICES.md, 'Dates': every date a person reads is the day in Amsterdam, whatever the zone of the
// process (the API test dates-timezone.test.ts runs the same under TZ=UTC and TZ=America/New_York).
describe('Amsterdam dates', () => {
  it('shows an instant late in the UTC evening as the next day, as Amsterdam does', () => {
    // 23:30 UTC in winter is 00:30 in Amsterdam, in summer 01:30.
    expect(formatDate(new Date('2026-01-14T23:30:00Z'))).toBe('15-01-2026');
    expect(formatDate('2026-07-14T23:30:00.000Z')).toBe('15-07-2026');
    expect(formatDate('2026-07-14T21:59:00Z')).toBe('14-07-2026');
    expect(formatDate('2026-07-14T22:00:00Z')).toBe('15-07-2026');
    expect(formatDateTime('2026-01-14T23:30:00Z')).toBe('15-01-2026 00:30');
    expect(formatDateTime(new Date('2026-03-29T01:30:00Z'))).toBe('29-03-2026 03:30');
    expect(amsterdamDate(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(amsterdamDate(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('shows a calendar date or a Dutch wall-clock time as it is', () => {
    expect(formatDate('2026-01-14')).toBe('14-01-2026');
    expect(formatDate('2026-01-14 23:30:00')).toBe('14-01-2026');
    expect(formatDateTime('2026-01-14 23:30:00')).toBe('14-01-2026 23:30');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('geen datum')).toBe('');
  });
});
