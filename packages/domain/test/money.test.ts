import { describe, expect, it } from 'vitest';
import { exclVat, formatEuro } from '../src/money.ts';

describe('formatEuro', () => {
  it('writes whole amounts with ,- and thousands with a dot', () => {
    expect(formatEuro(125000)).toBe('€ 1.250,-');
    expect(formatEuro(0)).toBe('€ 0,-');
    expect(formatEuro(100)).toBe('€ 1,-');
    expect(formatEuro(123456789)).toBe('€ 1.234.567,89');
  });
  it('writes other amounts with two decimals', () => {
    expect(formatEuro(125050)).toBe('€ 1.250,50');
    expect(formatEuro(5)).toBe('€ 0,05');
    expect(formatEuro(-25000)).toBe('-€ 250,-');
  });
});

describe('exclVat', () => {
  it('is incl / 121 × 100, rounded to cents', () => {
    expect(exclVat(12100)).toBe(10000);
    expect(exclVat(100)).toBe(83);
    expect(exclVat(10900, 9)).toBe(10000);
  });
});
