// Times of saved rooming-list versions in Amsterdam time, like every other time in the admin (a
// staff member abroad, or a browser set to UTC, would otherwise see another hour). Local to the
// rooming list: a shared Amsterdam formatter for the whole app belongs in packages/domain/src/dates.ts.

const FORMAT = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as 'DD-MM-YYYY HH:mm' in Amsterdam time. */
export function amsterdamDateTime(value: string | Date): string {
  const parts = Object.fromEntries(FORMAT.formatToParts(typeof value === 'string' ? new Date(value) : value).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}
