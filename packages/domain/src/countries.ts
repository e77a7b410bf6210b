import countries from 'i18n-iso-countries';
// Imported statically so the browser build bundles exactly these locales (and Node needs no fs).
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import { NATIONALITIES } from './nationalities.ts';

// docs/RULES.md, 'Entities: Country list': num_code, alpha_2_code, alpha_3_code, en_short_name, nl_short_name and
// nationality, from i18n-iso-countries (codes and names) and our own nationality table
// (nationalities.ts). Values travel as ISO 3166-1 alpha-2 codes ('NL', 'MA', 'SA').

countries.registerLocale(en);
countries.registerLocale(nl);

export interface Country {
  /** ISO 3166-1 alpha-2, upper case (the value stored and sent). */
  code: string;
  /** Short Dutch name ('Nederland', not 'Koninkrijk der Nederlanden'). */
  name: string;
  /** ISO 3166-1 numeric, three digits ('528'). */
  num_code: string;
  alpha_2_code: string;
  alpha_3_code: string;
  en_short_name: string;
  nl_short_name: string;
  /** The Dutch nationality adjective ('Nederlandse'). */
  nationality: string;
}

// The package's Dutch 'alias' is the everyday short name where it keeps an official long one; in
// English its 'official' one is the short name ('Netherlands', not 'The Netherlands').
const nlNames = countries.getNames('nl', { select: 'alias' }) as Record<string, string>;
const enNames = countries.getNames('en', { select: 'official' }) as Record<string, string>;

export const COUNTRIES: readonly Country[] = Object.freeze(
  Object.entries(nlNames)
    .map(([code, name]) => ({
      code,
      name,
      num_code: countries.alpha2ToNumeric(code) ?? '',
      alpha_2_code: code,
      alpha_3_code: countries.alpha2ToAlpha3(code) ?? '',
      en_short_name: enNames[code] ?? name,
      nl_short_name: name,
      // A country the package adds before the table knows it still gets a readable label.
      nationality: NATIONALITIES[code] ?? name,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nl')),
);

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

/** The nationalities in alphabetical order (the visa form's list), each with its country's code. */
export const NATIONALITY_LIST: readonly Country[] = Object.freeze([...COUNTRIES].sort((a, b) => a.nationality.localeCompare(b.nationality, 'nl')));

/** Whether `code` is an alpha-2 code of the list (case-sensitive: codes are stored upper case). */
export const isCountryCode = (code: string): boolean => byCode.has(code);

/** The Dutch name of an alpha-2 code; unknown codes come back as they are (old free-text data). */
export const countryName = (code: string | null | undefined): string => (code ? (byCode.get(code.toUpperCase())?.name ?? code) : '');

/** The Dutch nationality of an alpha-2 code ('MA' → 'Marokkaanse'); unknown codes as they are. */
export const nationalityName = (code: string | null | undefined): string => (code ? (byCode.get(code.toUpperCase())?.nationality ?? code) : '');
