import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { buildMrz, MRZ_CROP_FROM } from '@umrah/domain/mrz';
import { MRZ_OCR_INIT, MRZ_OCR_PARAMS, readPassportImages } from '../apps/web/src/features/visa/mrzOcr.ts';
import { passportPhoto, seededRandom, type PassportPerson } from './passport-image.ts';
const noura: PassportPerson = { issuer: 'NLD', lastName: 'SCAN', firstName: 'NOURA', number: 'NXK7C3HP4', nationality: 'NLD', birth: '1990-07-14', sex: 'F', expiry: '2029-05-28' };
const omar: PassportPerson = { ...noura, firstName: 'OMAR', number: 'NXK9C7HP3', sex: 'M', birth: '1986-04-19' };
const m = buildMrz(omar);
const bad: [string, string] = [m[0], `${m[1].slice(0, 19)}${(Number(m[1][19]) + 1) % 10}${m[1].slice(20)}`];
const imgs = [await passportPhoto(noura, seededRandom(7)), await passportPhoto(omar, seededRandom(11), bad)];
const require = createRequire(import.meta.url);
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
const worker = await createWorker('eng', OEM.TESSERACT_ONLY, { langPath, gzip: true, cacheMethod: 'none' }, MRZ_OCR_INIT);
await worker.setParameters(MRZ_OCR_PARAMS as never);
for (const jpeg of imgs) {
  const { width, height } = await sharp(jpeg).metadata();
  const top = Math.floor(height! * MRZ_CROP_FROM);
  const r = await readPassportImages(worker, [() => sharp(jpeg).extract({ left: 0, top, width: width!, height: height! - top }).greyscale().png().toBuffer()], '2026-11-27');
  console.log(r?.lines, r?.checkDigitsValid, r?.confirm, r?.values);
}
await worker.terminate();
