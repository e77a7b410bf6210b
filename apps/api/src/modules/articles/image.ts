import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import {
  ARTICLE_IMAGE_FORMATS,
  ARTICLE_IMAGE_MIN_WIDTH,
  ARTICLE_IMAGE_WIDTHS,
  ARTICLE_MSG,
  ARTICLE_PHOTO_MAX_BYTES,
  aspectOf,
  isJpegName,
  notJpegMessage,
  type ArticleImage,
  type ArticlePhotoInput,
} from '@umrah/domain';
import type { FileStore } from '../../infra/storage/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { decodePhoto, withSlot } from '../visa/photo.ts';

// The picture of an article or flyer (one JPEG, cropped 25/19 or 0.70625 in the admin). The content decides
// (a PNG renamed .jpg is refused), then it is re-encoded for phone and desktop widths as AVIF, WebP and
// JPEG: re-encoding drops EXIF/GPS and anything hidden in the file. The files are public (no
// encryption) and never change under their random folder name, so they can be cached for good.

const MAX_INPUT_PIXELS = 40_000_000;
export const FILES_PREFIX = '/api/files/';
const FOLDER_RE = /^articles\/[a-f0-9]{24}$/;

export interface Rendition {
  key: string;
  data: Buffer;
  contentType: string;
}

export interface PreparedImage {
  image: ArticleImage;
  /** The widest JPEG: the `img` column, for anything that wants a single URL. */
  img: string;
  files: Rendition[];
}

/** Checks and re-encodes the photo. 400 '{file} is geen a jpg of jpeg bestand.' unless it is a real JPEG. */
export function prepareArticleImage(photo: ArticlePhotoInput, type: number): Promise<PreparedImage> {
  return withSlot(() => convert(photo, type));
}

async function convert(photo: ArticlePhotoInput, type: number): Promise<PreparedImage> {
  // With the field's path, so the form shows it under the photo.
  const notJpeg = badRequest(notJpegMessage(photo.name), [{ path: 'image', message: notJpegMessage(photo.name) }]);
  if (!isJpegName(photo.name)) throw notJpeg;
  const bytes = decodePhoto(photo.data);
  if (!bytes || bytes.length === 0) throw notJpeg;
  if (bytes.length > ARTICLE_PHOTO_MAX_BYTES) throw new AppError(413, ARTICLE_MSG.photoTooLarge);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    throw notJpeg;
  }
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) throw notJpeg;
  // A rotated camera photo is as wide as it is high after turning it upright.
  const width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  if (width < ARTICLE_IMAGE_MIN_WIDTH) throw badRequest(ARTICLE_MSG.photoTooSmall, [{ path: 'image', message: ARTICLE_MSG.photoTooSmall }]);

  const largest = Math.min(width, ARTICLE_IMAGE_WIDTHS[ARTICLE_IMAGE_WIDTHS.length - 1]);
  const widths = [...new Set([...ARTICLE_IMAGE_WIDTHS.filter((w) => w < largest), largest])];
  const aspect = aspectOf(type);
  const folder = `articles/${randomBytes(12).toString('hex')}`;
  const files: Rendition[] = [];
  const sizes: ArticleImage['sizes'] = [];
  try {
    const source = sharp(bytes, options).autoOrient();
    for (const w of widths) {
      const h = Math.round(w / aspect);
      // 'cover' keeps the spec's aspect even when a client sends an uncropped picture.
      const resized = source.clone().resize(w, h, { fit: 'cover', position: 'centre' });
      const [avif, webp, jpeg] = await Promise.all([
        resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
        resized.clone().webp({ quality: 78 }).toBuffer(),
        resized.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      ]);
      const data = { avif, webp, jpg: jpeg };
      for (const f of ARTICLE_IMAGE_FORMATS) files.push({ key: `${folder}/${w}.${f.ext}`, data: data[f.ext], contentType: f.type });
      sizes.push({ width: w, height: h });
    }
  } catch {
    // A valid header with broken pixels.
    throw notJpeg;
  }
  const base = `${FILES_PREFIX}${folder}`;
  return { image: { base, sizes }, img: `${base}/${largest}.jpg`, files };
}

export async function storeImage(files: FileStore, prepared: PreparedImage): Promise<void> {
  try {
    await Promise.all(prepared.files.map((f) => files.put(f.key, f.data, f.contentType)));
  } catch (err) {
    await removeImage(files, prepared.image).catch(() => {});
    throw err;
  }
}

/** The store keys of a picture written by prepareArticleImage; none for anything else (a seeded URL). */
export function imageKeys(image: ArticleImage | null): string[] {
  if (!image || !image.base.startsWith(FILES_PREFIX)) return [];
  const folder = image.base.slice(FILES_PREFIX.length);
  if (!FOLDER_RE.test(folder)) return [];
  return image.sizes.flatMap((s) => ARTICLE_IMAGE_FORMATS.map((f) => `${folder}/${s.width}.${f.ext}`));
}

export async function removeImage(files: FileStore, image: ArticleImage | null): Promise<void> {
  await Promise.all(imageKeys(image).map((k) => files.delete(k)));
}

const CONTENT_TYPES: Record<string, string> = Object.fromEntries(ARTICLE_IMAGE_FORMATS.map((f) => [f.ext, f.type]));
/** 'articles/{folder}/{width}.{ext}' and its content type, or null when the path cannot be a picture. */
export function publicImageKey(folder: string, file: string): { key: string; contentType: string } | null {
  const m = /^(\d{2,4})\.(avif|webp|jpg)$/.exec(file);
  if (!m || !/^[a-f0-9]{24}$/.test(folder)) return null;
  return { key: `articles/${folder}/${file}`, contentType: CONTENT_TYPES[m[2]] };
}
