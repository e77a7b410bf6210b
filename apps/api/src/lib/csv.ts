// The one CSV writer of the shop (airline lists, bookkeeping exports, the 'Openstaand' list): what
// Dutch Excel opens as columns by a double click. UTF-8 with a BOM (else Excel reads accents as
// Windows-1252), ';' between fields (Dutch Excel's list separator; a ',' file opens as one column),
// a decimal comma in numbers, CRLF line ends, and every text cell that a spreadsheet would run as a
// formula made harmless.

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A number as Dutch Excel reads it: '1210,50'. Never formula-guarded (a negative amount stays a number). */
export class CsvNumber {
  constructor(readonly text: string) {}
}

/** `n` with a decimal comma; `decimals` fixes the places (money: 2). */
export const csvNumber = (n: number, decimals?: number) =>
  new CsvNumber((decimals === undefined ? String(n) : n.toFixed(decimals)).replace('.', ','));

/** Cents as euros with two decimals: 121050 → '1210,50'. */
export const csvEuros = (cents: number) => csvNumber(cents / 100, 2);

export type CsvValue = string | number | CsvNumber | null | undefined;

/** A text a spreadsheet would run as a formula (=, +, -, @, or a tab/CR before one) gets a leading '. */
export const neutraliseFormula = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** One field: quoted (RFC 4180, doubled quotes) when it holds a separator, a quote, a line break or edge spaces. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const s = value instanceof CsvNumber ? value.text : typeof value === 'number' ? csvNumber(value).text : neutraliseFormula(value);
  return /[";\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line, CRLF included. */
export const csvRow = (cells: readonly CsvValue[]) => `${cells.map(csvField).join(CSV_SEPARATOR)}\r\n`;

/** A whole file: BOM, the header line, then the rows. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvValue[])[]) => CSV_BOM + [header, ...rows].map(csvRow).join('');

/** The same as chunks of about 64 kB, for a file written to the response while its rows are read. */
export async function* csvChunks(header: readonly string[], rows: AsyncIterable<readonly CsvValue[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(header);
  let chunk = '';
  for await (const row of rows) {
    chunk += csvRow(row);
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
