import dayjs from 'dayjs';
import { HIJRI_MONTHS } from './enums.ts';

/** Dates are shown DD-MM-YYYY (SPEC section 9). */
export const DISPLAY_DATE = 'DD-MM-YYYY';
/** Dates travel over the API as YYYY-MM-DD. */
export const API_DATE = 'YYYY-MM-DD';

export const formatDate = (value: string | Date | null | undefined): string => (value ? dayjs(value).format(DISPLAY_DATE) : '');

export const toApiDate = (value: string | Date): string => dayjs(value).format(API_DATE);

// Made once, on first use: building an Intl formatter is costly (the month tiles ask twelve times a render).
let hijriMonthFormat: Intl.DateTimeFormat | undefined;

/** The Hijri (Umm al-Qura) month name that a Gregorian date falls in. */
export function hijriMonthName(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  hijriMonthFormat ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { month: 'numeric', timeZone: 'Europe/Amsterdam' });
  const month = hijriMonthFormat.formatToParts(date).find((p) => p.type === 'month');
  const index = month ? Number.parseInt(month.value, 10) - 1 : NaN;
  return HIJRI_MONTHS[index] ?? '';
}
