// 'Paspoort scannen': the MRZ of the passport's data page is read on the phone itself. tesseract.js,
// its wasm core and the English model come from the shop's own /ocr/ (vite.config.ts, ocrAssets),
// loaded on the first press only; the photo never leaves the browser here.
import type { Worker } from 'tesseract.js';
import { MRZ_CROP_FROM, type MrzReading } from '@umrah/domain/mrz';
import { MRZ_OCR_INIT, MRZ_OCR_MAX_WIDTH, MRZ_OCR_PARAMS, readPassportImages, type OcrImage } from './mrzOcr';

let worker: Promise<Worker> | null = null;

/** One tesseract worker for the page's life: the model is loaded once (about 11 MB, then cached). */
function ocrWorker(): Promise<Worker> {
  worker ??= (async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const base = new URL('/ocr/', window.location.origin).href;
    const created = await createWorker(
      'eng',
      OEM.TESSERACT_ONLY,
      {
        workerPath: `${base}worker.min.js`,
        corePath: `${base}tesseract-core-simd.wasm.js`,
        langPath: base.replace(/\/$/, ''),
        // Served gzipped under the plain name; the worker unpacks it.
        gzip: false,
        // A blob worker would take the page's CSP, which allows no WebAssembly; ours comes from /ocr/.
        workerBlobURL: false,
      },
      MRZ_OCR_INIT,
    );
    await created.setParameters(MRZ_OCR_PARAMS as never);
    return created;
  })().catch((err: unknown) => {
    worker = null;
    throw err;
  });
  return worker;
}

/** A grey canvas of the image's part from `from` (share of the height) to the bottom, at most MRZ_OCR_MAX_WIDTH wide, and its pixels. */
function greyPart(image: ImageBitmap, from: number): OcrImage {
  const top = Math.floor(image.height * from);
  const scale = Math.min(1, MRZ_OCR_MAX_WIDTH / image.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.width * scale);
  canvas.height = Math.round((image.height - top) * scale);
  const ctx = canvas.getContext('2d')!;
  ctx.filter = 'grayscale(1)';
  ctx.drawImage(image, 0, top, image.width, image.height - top, 0, 0, canvas.width, canvas.height);
  // Grey already: the red channel of each RGBA pixel is its grey.
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const grey = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4] ?? 255;
  return { image: canvas, grey: { data: grey, width: canvas.width, height: canvas.height } };
}

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Reads the MRZ from a photo of the data page: the bottom part first, then the whole photo. */
export async function scanPassport(file: Blob): Promise<MrzReading | null> {
  const [ocr, image] = await Promise.all([ocrWorker(), createImageBitmap(file, { imageOrientation: 'from-image' })]);
  try {
    return await readPassportImages(ocr, [async () => greyPart(image, MRZ_CROP_FROM), async () => greyPart(image, 0)], todayIso());
  } finally {
    image.close();
  }
}
