import { describe, expect, it } from 'vitest';
import { countryOptions } from '../../components/CountrySelect';

describe('country select options', () => {
  it('lists the countries by Dutch name with their ISO code as value', () => {
    const options = countryOptions('');
    expect(options.find((o) => o.value === 'NL')?.label).toBe('Nederland');
    expect(options.find((o) => o.value === 'SA')?.label).toBe('Saudi-Arabië');
    expect(options.length).toBeGreaterThan(240);
  });

  it('keeps an older free-text value selectable, once, at the top', () => {
    const options = countryOptions('Nederlandse');
    expect(options[0]).toEqual({ value: 'Nederlandse', label: 'Nederlandse' });
    expect(options.filter((o) => o.value === 'Nederlandse')).toHaveLength(1);
    expect(countryOptions('MA')).toBe(countryOptions(null));
  });
});
