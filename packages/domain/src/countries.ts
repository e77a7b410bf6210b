import countries from 'i18n-iso-countries';
// Imported statically so the browser build bundles exactly this one locale (and Node needs no fs).
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };

// SPEC 3 'Country list': countries and nationalities with Dutch names, from i18n-iso-countries
// rather than a hand-written list. Values travel as ISO 3166-1 alpha-2 codes ('NL', 'MA', 'SA').

countries.registerLocale(nl);

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** Short Dutch name ('Nederland', not 'Koninkrijk der Nederlanden'). */
  name: string;
}

// The package's 'alias' is the everyday short name where it keeps an official long one.
const names = countries.getNames('nl', { select: 'alias' }) as Record<string, string>;

export const COUNTRIES: readonly Country[] = Object.freeze(
  Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nl')),
);

const byCode = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** Whether `code` is an alpha-2 code of the list (case-sensitive: codes are stored upper case). */
export const isCountryCode = (code: string): boolean => byCode.has(code);

/** The Dutch name of an alpha-2 code; unknown codes come back as they are (old free-text data). */
export const countryName = (code: string | null | undefined): string => (code ? (byCode.get(code.toUpperCase()) ?? code) : '');
