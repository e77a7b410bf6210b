import { VISA_MSG } from '@umrah/domain';
import { convertVisaPhoto } from './index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

// The passport photo as the browser sends it (base64, maybe a data URL) becomes a clean JPEG in the
// image worker (infra/images/convert.ts): decoding the base64 text included, nothing of it on the
// main thread.

/** 413 when too large, 400 when not an image; otherwise the re-encoded JPEG. */
export async function preparePhoto(value: string): Promise<Buffer> {
  const result = await convertVisaPhoto(value);
  if (!result.ok) throw result.problem === 'tooLarge' ? new AppError(413, VISA_MSG.photoTooLarge) : badRequest(VISA_MSG.photoFormat);
  return Buffer.from(result.jpeg.buffer, result.jpeg.byteOffset, result.jpeg.byteLength);
}
