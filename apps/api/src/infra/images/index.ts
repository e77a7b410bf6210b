import { createWorkerPool } from '../workers/pool.ts';
import type { ArticlePictureResult, VisaPhotoResult } from './convert.ts';

// Uploaded pictures are decoded and re-encoded in worker threads (./convert.ts runs there): a large
// photo costs the API's event loop nothing but copying its text to the worker, one past the time
// limit is terminated, and the pixel limit (convert.ts) keeps a decompression bomb from filling memory.

export const IMAGE_UNAVAILABLE = 'De afbeelding kon niet worden verwerkt. Probeer het later opnieuw.';

const pool = createWorkerPool(new URL('./image-worker.mjs', import.meta.url), {
  /** A 40-megapixel photo converts in about a second; far more means a hostile file. */
  timeoutMs: 15_000,
  minThreads: 0,
  /** Two cores: one conversion at a time next to the PDFs. Heavy work is also shared out per user (infra/http/fair-share.ts). */
  maxThreads: 1,
  maxQueue: 16,
  idleTimeout: 30_000,
  unavailable: IMAGE_UNAVAILABLE,
});

/** Tests (and tuning): change the limits; `undefined` restores a default. */
export function configureImagePool(next: { timeoutMs?: number }) {
  pool.configure(next);
}

export type { ArticlePictureResult, VisaPhotoResult } from './convert.ts';
/** The visa photo (base64 or data URL) as a clean JPEG, or what is wrong with it; 503 in Dutch when it cannot be done in time. */
export const convertVisaPhoto = (value: string) => pool.task<VisaPhotoResult>(value, 'visaPhoto');

/** An article's picture in every width and format, or what is wrong with it. */
export const convertArticlePicture = (data: string, type: number) => pool.task<ArticlePictureResult>({ data, type }, 'articlePicture');

/** The stored visa photo as the download: docs/RULES.md, 'Constants': 200x200 pixels, JPEG quality 80 (what visa portals take). */
export const convertPhotoDownload = async (jpeg: Buffer): Promise<Buffer> => {
  const out = await pool.task<Uint8Array>(jpeg, 'photoDownload');
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
};

/** The thread id a conversion runs on (not 0, the main thread). */
export const imageWorkerThreadId = (): Promise<number> => pool.run<number>(null, 'whereAmI');

/** Stops the workers (app close). */
export const closeImagePool = (): Promise<void> => pool.close();
