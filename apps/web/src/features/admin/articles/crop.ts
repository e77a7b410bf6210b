// The browser half of docs/RULES.md, 'Validation''s photo rule: only a real JPEG (by name and by its first bytes, so a PNG
// renamed .jpg is refused here as on the server), cropped to the article's or flyer's aspect and
// sent as a JPEG no wider than the server ever uses, so the upload stays small.
import { isJpegName, notJpegMessage } from '@umrah/domain/validation/article';

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Wider than the 1200 px the server keeps, so its downscale still has detail to work with. */
export const CROP_MAX_WIDTH = 2000;

/** null when the file may be used; else '{file} is geen a jpg of jpeg bestand.'. */
export async function photoError(file: Blob & { name: string }): Promise<string | null> {
  if (!isJpegName(file.name)) return notJpegMessage(file.name);
  // Every JPEG starts with FF D8 FF (SOI and the next marker); a PNG starts with 89 50 4E 47.
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  return head.length === 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff ? null : notJpegMessage(file.name);
}

/** The output size of a crop: the chosen pixels, scaled down (never up) to at most maxWidth wide. */
export function croppedSize(area: CropArea, maxWidth = CROP_MAX_WIDTH): { width: number; height: number } {
  const width = Math.max(1, Math.round(area.width));
  const height = Math.max(1, Math.round(area.height));
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image did not load'));
    img.src = src;
  });
}

/** Draws the chosen area of the picture on a canvas and returns it as a JPEG. */
export async function cropToJpeg(src: string, area: CropArea, maxWidth = CROP_MAX_WIDTH, quality = 0.9): Promise<Blob> {
  const img = await loadImage(src);
  const { width, height } = croppedSize(area, maxWidth);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no jpeg'))), 'image/jpeg', quality));
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
