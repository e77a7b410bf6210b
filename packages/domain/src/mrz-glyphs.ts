import { MRZ_GLYPH_TEMPLATES } from './mrz-glyph-templates.ts';

// The MRZ is printed in one known typeface, OCR-B, at a fixed pitch. Tesseract's English model finds
// the two lines and each character's box well but confuses OCR-B's look-alikes (8/S/B, 0/O/D, 2/Z,
// W/H/N) that no check digit can always catch. So each box tesseract found is read again by
// comparing its pixels with OCR-B's own glyphs (mrz-glyph-templates.ts, drawn from Debian's
// fonts-ocr-b by apps/web/scripts/make-mrz-templates.ts): the best-matching glyph wins.

/** A grey image, one byte per pixel (0 black, 255 white), rows top to bottom. */
export interface GreyImage {
  data: ArrayLike<number>;
  width: number;
  height: number;
}

export interface GlyphBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A character as OCR found it: its text and its box in the image. */
export interface OcrSymbol {
  text: string;
  bbox: GlyphBox;
}

/** The size every glyph is compared at: enough to tell OCR-B's look-alikes apart, small enough to be quick. */
export const MRZ_GLYPH_CELL = { width: 20, height: 28 } as const;
const { width: CELL_W, height: CELL_H } = MRZ_GLYPH_CELL;

/** Ink of pixel (x, y): 0 for white paper, 255 for black. */
const ink = (img: GreyImage, x: number, y: number) => 255 - (img.data[y * img.width + x] ?? 255);

/**
 * The part of `box` that holds ink: pixels darker than halfway between the box's lightest and darkest,
 * so the glyph is compared without the paper around it (the box itself when it is blank).
 */
export function inkBox(img: GreyImage, box: GlyphBox): GlyphBox {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(img.width, Math.ceil(box.x1));
  const y1 = Math.min(img.height, Math.ceil(box.y1));
  let lo = 255;
  let hi = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const v = ink(img, x, y);
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  const threshold = (lo + hi) / 2;
  const found = { x0: x1, y0: y1, x1: x0, y1: y0 };
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      if (ink(img, x, y) > threshold) {
        found.x0 = Math.min(found.x0, x);
        found.y0 = Math.min(found.y0, y);
        found.x1 = Math.max(found.x1, x + 1);
        found.y1 = Math.max(found.y1, y + 1);
      }
  return found.x1 > found.x0 && found.y1 > found.y0 ? found : { x0, y0, x1, y1 };
}

/** The box's ink resampled (bilinear) to the template cell, as bytes 0-255 (generator and reader share it). */
export function glyphCell(img: GreyImage, box: GlyphBox): Uint8Array {
  const out = new Uint8Array(CELL_W * CELL_H);
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const maxX = Math.max(0, img.width - 2);
  const maxY = Math.max(0, img.height - 2);
  for (let j = 0; j < CELL_H; j++)
    for (let i = 0; i < CELL_W; i++) {
      const fx = box.x0 + ((i + 0.5) * bw) / CELL_W - 0.5;
      const fy = box.y0 + ((j + 0.5) * bh) / CELL_H - 0.5;
      const ix = Math.max(0, Math.min(maxX, Math.floor(fx)));
      const iy = Math.max(0, Math.min(maxY, Math.floor(fy)));
      const dx = Math.min(1, Math.max(0, fx - ix));
      const dy = Math.min(1, Math.max(0, fy - iy));
      const v =
        ink(img, ix, iy) * (1 - dx) * (1 - dy) +
        ink(img, ix + 1, iy) * dx * (1 - dy) +
        ink(img, ix, iy + 1) * (1 - dx) * dy +
        ink(img, ix + 1, iy + 1) * dx * dy;
      out[j * CELL_W + i] = Math.round(v);
    }
  return out;
}

/** Zero mean, unit length: the dot product of two such vectors is their correlation. */
function normalised(cell: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(cell);
  const mean = out.reduce((a, b) => a + b, 0) / out.length;
  let norm = 0;
  for (let k = 0; k < out.length; k++) {
    const v = (out[k] ?? 0) - mean;
    out[k] = v;
    norm += v * v;
  }
  const scale = 1 / (Math.sqrt(norm) || 1);
  for (let k = 0; k < out.length; k++) out[k] = (out[k] ?? 0) * scale;
  return out;
}

let templates: [string, Float32Array][] | null = null;

/** The OCR-B glyphs, decoded once: character → normalised cell. */
function glyphTemplates(): [string, Float32Array][] {
  templates ??= Object.entries(MRZ_GLYPH_TEMPLATES).map(([char, base64]) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return [char, normalised(bytes)];
  });
  return templates;
}

/** The OCR-B character whose glyph correlates best with the ink in `box`. */
export function classifyGlyph(img: GreyImage, box: GlyphBox): string {
  const cell = normalised(glyphCell(img, inkBox(img, box)));
  let best = '<';
  let bestScore = -Infinity;
  for (const [char, template] of glyphTemplates()) {
    let score = 0;
    for (let k = 0; k < cell.length; k++) score += (cell[k] ?? 0) * (template[k] ?? 0);
    if (score > bestScore) {
      bestScore = score;
      best = char;
    }
  }
  return best;
}

/**
 * OCR's lines read again glyph by glyph: each line of 30 or more symbols (an MRZ line has 44) with
 * every single-character symbol replaced by the OCR-B glyph its box matches best. A box grown by a
 * pixel on each side, since OCR's boxes can cut a glyph's edge.
 */
export function readMrzGlyphs(img: GreyImage, lines: readonly (readonly OcrSymbol[])[]): string[] {
  return lines
    .filter((symbols) => symbols.length >= 30)
    .map((symbols) =>
      symbols
        .map(({ text, bbox }) =>
          text.length === 1 ? classifyGlyph(img, { x0: bbox.x0 - 1, y0: bbox.y0 - 1, x1: bbox.x1 + 1, y1: bbox.y1 + 1 }) : text,
        )
        .join(''),
    );
}
