// Passport scan accuracy (the visa wizard's 'Paspoort scannen'): 100 synthetic data pages
// (bench/passport-image.ts: OCR-B MRZ, turned ±3°, blurred, noisy, JPEG) read by tesseract.js with
// the English model the shop serves, the same settings and the same domain code as the browser.
// A page counts as right when every check digit holds and every field equals the person's. The
// browser crops and greys with a canvas; here sharp does the same crop.
// Alone: `npx tsx bench/mrz.ts [--pages=100] [--seed=9303]`.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { MRZ_CROP_FROM, nationalityOfMrz, type MrzReading } from '@umrah/domain/mrz';
import { MRZ_OCR_INIT, MRZ_OCR_MAX_WIDTH, MRZ_OCR_PARAMS, readPassportImages, type OcrImage } from '../apps/web/src/features/visa/mrzOcr.ts';
import { passportImages, type PassportPerson } from './passport-image.ts';

export const MRZ_BUDGET = { pages: 100, minRight: 95 } as const;

export interface MrzBenchResult {
  pages: number;
  right: number;
  checkDigitsValid: number;
  msPerPage: { mean: number; p95: number };
  wrong: { expected: string[]; read: string[] | null }[];
  pass: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Every field the form takes from the MRZ, as the form would get it. */
function fieldsRight(reading: MrzReading, p: PassportPerson): boolean {
  const v = reading.values;
  return (
    v.last_name === p.lastName &&
    v.first_name === p.firstName &&
    v.passport_number === p.number &&
    v.nationality === nationalityOfMrz(p.nationality) &&
    v.date_of_birth === p.birth &&
    v.passport_expires === p.expiry &&
    v.gender === (p.sex === 'M' ? 0 : 1)
  );
}

/** A grey image as PNG for tesseract, with its pixels. */
async function ocrImage(grey: Sharp): Promise<OcrImage> {
  const { data, info } = await grey.clone().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`a grey image has ${info.channels} channels`);
  return { image: await grey.png().toBuffer(), grey: { data, width: info.width, height: info.height } };
}

/** The bottom of the photo, grey: what mrzScan.ts cuts out with a canvas. */
async function bottomPart(jpeg: Buffer): Promise<OcrImage> {
  const { width, height } = await sharp(jpeg).metadata();
  const top = Math.floor(height! * MRZ_CROP_FROM);
  return ocrImage(
    sharp(jpeg)
      .extract({ left: 0, top, width: width!, height: height! - top })
      .resize({ width: Math.min(width!, MRZ_OCR_MAX_WIDTH) })
      .greyscale(),
  );
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

export async function benchMrz({ pages = MRZ_BUDGET.pages, seed = 9303 }: { pages?: number; seed?: number } = {}): Promise<MrzBenchResult> {
  const images = await passportImages(pages, seed);
  const require = createRequire(import.meta.url);
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
  const worker = await createWorker('eng', OEM.TESSERACT_ONLY, { langPath, gzip: true, cacheMethod: 'none' }, MRZ_OCR_INIT);
  await worker.setParameters(MRZ_OCR_PARAMS as never);
  const times: number[] = [];
  const wrong: MrzBenchResult['wrong'] = [];
  let right = 0;
  let valid = 0;
  try {
    for (const page of images) {
      const started = performance.now();
      const reading = await readPassportImages(worker, [() => bottomPart(page.jpeg), () => ocrImage(sharp(page.jpeg).greyscale())], today());
      times.push(performance.now() - started);
      if (reading?.checkDigitsValid) valid++;
      if (reading?.checkDigitsValid && fieldsRight(reading, page.person)) right++;
      else wrong.push({ expected: page.mrz, read: reading?.lines ?? null });
    }
  } finally {
    await worker.terminate();
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    pages,
    right,
    checkDigitsValid: valid,
    msPerPage: { mean, p95: percentile(times, 95) },
    wrong,
    pass: right >= (MRZ_BUDGET.minRight * pages) / MRZ_BUDGET.pages,
  };
}

export function printMrz(r: MrzBenchResult): boolean {
  console.log(`pages: ${r.pages}; every check digit valid: ${r.checkDigitsValid}/${r.pages}`);
  console.log(`all check digits valid and every field right: ${r.right}/${r.pages} (budget >= ${MRZ_BUDGET.minRight} of ${MRZ_BUDGET.pages})`);
  console.log(`time per page: mean ${Math.round(r.msPerPage.mean)} ms, p95 ${Math.round(r.msPerPage.p95)} ms (tesseract.js in Node, one worker)`);
  for (const w of r.wrong.slice(0, 5)) console.log(`  wrong: ${w.expected.join(' / ')}\n     read ${w.read ? w.read.join(' / ') : '(no MRZ found)'}`);
  console.log(r.pass ? 'MRZ accuracy: within budget' : 'MRZ accuracy: OVER BUDGET');
  return r.pass;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  printMrz(await benchMrz({ pages: Number(arg('pages') ?? MRZ_BUDGET.pages), seed: Number(arg('seed') ?? 9303) }));
}
