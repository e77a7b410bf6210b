import { z } from 'zod';
import { isIsoDate } from './common.ts';

// Bookkeeper exports (docs/RULES.md, 'Beyond the rules'): GET /api/admin/exports/{payments|invoices}.{csv|xlsx}?from=&to=.
// One schema for the API's query and the web form, so both refuse the same ranges with the same text.

export const EXPORT_MSG = {
  from: 'Vul een geldige begindatum in.',
  to: 'Vul een geldige einddatum in.',
  order: 'De begindatum moet op of voor de einddatum liggen.',
  tooLong: 'De periode mag hoogstens 2 jaar zijn.',
  failed: 'Het exporteren is mislukt. Probeer het opnieuw.',
} as const;

/** At most two years per export: bounds the work of one request and the size of one file. */
export const EXPORT_MAX_YEARS = 2;

/** True for 'YYYY-MM-DD' that names a day of the calendar (no 2025-02-30). */
export function isRealDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isIsoDate(value) && year >= 2000 && year <= 2100;
}

/** The last day a range starting on `from` may end on: two years later, minus one day. */
export function lastAllowedDay(from: string): string {
  const [y = NaN, m = NaN, d = NaN] = from.split('-').map(Number);
  const end = new Date(Date.UTC(y + EXPORT_MAX_YEARS, m - 1, d));
  // 29 February plus two years rolls over to 1 March, which is what 'two years' means then too.
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

const day = (message: string) => z.string({ error: message }).max(10, { error: message }).refine(isRealDate, { error: message });

export const exportRangeSchema = z.object({ from: day(EXPORT_MSG.from), to: day(EXPORT_MSG.to) }).superRefine((v, ctx) => {
  // zod runs this even when a field's refine failed: compare real dates only (else no Date to build).
  if (!isRealDate(v.from) || !isRealDate(v.to)) return;
  // ISO dates compare as text.
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MSG.order });
  else if (v.to > lastAllowedDay(v.from)) ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MSG.tooLong });
});
export type ExportRange = z.output<typeof exportRangeSchema>;

export const EXPORT_KINDS = ['payments', 'invoices'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
