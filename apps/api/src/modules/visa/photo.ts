import sharp from 'sharp';
import { VISA_MSG, VISA_PHOTO_MAX_BYTES } from '@umrah/domain';
import { AppError, badRequest } from '../../lib/errors.ts';

// The passport photo as the browser sends it (base64, maybe a data URL) becomes a clean JPEG: the
// content decides what it is (not a name or a MIME type), it is turned upright, fitted in 1200x1200
// and re-encoded, which also drops EXIF/GPS and any other metadata (sharp keeps none unless asked).

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);
/** About 40 megapixels: more than any camera photo, far less than a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_MAX_SIDE = 1200;

/** Bytes of a base64 string or data URL; null when it is not base64 at all. */
export function decodePhoto(value: string): Buffer | null {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  const base64 = (comma >= 0 ? value.slice(comma + 1) : value).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  return Buffer.from(base64, 'base64');
}

// Decoding a large photo takes up to ~150 MB and the CPU: at most two at a time per process, the
// others wait their turn instead of all competing for memory on a small machine. Shared with the
// article pictures (modules/articles/image.ts), so both together stay within the bound.
const MAX_PARALLEL = 2;
let active = 0;
const waiting: (() => void)[] = [];
export async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (active >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  active++;
  try {
    return await fn();
  } finally {
    active--;
    waiting.shift()?.();
  }
}

/** SPEC 9: the photo download is 200x200 pixels, JPEG quality 80 (what visa portals take). */
export const PHOTO_DOWNLOAD = { side: 200, quality: 80 } as const;

/**
 * The stored photo (upright, at most 1200 px) as the 200x200 download: the whole photo fitted in the
 * square on white, never cropped (a passport photo cut at the chin is refused).
 */
export function photoDownload(jpeg: Buffer): Promise<Buffer> {
  return withSlot(() =>
    sharp(jpeg, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(PHOTO_DOWNLOAD.side, PHOTO_DOWNLOAD.side, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_DOWNLOAD.quality })
      .toBuffer(),
  );
}

/** 413 when too large, 400 when not an image; otherwise the re-encoded JPEG. */
export async function preparePhoto(value: string): Promise<Buffer> {
  return withSlot(() => convert(value));
}

async function convert(value: string): Promise<Buffer> {
  const bytes = decodePhoto(value);
  if (!bytes || bytes.length === 0) throw badRequest(VISA_MSG.photoFormat);
  if (bytes.length > VISA_PHOTO_MAX_BYTES) throw new AppError(413, VISA_MSG.photoTooLarge);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    // Not decodable as any image format (a PDF or text renamed .jpg, a truncated file).
    throw badRequest(VISA_MSG.photoFormat);
  }
  if (!format || !ACCEPTED.has(format)) throw badRequest(VISA_MSG.photoFormat);
  try {
    return await sharp(bytes, options)
      .autoOrient()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    // Valid header, broken pixels (or beyond the pixel limit).
    throw badRequest(VISA_MSG.photoFormat);
  }
}
