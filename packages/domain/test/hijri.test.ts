import { describe, expect, it } from 'vitest';
import { hijriMonthName } from '../src/dates.ts';
import { HIJRI_MONTHS } from '../src/enums.ts';

// What Intl's Umm al-Qura calendar says, the way hijriMonthName worked before its table.
const intl = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { month: 'numeric', timeZone: 'Europe/Amsterdam' });
const byIntl = (date: Date) => HIJRI_MONTHS[Number(intl.formatToParts(date).find((p) => p.type === 'month')!.value) - 1];

describe('hijriMonthName', () => {
  it('names the month Intl names, for every day of the table and a month either side', () => {
    for (let t = Date.UTC(2019, 10, 20); t <= Date.UTC(2046, 1, 20); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(hijriMonthName(day), day).toBe(byIntl(new Date(t)));
    }
  });

  it('takes the day in Amsterdam for a moment in time, also late in the UTC evening', () => {
    for (const iso of [
      '2027-03-15T12:00:00Z',
      '2026-12-31T22:30:00Z',
      '2026-06-30T21:59:00Z',
      '2026-06-30T22:30:00Z',
      '2030-02-01T23:59:59Z',
      '1990-05-01T10:00:00Z',
    ]) {
      expect(hijriMonthName(new Date(iso)), iso).toBe(byIntl(new Date(iso)));
      expect(hijriMonthName(iso), iso).toBe(byIntl(new Date(iso)));
    }
  });

  it('gives an empty name for a date that is none', () => {
    expect(hijriMonthName('geen datum')).toBe('');
  });
});
