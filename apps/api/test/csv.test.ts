import { describe, expect, it } from 'vitest';
import { csvEuros, csvField, csvNumber, toCsv } from '../src/lib/csv.ts';
import { readAsDutchExcel } from './dutch-excel.ts';

// The shop's one CSV writer: what Dutch Excel opens as columns and numbers.
describe('lib/csv', () => {
  it('writes BOM, ; separated fields, CRLF and a decimal comma; reads back as Dutch Excel does', () => {
    const file = toCsv(
      ['Naam', 'Bedrag', 'Aantal'],
      [
        ['Öztürk; Şükrü', csvEuros(-121050), 3],
        ['Jan "de" Vries', csvEuros(5), csvNumber(2.5)],
      ],
    );
    expect(file.startsWith('\uFEFFNaam;Bedrag;Aantal\r\n')).toBe(true);
    expect(readAsDutchExcel(file)).toEqual([
      ['Naam', 'Bedrag', 'Aantal'],
      ['Öztürk; Şükrü', '-1210,50', '3'],
      ['Jan "de" Vries', '0,05', '2,5'],
    ]);
  });

  it('keeps the formula guard on text but never on numbers', () => {
    expect(['=1+1', '+31 6', '-x', '@SUM(A1)', '\tx'].map(csvField)).toEqual(["'=1+1", "'+31 6", "'-x", "'@SUM(A1)", "'\tx"]);
    expect(csvField(csvEuros(-500))).toBe('-5,00');
    expect(csvField(-2)).toBe('-2');
    expect(csvField(null)).toBe('');
  });
});
