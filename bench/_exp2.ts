import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker } from 'tesseract.js';
import { MRZ_CROP_FROM } from '@umrah/domain/mrz';
import { MRZ_OCR_INIT, MRZ_OCR_PARAMS } from '../apps/web/src/features/visa/mrzOcr.ts';
import { passportImages } from './passport-image.ts';
const images = await passportImages(6, 9303);
const require = createRequire(import.meta.url);
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
const worker = await createWorker('eng', 0, { langPath, gzip: true, cacheMethod: 'none' }, MRZ_OCR_INIT);
await worker.setParameters({ ...MRZ_OCR_PARAMS } as never);
for (const page of images.slice(1, 4)) {
  const { width, height } = await sharp(page.jpeg).metadata();
  const top = Math.floor(height! * MRZ_CROP_FROM);
  const img = sharp(page.jpeg).extract({ left: 0, top, width: width!, height: height! - top }).greyscale();
  const { data } = await worker.recognize(await img.png().toBuffer(), {}, { blocks: true, text: true });
  console.log(page.mrz[1]);
  const lines = data.blocks!.flatMap(b => b.paragraphs.flatMap(p => p.lines));
  const l = lines[lines.length - 1]!;
  const syms = l.words.flatMap(w => w.symbols);
  console.log(syms.slice(0, 12).map(s => `${s.text}:${Math.round(s.confidence)}[${(s.choices ?? []).map(c => c.text + Math.round(c.confidence)).join(',')}]`).join(' '));
}
await worker.terminate();
