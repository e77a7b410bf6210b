import { describe, expect, it } from 'vitest';
import { countryOptions } from '../../components/CountrySelect';

describe('country select options', () => {
  it('lists the countries by Dutch name with their ISO code as value', () => {
    const options = countryOptions('');
    expect(options.find((o) => o.value === 'NL')?.label).toBe('Nederland');
    expect(options.find((o) => o.value === 'SA')?.label).toBe('Saudi-Arabië');
    expect(options.length).toBeGreaterThan(240);
  });

  it('lists the nationalities by their Dutch adjective for a nationality field, with the same ISO codes', () => {
    const options = countryOptions('', true);
    expect(options.find((o) => o.value === 'NL')?.label).toBe('Nederlandse');
    expect(options.find((o) => o.value === 'MA')?.label).toBe('Marokkaanse');
    expect(options.find((o) => o.value === 'TR')?.label).toBe('Turkse');
    expect(options.length).toBe(countryOptions('').length);
  });

  it('keeps an older free-text value selectable, once, at the top', () => {
    const options = countryOptions('Nederlandse');
    expect(options[0]).toEqual({ value: 'Nederlandse', label: 'Nederlandse' });
    expect(options.filter((o) => o.value === 'Nederlandse')).toHaveLength(1);
    expect(countryOptions('MA')).toBe(countryOptions(null));
  });
});
