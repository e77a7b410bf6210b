// Piscina worker: decodes, resizes and re-encodes uploaded pictures off the main thread (plain .mjs
// for the reason in infra/pdf/render-worker.mjs: tsImport loads convert.ts through tsx).
import { threadId } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const convert = await tsImport('./convert.ts', import.meta.url);

/** base64 text or data URL → { ok, jpeg } | { ok: false, problem }. */
export const visaPhoto = (value) => convert.visaPhoto(value);

/** { data, type } → { ok, renditions } | { ok: false, problem }. */
export const articlePicture = (input) => convert.articlePicture(input);

/** stored JPEG → the 200x200 download. */
export const photoDownload = (jpeg) => convert.photoDownload(jpeg);

/** For the tests: proves the work runs in a worker (the main thread's id is 0). */
export function whereAmI() {
  return threadId;
}
