import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { MRZ_CHARSET, MRZ_CROP_FROM, readMrz, nationalityOfMrz } from '@umrah/domain/mrz';
import { MRZ_OCR_INIT, MRZ_OCR_MAX_WIDTH, MRZ_OCR_PARAMS } from '../apps/web/src/features/visa/mrzOcr.ts';
import { passportImages, type PassportPerson } from './passport-image.ts';

const W = 20, H = 28;
type Grey = { data: Uint8Array | Buffer; width: number; height: number };

/** Resample box [x0,x1)×[y0,y1) of grey image to W×H (bilinear), zero-mean unit-norm vector. */
function cell(img: Grey, x0: number, y0: number, x1: number, y1: number): Float32Array {
  const out = new Float32Array(W * H);
  const bw = x1 - x0, bh = y1 - y0;
  for (let j = 0; j < H; j++) for (let i = 0; i < W; i++) {
    const fx = x0 + ((i + 0.5) * bw) / W - 0.5, fy = y0 + ((j + 0.5) * bh) / H - 0.5;
    const ix = Math.max(0, Math.min(img.width - 2, Math.floor(fx))), iy = Math.max(0, Math.min(img.height - 2, Math.floor(fy)));
    const dx = Math.min(1, Math.max(0, fx - ix)), dy = Math.min(1, Math.max(0, fy - iy));
    const p = (x: number, y: number) => 255 - img.data[y * img.width + x]!;
    out[j * W + i] = p(ix, iy) * (1 - dx) * (1 - dy) + p(ix + 1, iy) * dx * (1 - dy) + p(ix, iy + 1) * (1 - dx) * dy + p(ix + 1, iy + 1) * dx * dy;
  }
  let mean = 0; for (const v of out) mean += v; mean /= out.length;
  let norm = 0; for (let k = 0; k < out.length; k++) { out[k]! -= mean; norm += out[k]! ** 2; }
  norm = Math.sqrt(norm) || 1; for (let k = 0; k < out.length; k++) out[k]! /= norm;
  return out;
}

/** Ink bounding box within a region (threshold at midway between min and max). */
function inkBox(img: Grey, x0: number, y0: number, x1: number, y1: number) {
  let lo = 255, hi = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) { const v = img.data[y * img.width + x]!; lo = Math.min(lo, v); hi = Math.max(hi, v); }
  const t = (lo + hi) / 2;
  let bx0 = x1, by0 = y1, bx1 = x0, by1 = y0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (img.data[y * img.width + x]! < t) { bx0 = Math.min(bx0, x); by0 = Math.min(by0, y); bx1 = Math.max(bx1, x + 1); by1 = Math.max(by1, y + 1); }
  return bx1 > bx0 ? { x0: bx0, y0: by0, x1: bx1, y1: by1 } : { x0, y0, x1, y1 };
}

async function templates() {
  const map = new Map<string, Float32Array>();
  for (const ch of MRZ_CHARSET) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="140"><rect width="120" height="140" fill="white"/><text font-family="OCR B" font-size="96" x="20" y="110">${ch === '<' ? '&lt;' : ch}</text></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
    const img = { data, width: info.width, height: info.height };
    const b = inkBox(img, 0, 0, img.width, img.height);
    map.set(ch, cell(img, b.x0, b.y0, b.x1, b.y1));
  }
  return map;
}

const dot = (a: Float32Array, b: Float32Array) => { let s = 0; for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!; return s; };

const today = new Date().toISOString().slice(0, 10);
const pages = Number(process.argv[2] ?? 20);
const images = await passportImages(pages, 9303);
const require = createRequire(import.meta.url);
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
const worker = await createWorker('eng', OEM.TESSERACT_ONLY, { langPath, gzip: true, cacheMethod: 'none' }, MRZ_OCR_INIT);
await worker.setParameters(MRZ_OCR_PARAMS as never);
const tpl = await templates();
let right = 0, tessRight = 0;
function fieldsRight(v: any, p: PassportPerson) {
  return v.last_name === p.lastName.replace(/Ö/g,'O').replace(/Ü/g,'U') && v.first_name === p.firstName && v.passport_number === p.number && v.nationality === nationalityOfMrz(p.nationality) && v.date_of_birth === p.birth && v.passport_expires === p.expiry;
}
for (const page of images) {
  const meta = await sharp(page.jpeg).metadata();
  const top = Math.floor(meta.height! * MRZ_CROP_FROM);
  const png = await sharp(page.jpeg).extract({ left: 0, top, width: meta.width!, height: meta.height! - top }).resize({ width: Math.min(meta.width!, MRZ_OCR_MAX_WIDTH) }).greyscale().png().toBuffer();
  const { data: raw, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const img = { data: raw, width: info.width, height: info.height };
  const { data } = await worker.recognize(png, {}, { blocks: true, text: true });
  const lines: string[] = [];
  for (const b of data.blocks ?? []) for (const p of b.paragraphs) for (const l of p.lines) {
    const syms = l.words.flatMap((w) => w.symbols);
    if (syms.length < 30) continue;
    let s = '';
    for (const sym of syms) {
      const bb = sym.bbox;
      const box = inkBox(img, Math.max(0, bb.x0 - 1), Math.max(0, bb.y0 - 1), Math.min(img.width, bb.x1 + 1), Math.min(img.height, bb.y1 + 1));
      const v = cell(img, box.x0, box.y0, box.x1, box.y1);
      let best = '', score = -2;
      for (const [ch, t] of tpl) { const d = dot(v, t); if (d > score) { score = d; best = ch; } }
      s += sym.text.length === 1 ? best : sym.text;
    }
    lines.push(s);
  }
  const mine = readMrz(lines, today);
  const tess = readMrz(data.text, today);
  const ok = !!mine?.checkDigitsValid && fieldsRight(mine.values, page.person);
  if (ok) right++;
  if (tess?.checkDigitsValid && fieldsRight(tess.values, page.person)) tessRight++;
  if (!ok) console.log('exp', page.mrz.join(' / '), '\nget', lines.join(' / '), '\ntess', data.text.replace(/\n/g, ' / '));
}
console.log({ pages, right, tessRight });
await worker.terminate();
