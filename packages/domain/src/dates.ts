import dayjs from 'dayjs';
import { HIJRI_MONTHS } from './enums.ts';

/** Dates are shown DD-MM-YYYY (SPEC section 9). */
export const DISPLAY_DATE = 'DD-MM-YYYY';
/** Dates travel over the API as YYYY-MM-DD. */
export const API_DATE = 'YYYY-MM-DD';

export const formatDate = (value: string | Date | null | undefined): string => (value ? dayjs(value).format(DISPLAY_DATE) : '');

export const toApiDate = (value: string | Date): string => dayjs(value).format(API_DATE);

// The Umm al-Qura calendar from 27-12-2019 (1 Jumada al-Awwal 1441) to 09-01-2046, month by month
// (a hex digit holds four months; bit 1 = 30 days, 0 = 29), as Intl's islamic-umalqura calendar
// gives it (test). The shop's dates fall in it; a page then needs no Intl calendar, whose first use
// is a long task on a phone. Outside it, or for a moment Amsterdam may already be a day further, Intl.
const UMALQURA_START = Date.UTC(2019, 11, 27);
const UMALQURA_START_MONTH = 4;
const UMALQURA_MONTHS = 'da55aaab595749764baa5b52b6a56e4db25b52b6a5ad2ae92f49764b6a56acad655d49da4dd16d954';
const UMALQURA_COUNT = 322;
const DAY_MS = 86_400_000;

/** The month index (0 = Muharram) of a day in the table, or null outside it. */
function umalquraMonthOf(dayUtc: number): number | null {
  let start = UMALQURA_START;
  if (dayUtc < start) return null;
  for (let i = 0; i < UMALQURA_COUNT; i++) {
    const thirty = (Number.parseInt(UMALQURA_MONTHS[i >> 2]!, 16) >> (3 - (i & 3))) & 1;
    const end = start + (thirty ? 30 : 29) * DAY_MS;
    if (dayUtc < end) return (UMALQURA_START_MONTH + i) % 12;
    start = end;
  }
  return null;
}

/** The calendar day in Amsterdam (as UTC midnight) where that is certain without Intl, else null. */
function amsterdamDay(value: string | Date): number | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(value);
  const date = typeof value === 'string' ? new Date(value) : value;
  // Amsterdam is one or two hours ahead of UTC: the same day until 22:00 UTC.
  if (Number.isNaN(date.getTime()) || date.getUTCHours() >= 22) return null;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

let hijriMonthFormat: Intl.DateTimeFormat | undefined;

/** The Hijri (Umm al-Qura) month name that a Gregorian date falls in (the day in Amsterdam). */
export function hijriMonthName(value: string | Date): string {
  const day = amsterdamDay(value);
  const fromTable = day === null ? null : umalquraMonthOf(day);
  if (fromTable !== null) return HIJRI_MONTHS[fromTable] ?? '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  hijriMonthFormat ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { month: 'numeric', timeZone: 'Europe/Amsterdam' });
  const month = hijriMonthFormat.formatToParts(date).find((p) => p.type === 'month');
  const index = month ? Number.parseInt(month.value, 10) - 1 : NaN;
  return HIJRI_MONTHS[index] ?? '';
}
