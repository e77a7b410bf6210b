// How Dutch Excel opens a CSV by a double click: it reads UTF-8 only after a BOM (else the accents
// come out as Windows-1252), splits on its list separator ';' (a ',' file lands in one column),
// and takes quoted fields with doubled quotes and line breaks inside. Every CSV test reads files
// through this, so a file Excel would open as one column fails here.

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The rows of a CSV file as Dutch Excel shows them; throws when Excel would not read it as UTF-8. */
export function readAsDutchExcel(file: Buffer | string): string[][] {
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  if (!bytes.subarray(0, 3).equals(BOM)) throw new Error('No UTF-8 BOM: Excel would read the file as Windows-1252');
  const text = bytes.subarray(3).toString('utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') (row.push(field), (field = ''));
    else if (ch === '\n') (row.push(field.replace(/\r$/, '')), rows.push(row), (row = []), (field = ''));
    else field += ch;
  }
  if (field || row.length) (row.push(field), rows.push(row));
  return rows;
}
