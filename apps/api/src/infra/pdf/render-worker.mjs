// Piscina worker: lays out PDFs off the main thread. Plain .mjs because a worker thread starts
// without the TypeScript loader the app may run under (vitest has its own, tsx's is not always
// inherited): tsImport loads render.ts and what it imports through tsx, scoped to this import.
import { threadId } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { layoutPdf } = await tsImport('./render.ts', import.meta.url);

/** model: PdfModel → the PDF bytes (a Uint8Array once cloned to the caller). */
export default async function render(model) {
  return layoutPdf(model);
}

/** For the tests: proves the work runs in a worker (the main thread's id is 0). */
export function whereAmI() {
  return threadId;
}
