import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, NATIONALITY_LIST, countryName, isCountryCode, nationalityName } from '../src/countries.ts';
import { NATIONALITIES } from '../src/nationalities.ts';

describe('the country list (docs/RULES.md, Entities)', () => {
  const iso = Object.keys(countries.getAlpha2Codes());

  it('every ISO country of i18n-iso-countries has a Dutch nationality of our own table, and the table has no other codes', () => {
    expect(iso.length).toBeGreaterThanOrEqual(249);
    expect(iso.filter((code) => !NATIONALITIES[code]?.trim())).toEqual([]);
    expect(Object.keys(NATIONALITIES).filter((code) => !iso.includes(code))).toEqual([]);
    // Adjectives, not country names: every one ends in -e (before a bracketed territory).
    expect(Object.values(NATIONALITIES).filter((n) => !/e( \(.+\))?$/.test(n))).toEqual([]);
  });

  it('every country has the numeric, alpha-2 and alpha-3 codes, the English and Dutch name and the nationality', () => {
    expect(COUNTRIES).toHaveLength(iso.length);
    for (const c of COUNTRIES) {
      expect(c.alpha_2_code, c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha_3_code, c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.num_code, c.code).toMatch(/^\d{3}$/);
      expect(c.en_short_name, c.code).not.toBe('');
      expect(c.nl_short_name, c.code).toBe(c.name);
      expect(c.nationality, c.code).toBe(NATIONALITIES[c.code]);
    }
    expect(COUNTRIES.find((c) => c.code === 'NL')).toEqual({
      code: 'NL',
      name: 'Nederland',
      num_code: '528',
      alpha_2_code: 'NL',
      alpha_3_code: 'NLD',
      en_short_name: 'Netherlands',
      nl_short_name: 'Nederland',
      nationality: 'Nederlandse',
    });
    expect(COUNTRIES.find((c) => c.code === 'MA')).toMatchObject({
      num_code: '504',
      alpha_3_code: 'MAR',
      en_short_name: 'Morocco',
      nationality: 'Marokkaanse',
    });
  });

  it('names a nationality by its code, and leaves old free text as it is', () => {
    expect(['NL', 'MA', 'TR', 'SA', 'be'].map(nationalityName)).toEqual(['Nederlandse', 'Marokkaanse', 'Turkse', 'Saudische', 'Belgische']);
    expect(nationalityName('Marokkaans')).toBe('Marokkaans');
    expect(countryName('TR')).toBe('Turkije');
    expect(isCountryCode('MA')).toBe(true);
    // The visa form's list is sorted by the adjective.
    const labels = NATIONALITY_LIST.map((c) => c.nationality);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'nl')));
  });
});
