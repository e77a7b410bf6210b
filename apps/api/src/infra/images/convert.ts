import sharp, { type Metadata } from 'sharp';
import { ARTICLE_IMAGE_MIN_WIDTH, ARTICLE_IMAGE_WIDTHS, ARTICLE_PHOTO_MAX_BYTES, VISA_PHOTO_MAX_BYTES, aspectOf } from '@umrah/domain';

// Every decode, resize and re-encode of an uploaded picture, run only inside the image worker
// (./image-worker.mjs): from the base64 text the browser sent to the finished files. Answers say what
// was wrong (the main thread turns that into the Dutch message), since an Error loses its class on
// the way back from a worker.

/** About 40 megapixels: more than any camera photo, far less than a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_MAX_SIDE = 1200;
const VISA_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };

// One libvips thread per worker: the workers are the parallelism, and the API keeps a core.
sharp.concurrency(1);

/** Bytes of a base64 string or data URL; null when it is not base64 at all. */
export function decodePhoto(value: string): Buffer | null {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  const base64 = (comma >= 0 ? value.slice(comma + 1) : value).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  return Buffer.from(base64, 'base64');
}

export type VisaPhotoResult = { ok: true; jpeg: Uint8Array } | { ok: false; problem: 'format' | 'tooLarge' };

/**
 * The passport photo as a clean JPEG: the content decides what it is (not a name or a MIME type), it
 * is turned upright, fitted in 1200x1200 and re-encoded, which drops EXIF/GPS and other metadata.
 */
export async function visaPhoto(value: string): Promise<VisaPhotoResult> {
  const bytes = decodePhoto(value);
  if (!bytes || bytes.length === 0) return { ok: false, problem: 'format' };
  if (bytes.length > VISA_PHOTO_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    // Not decodable as any image format (a PDF or text renamed .jpg, a truncated file).
    return { ok: false, problem: 'format' };
  }
  if (!format || !VISA_FORMATS.has(format)) return { ok: false, problem: 'format' };
  try {
    const jpeg = await sharp(bytes, options)
      .autoOrient()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { ok: true, jpeg };
  } catch {
    // Valid header, broken pixels (or beyond the pixel limit).
    return { ok: false, problem: 'format' };
  }
}

export interface Rendition {
  width: number;
  height: number;
  avif: Uint8Array;
  webp: Uint8Array;
  jpg: Uint8Array;
}
export type ArticlePictureResult = { ok: true; renditions: Rendition[] } | { ok: false; problem: 'notJpeg' | 'tooLarge' | 'tooSmall' };

/** An article's or flyer's JPEG, cut to the type's aspect, as AVIF, WebP and JPEG per width. */
export async function articlePicture({ data, type }: { data: string; type: number }): Promise<ArticlePictureResult> {
  const bytes = decodePhoto(data);
  if (!bytes || bytes.length === 0) return { ok: false, problem: 'notJpeg' };
  if (bytes.length > ARTICLE_PHOTO_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    return { ok: false, problem: 'notJpeg' };
  }
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) return { ok: false, problem: 'notJpeg' };
  // A rotated camera photo is as wide as it is high after turning it upright.
  const width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  if (width < ARTICLE_IMAGE_MIN_WIDTH) return { ok: false, problem: 'tooSmall' };

  const largest = Math.min(width, Math.max(...ARTICLE_IMAGE_WIDTHS));
  const widths = [...new Set([...ARTICLE_IMAGE_WIDTHS.filter((w) => w < largest), largest])];
  const aspect = aspectOf(type);
  const renditions: Rendition[] = [];
  try {
    const source = sharp(bytes, options).autoOrient();
    for (const w of widths) {
      const h = Math.round(w / aspect);
      // 'cover' keeps the spec's aspect even when a client sends an uncropped picture.
      const resized = source.clone().resize(w, h, { fit: 'cover', position: 'centre' });
      const [avif, webp, jpg] = await Promise.all([
        resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
        resized.clone().webp({ quality: 78 }).toBuffer(),
        resized.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      ]);
      renditions.push({ width: w, height: h, avif, webp, jpg });
    }
  } catch {
    // A valid header with broken pixels.
    return { ok: false, problem: 'notJpeg' };
  }
  return { ok: true, renditions };
}

/** The visa photo download: 200x200 pixels, JPEG quality 80 (what visa portals take). */
export const PHOTO_DOWNLOAD = { side: 200, quality: 80 } as const;

/**
 * The stored photo (upright, at most 1200 px) as the 200x200 download: the whole photo fitted in the
 * square on white, never cropped (a passport photo cut at the chin is refused).
 */
export async function photoDownload(jpeg: Uint8Array): Promise<Uint8Array> {
  return sharp(jpeg, options)
    .resize(PHOTO_DOWNLOAD.side, PHOTO_DOWNLOAD.side, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: PHOTO_DOWNLOAD.quality })
    .toBuffer();
}
