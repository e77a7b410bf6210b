import { randomBytes } from 'node:crypto';
import { ARTICLE_IMAGE_FORMATS, ARTICLE_MSG, isJpegName, notJpegMessage, type ArticleImage, type ArticlePhotoInput } from '@umrah/domain';
import type { FileStore } from '../../infra/storage/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { convertArticlePicture } from '../../infra/images/index.ts';

// The picture of an article or flyer (one JPEG, cropped 25/19 or 0.70625 in the admin). The content decides
// (a PNG renamed .jpg is refused), then it is re-encoded for phone and desktop widths as AVIF, WebP and
// JPEG (in the image worker, infra/images/convert.ts): re-encoding drops EXIF/GPS and anything hidden in the file. The files are public (no
// encryption) and never change under their random folder name, so they can be cached for good.

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

/** Checks and re-encodes the photo (in the image worker). 400 '{file} is geen a jpg of jpeg bestand.' unless it is a real JPEG. */
export async function prepareArticleImage(photo: ArticlePhotoInput, type: number): Promise<PreparedImage> {
  // With the field's path, so the form shows it under the photo.
  const notJpeg = () => badRequest(notJpegMessage(photo.name), [{ path: 'image', message: notJpegMessage(photo.name) }]);
  if (!isJpegName(photo.name)) throw notJpeg();
  const result = await convertArticlePicture(photo.data, type);
  if (!result.ok) {
    if (result.problem === 'tooLarge') throw new AppError(413, ARTICLE_MSG.photoTooLarge);
    if (result.problem === 'tooSmall') throw badRequest(ARTICLE_MSG.photoTooSmall, [{ path: 'image', message: ARTICLE_MSG.photoTooSmall }]);
    throw notJpeg();
  }
  const folder = `articles/${randomBytes(12).toString('hex')}`;
  const files: Rendition[] = [];
  const sizes: ArticleImage['sizes'] = [];
  const buffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  for (const r of result.renditions) {
    for (const f of ARTICLE_IMAGE_FORMATS) files.push({ key: `${folder}/${r.width}.${f.ext}`, data: buffer(r[f.ext]), contentType: f.type });
    sizes.push({ width: r.width, height: r.height });
  }
  const largest = sizes[sizes.length - 1]!.width;
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
  const contentType = m?.[2] && CONTENT_TYPES[m[2]];
  if (!contentType || !/^[a-f0-9]{24}$/.test(folder)) return null;
  return { key: `articles/${folder}/${file}`, contentType };
}
