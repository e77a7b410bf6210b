import { createWorkerPool } from '../workers/pool.ts';
import { boundModel, type PdfModel } from './render.ts';

// PDFs are laid out in worker threads (infra/workers/pool.ts says why).

const pool = createWorkerPool(new URL('./render-worker.mjs', import.meta.url), {
  /** Per document; a bounded model renders in well under a second. */
  timeoutMs: 10_000,
  minThreads: 1,
  /** Two cores on the machines: more threads would only compete with the API. */
  maxThreads: 2,
  maxQueue: 16,
  idleTimeout: 60_000,
});

/** Tests (and tuning): change the limits; `undefined` restores a default. Pool sizes apply to the next pool. */
export function configurePdfPool(next: { timeoutMs?: number; maxThreads?: number; maxQueue?: number }) {
  pool.configure(next);
}

/** Stops the workers (app close); a later render starts a new pool. */
export const closePdfPool = (): Promise<void> => pool.close();

/** Lays the model out in a worker and returns the PDF; 503 in Dutch when it cannot be done in time. */
export function renderPdf(model: PdfModel): Promise<Buffer> {
  // Cut here already, so a 5 MB field is not even copied to the worker.
  return pool.bytes(boundModel(model));
}

/** The thread id a render runs on (not 0, the main thread). */
export const pdfWorkerThreadId = (): Promise<number> => pool.run<number>(null, 'whereAmI');
