// How the passport scan runs tesseract on the MRZ, shared by the browser (mrzScan.ts) and the
// benchmark (bench/mrz.ts, tesseract.js in Node) so the figure measures what the guest gets.
import type { Page, Worker } from 'tesseract.js';
import { MRZ_CHARSET, readMrz, type MrzReading } from '@umrah/domain/mrz';
import { readMrzGlyphs, type GreyImage } from '@umrah/domain/mrz-glyphs';

/** Set when the model loads: no dictionaries (an MRZ has no words), English LSTM only. */
export const MRZ_OCR_INIT = { load_system_dawg: '0', load_freq_dawg: '0', load_number_dawg: '0', load_punc_dawg: '0' };

/** Only the MRZ's characters; a uniform block of text (the two lines). */
export const MRZ_OCR_PARAMS = { tessedit_char_whitelist: MRZ_CHARSET, tessedit_pageseg_mode: '6' } as const;

/** Wider photos are scaled down to this before OCR: the MRZ's characters are then still ~30 px apart, and a 12-megapixel photo would take far longer. */
export const MRZ_OCR_MAX_WIDTH = 1600;

/** One image as tesseract takes it (a canvas in the browser, a PNG buffer in Node) and its grey pixels. */
export interface OcrImage {
  image: Parameters<Worker['recognize']>[0];
  grey: GreyImage;
}

/** The symbols of each line tesseract found, with their boxes. */
const symbolLines = (page: Page) =>
  (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => line.words.flatMap((word) => word.symbols))),
  );

/**
 * Reads the MRZ from the images in turn (the bottom of the page first, then the whole photo) and
 * keeps the first reading whose check digits all hold, else the best one found (null: no MRZ). Per
 * image, tesseract's lines read again glyph by glyph in OCR-B (mrz-glyphs.ts) come first; tesseract's
 * own text is the fallback.
 */
export async function readPassportImages(
  worker: Pick<Worker, 'recognize'>,
  images: readonly (() => Promise<OcrImage>)[],
  today: string,
): Promise<MrzReading | null> {
  let best: MrzReading | null = null;
  for (const load of images) {
    const { image, grey } = await load();
    const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
    for (const reading of [readMrz(readMrzGlyphs(grey, symbolLines(data)), today), readMrz(data.text, today)]) {
      if (reading?.checkDigitsValid) return reading;
      if (reading && (!best || reading.confirm.length < best.confirm.length)) best = reading;
    }
  }
  return best;
}
