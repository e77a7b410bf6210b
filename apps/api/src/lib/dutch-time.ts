// Today and the wall clock in Amsterdam, whatever the server's own time zone is (docs/ARCHITECTURE.md,
// 'Time'): `dutchToday` for every 'is it past the deadline' question of orders, payments, reminders,
// invoices, visa retention and the open orders; `fromDutchDateTime`/`toDutchDateTime` for values that
// travel as 'YYYY-MM-DD HH:mm:ss' in Dutch local time (a voucher's expiry, an export's range) and are
// stored as instants. A shared helper of several modules, so it lives in lib and imports none.

const ZONE = 'Europe/Amsterdam';
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(date: Date) {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return { y: p.year, mo: p.month, d: p.day, h: p.hour, mi: p.minute, s: p.second };
}

/** Minutes Amsterdam is ahead of UTC at this instant (60 in winter, 120 in summer). */
function offsetMinutes(date: Date): number {
  const w = wallClock(date);
  const asUtc = Date.UTC(+w.y, +w.mo - 1, +w.d, +w.h, +w.mi, +w.s);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

/** 'YYYY-MM-DD HH:mm:ss' read as Amsterdam wall-clock time. */
export function fromDutchDateTime(value: string): Date {
  const [date, time] = value.split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
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
  const [y, mo, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
  // Amsterdam's clocks change at 02:00 and 03:00, never at midnight: each day starts at one instant.
  lastDay = { day, from: fromDutchDateTime(`${day} 00:00:00`).getTime(), until: fromDutchDateTime(`${next} 00:00:00`).getTime() };
  return day;
}
