import { describe, expect, it } from 'vitest';
import { buildMrz, readMrz } from '../src/mrz.ts';
import { MRZ_GLYPH_CELL, classifyGlyph, inkBox, readMrzGlyphs, type GreyImage, type OcrSymbol } from '../src/mrz-glyphs.ts';
import { MRZ_GLYPH_TEMPLATES } from '../src/mrz-glyph-templates.ts';

const { width: CW, height: CH } = MRZ_GLYPH_CELL;
const SCALE = 2;
const PITCH = CW * SCALE + 6;

/** Paper with the OCR-B glyphs of `lines` drawn at twice the cell size, and the boxes OCR would report (with `misread` as their text). */
function page(lines: readonly string[], misread: (char: string) => string = (c) => c): { img: GreyImage; symbols: OcrSymbol[][] } {
  const width = 10 + PITCH * Math.max(...lines.map((l) => l.length));
  const height = 10 + lines.length * (CH * SCALE + 12);
  const data = new Uint8Array(width * height).fill(240);
  const symbols = lines.map((line, row) =>
    [...line].map((char, col) => {
      const cell = Uint8Array.from(atob(MRZ_GLYPH_TEMPLATES[char] ?? ''), (c) => c.charCodeAt(0));
      const x0 = 5 + col * PITCH;
      const y0 = 5 + row * (CH * SCALE + 12);
      for (let j = 0; j < CH * SCALE; j++)
        for (let i = 0; i < CW * SCALE; i++) {
          const ink = cell[Math.floor(j / SCALE) * CW + Math.floor(i / SCALE)] ?? 0;
          data[(y0 + j) * width + x0 + i] = Math.min(240, 255 - ink);
        }
      return { text: misread(char), bbox: { x0, y0, x1: x0 + CW * SCALE, y1: y0 + CH * SCALE } };
    }),
  );
  return { img: { data, width, height }, symbols };
}

describe('OCR-B glyph reading', () => {
  it('has a template for every MRZ character', () => {
    expect(Object.keys(MRZ_GLYPH_TEMPLATES).sort().join('')).toBe([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'].sort().join(''));
  });

  it('tells every character from its look-alikes', () => {
    const chars = '8SB0ODQ2Z5S1I6GWHNMUV<K';
    const { img, symbols } = page([chars]);
    expect(symbols[0]!.map((s) => classifyGlyph(img, s.bbox)).join('')).toBe(chars);
  });

  it('trims the paper around a glyph to its ink', () => {
    const { img, symbols } = page(['I']);
    const box = symbols[0]![0]!.bbox;
    const ink = inkBox(img, { x0: box.x0 - 4, y0: box.y0 - 4, x1: box.x1 + 4, y1: box.y1 + 4 });
    // The template is the glyph's own ink, so the drawn box is all ink from edge to edge.
    for (const side of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(ink[side] - box[side])).toBeLessThanOrEqual(1);
    const blank = inkBox({ data: new Uint8Array(100).fill(200), width: 10, height: 10 }, { x0: 2, y0: 2, x1: 8, y1: 8 });
    expect(blank).toEqual({ x0: 2, y0: 2, x1: 8, y1: 8 });
  });

  it('reads an MRZ right where tesseract mixed up look-alikes that the check digits cannot see', () => {
    const mrz = buildMrz({
      issuer: 'NLD',
      lastName: 'DE VRIES',
      firstName: 'WASSIM',
      number: 'DED28BSUD',
      nationality: 'NLD',
      birth: '1977-11-20',
      sex: 'M',
      expiry: '2027-12-17',
    });
    // What OCR made of it: 8 as S and W as H, both in places no check digit or rule corrects.
    const slips: Record<string, string> = { '8': 'S', W: 'H' };
    const { img, symbols } = page(mrz, (c) => slips[c] ?? c);
    const ocrText = symbols.map((line) => line.map((s) => s.text).join('')).join('\n');
    expect(readMrz(ocrText, '2026-11-27')?.values.first_name).toBe('HASSIM');

    const lines = readMrzGlyphs(img, symbols);
    expect(lines).toEqual(mrz);
    const reading = readMrz(lines, '2026-11-27');
    expect(reading?.checkDigitsValid).toBe(true);
    expect(reading?.values).toMatchObject({ first_name: 'WASSIM', last_name: 'DE VRIES', passport_number: 'DED28BSUD' });
  });

  it('leaves out lines too short to be an MRZ line and keeps symbols of more than one character', () => {
    const { img, symbols } = page(['P<NLD', 'AB']);
    expect(readMrzGlyphs(img, symbols)).toEqual([]);
    const long = page(['P<NLD<<<<<<<<<<<<<<<<<<<<<<<<<<<<']);
    const withPair = long.symbols.map((line) => line.map((s, i) => (i === 0 ? { ...s, text: 'P<' } : s)));
    expect(readMrzGlyphs(long.img, withPair)[0]!.startsWith('P<<NLD')).toBe(true);
  });
});
