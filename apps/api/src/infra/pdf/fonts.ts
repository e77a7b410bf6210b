import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

// pdfkit's built-in Helvetica only draws Latin-1: a guest named Şükrü Yılmaz or Ayşe Öztürk would
// come out garbled on an invoice or a rooming list. DejaVu Sans (Condensed: about as wide as Helvetica, so the layouts stay as they were) covers Latin Extended (Turkish,
// Polish, …), Arabic-script names stay as transliterated in the passport. Read once per thread;
// pdfkit embeds only the glyphs a document uses.
const require = createRequire(import.meta.url);
const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let files: { regular: Buffer; bold: Buffer } | null = null;

export const FONT = 'Body';
export const BOLD = 'Body-Bold';

export function registerFonts(doc: PDFKit.PDFDocument): void {
  files ??= { regular: readFileSync(path.join(dir, 'DejaVuSansCondensed.ttf')), bold: readFileSync(path.join(dir, 'DejaVuSansCondensed-Bold.ttf')) };
  doc.registerFont(FONT, files.regular);
  doc.registerFont(BOLD, files.bold);
  doc.font(FONT);
}

/**
 * A Dutch A4 pdfkit document with the shop's fonts, and its bytes once the caller has laid it out
 * and called `doc.end()`.
 */
export function startPdf(options: Omit<PDFKit.PDFDocumentOptions, 'size' | 'lang'>): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', lang: 'nl-NL', ...options });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
