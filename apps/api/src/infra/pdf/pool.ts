import Piscina from 'piscina';
import { AppError } from '../../lib/errors.ts';
import { boundModel, type PdfModel } from './render.ts';

// PDFs are laid out in worker threads: a slow document (pdfkit is synchronous and can be costly)
// never stalls the event loop, a render past its time limit is aborted (the worker is terminated,
// which a synchronous loop on the main thread could never be), and a burst waits in a bounded
// queue instead of piling up. The pool starts on the first render and is destroyed on app close.

export const PDF_MSG = {
  unavailable: 'Het document kon niet worden gemaakt. Probeer het later opnieuw.',
} as const;

const DEFAULTS = {
  /** Per document; a bounded model renders in well under a second. */
  timeoutMs: 10_000,
  /** Two cores on the machines: more threads would only compete with the API. */
  maxThreads: 2,
  /** Waiting renders beyond the running ones; more is refused (503) rather than queued for minutes. */
  maxQueue: 16,
};
let options = { ...DEFAULTS };
let pool: Piscina | null = null;

function getPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: options.maxThreads,
    maxQueue: options.maxQueue,
    // Idle workers above minThreads go away again.
    idleTimeout: 60_000,
    // A worker that runs out of memory dies alone, not the API process.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return pool;
}

/** Tests (and tuning): change the limits; `undefined` restores a default. Pool sizes apply to the next pool. */
export function configurePdfPool(next: { timeoutMs?: number; maxThreads?: number; maxQueue?: number }) {
  options = {
    timeoutMs: next.timeoutMs ?? DEFAULTS.timeoutMs,
    maxThreads: next.maxThreads ?? DEFAULTS.maxThreads,
    maxQueue: next.maxQueue ?? DEFAULTS.maxQueue,
  };
}

/** Stops the workers (app close); a later render starts a new pool. */
export async function closePdfPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}

const isOverload = (err: unknown) => {
  const e = err as { name?: string; code?: string; message?: string };
  return (
    e?.name === 'AbortError' ||
    e?.message === 'Task queue is at limit' ||
    e?.code === 'ERR_WORKER_OUT_OF_MEMORY' ||
    e?.message === 'Terminating worker thread'
  );
};

/** Lays the model out in a worker and returns the PDF; 503 in Dutch when it cannot be done in time. */
export async function renderPdf(model: PdfModel): Promise<Buffer> {
  // Cut here already, so a 5 MB field is not even copied to the worker.
  const bounded = boundModel(model);
  try {
    const bytes: Uint8Array = await getPool().run(bounded, { signal: AbortSignal.timeout(options.timeoutMs) });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (isOverload(err)) throw new AppError(503, PDF_MSG.unavailable, 'Service Unavailable');
    throw err;
  }
}

/** The thread id a render runs on (not 0, the main thread). */
export async function pdfWorkerThreadId(): Promise<number> {
  return getPool().run(null, { name: 'whereAmI' });
}
