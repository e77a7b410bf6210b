// Today and the wall clock in Amsterdam, whatever the server's own time zone is (docs/ARCHITECTURE.md,
// 'Time'): `dutchToday` for every 'is it past the deadline' question of orders, payments, reminders,
// invoices, visa retention and the open orders; `fromDutchDateTime`/`toDutchDateTime` for values that
// travel as 'YYYY-MM-DD HH:mm:ss' in Dutch local time (a voucher's expiry, an export's range) and are
// stored as instants. A shared helper of several modules, so it lives in lib and imports none.

import { AMSTERDAM_CLOCK_OPTIONS } from '@umrah/domain';

const parts = new Intl.DateTimeFormat('en-GB', { ...AMSTERDAM_CLOCK_OPTIONS, second: '2-digit' });

function wallClock(date: Date) {
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const x of parts.formatToParts(date)) p[x.type] = x.value;
  const { year: y, month: mo, day: d, hour: h, minute: mi, second: s } = p;
  if (!y || !mo || !d || !h || !mi || !s) throw new Error(`Intl gave no full date and time for ${date.getTime()}`);
  return { y, mo, d, h, mi, s };
}

/** Minutes Amsterdam is ahead of UTC at this instant (60 in winter, 120 in summer). */
function offsetMinutes(date: Date): number {
  const w = wallClock(date);
  const asUtc = Date.UTC(+w.y, +w.mo - 1, +w.d, +w.h, +w.mi, +w.s);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

/** 'YYYY-MM-DD HH:mm:ss' read as Amsterdam wall-clock time. */
export function fromDutchDateTime(value: string): Date {
  // A missing part reads as NaN, so a malformed value gives an Invalid Date.
  const [date = '', time = ''] = value.split(' ');
  const [y = NaN, mo = NaN, d = NaN] = date.split('-').map(Number);
  const [h = NaN, mi = NaN, s = NaN] = time.split(':').map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  const first = guess - offsetMinutes(new Date(guess)) * 60000;
  // Near a DST switch the offset at the corrected instant can differ from the guess's.
  return new Date(guess - offsetMinutes(new Date(first)) * 60000);
}

/** An instant as 'YYYY-MM-DD HH:mm:ss' on the Amsterdam wall clock. */
export function toDutchDateTime(date: Date): string {
  const w = wallClock(date);
  return `${w.y}-${w.mo}-${w.d} ${w.h}:${w.mi}:${w.s}`;
}

/** The last day dutchToday gave, with the instants it starts and ends (every order and payment start asks). */
let lastDay: { day: string; from: number; until: number } | null = null;

/** Today in Amsterdam as 'YYYY-MM-DD'. */
export function dutchToday(now: Date = new Date()): string {
  const t = now.getTime();
  if (lastDay && t >= lastDay.from && t < lastDay.until) return lastDay.day;
  const day = toDutchDateTime(now).slice(0, 10);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  // Amsterdam's clocks change at 02:00 and 03:00, never at midnight: each day starts at one instant.
  lastDay = { day, from: fromDutchDateTime(`${day} 00:00:00`).getTime(), until: fromDutchDateTime(`${next} 00:00:00`).getTime() };
  return day;
}
