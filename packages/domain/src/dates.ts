import dayjs from 'dayjs';
import { HIJRI_MONTHS } from './enums.ts';

/** Dates are shown DD-MM-YYYY (docs/RULES.md, 'Constants'). */
export const DISPLAY_DATE = 'DD-MM-YYYY';
/** Dates travel over the API as YYYY-MM-DD. */
export const API_DATE = 'YYYY-MM-DD';

/** The zone of every date a person reads: the shop is Dutch, whatever the server's or browser's zone. */
export const SHOP_TIME_ZONE = 'Europe/Amsterdam';

/** A calendar date ('YYYY-MM-DD'), or a wall-clock time without an offset ('YYYY-MM-DD HH:mm:ss'): no zone to convert. */
const CALENDAR = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/** Intl options for the Amsterdam wall clock to the minute (the API's clock adds seconds). */
export const AMSTERDAM_CLOCK_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

let amsterdamParts: Intl.DateTimeFormat | undefined;

/** An instant on the Amsterdam wall clock: year, month, day, hour, minute (zero-padded strings). */
export function amsterdamWallClock(value: Date | string): { y: string; mo: string; d: string; h: string; mi: string } | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  // Created on first use: the home page never formats an instant, and Intl's set-up costs a phone.
  amsterdamParts ??= new Intl.DateTimeFormat('en-GB', AMSTERDAM_CLOCK_OPTIONS);
  const p = Object.fromEntries(amsterdamParts.formatToParts(date).map((x) => [x.type, x.value]));
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour!, mi: p.minute! };
}

/** The Amsterdam day of an instant as 'YYYY-MM-DD' (a calendar date is returned as it is). */
export function amsterdamDate(value: Date | string): string {
  const literal = typeof value === 'string' ? CALENDAR.exec(value) : null;
  if (literal) return `${literal[1]}-${literal[2]}-${literal[3]}`;
  const w = amsterdamWallClock(value);
  return w ? `${w.y}-${w.mo}-${w.d}` : '';
}

/**
 * DD-MM-YYYY, the one date format a person reads (PDFs, mails, exports, screens). An instant (a
 * Date or an ISO timestamp) shows its day in Amsterdam, never the server's or browser's zone: a
 * payment at 00:30 Dutch time is that day, also on a UTC server. A calendar date is shown as is.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const ymd = amsterdamDate(value);
  return ymd ? `${ymd.slice(8, 10)}-${ymd.slice(5, 7)}-${ymd.slice(0, 4)}` : '';
}

/** DD-MM-YYYY HH:mm of an instant on the Amsterdam wall clock. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const literal =
    typeof value === 'string' && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value) : null;
  if (literal) return `${literal[3]}-${literal[2]}-${literal[1]} ${literal[4]}:${literal[5]}`;
  const w = amsterdamWallClock(value);
  return w ? `${w.d}-${w.mo}-${w.y} ${w.h}:${w.mi}` : '';
}

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
