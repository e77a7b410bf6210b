// The passport photo in the browser (docs/RULES.md, 'Validation: Visa form'): images only, one per guest, sent as a
// base64 data URL. Phone photos are often larger than the API takes, so a big picture is scaled
// down here first (the server re-encodes it anyway).
import { VISA_MSG, VISA_PHOTO_MAX_BYTES } from '@umrah/domain/validation/visa';

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
const ACCEPTED = PHOTO_ACCEPT.split(',');
/** Above this the browser scales the photo down before sending it. */
const SCALE_ABOVE_BYTES = 1.5 * 1024 * 1024;
const MAX_SIDE = 1800;

export type PreparedPhoto = { ok: true; dataUrl: string } | { ok: false; error: string };

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

async function scaleDown(file: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  } catch {
    return null;
  }
}

/** Checks the chosen file and turns it into the data URL the API takes, or the Dutch reason why not. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (!ACCEPTED.includes(file.type)) return { ok: false, error: VISA_MSG.photoFormat };
  let blob: Blob = file;
  if (file.size > SCALE_ABOVE_BYTES) blob = (await scaleDown(file)) ?? file;
  if (blob.size > VISA_PHOTO_MAX_BYTES) return { ok: false, error: VISA_MSG.photoTooLarge };
  try {
    return { ok: true, dataUrl: await readAsDataUrl(blob) };
  } catch {
    return { ok: false, error: VISA_MSG.photoFormat };
  }
}
