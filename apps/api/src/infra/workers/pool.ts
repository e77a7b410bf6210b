import Piscina from 'piscina';
import { AppError } from '../../lib/errors.ts';

// CPU-heavy documents (PDFs, spreadsheets) are built in worker threads: a slow one never stalls the
// event loop, one past its time limit is aborted (the worker is terminated, which a synchronous loop
// on the main thread could never be), and a burst waits in a bounded queue instead of piling up.
// A pool starts on its first task and is destroyed on app close.

export const WORKER_MSG = {
  unavailable: 'Het document kon niet worden gemaakt. Probeer het later opnieuw.',
} as const;

export interface WorkerPoolOptions {
  /** Per task. */
  timeoutMs: number;
  minThreads: number;
  maxThreads: number;
  /** Waiting tasks beyond the running ones; more is refused (503) rather than queued for minutes. */
  maxQueue: number;
  /** Idle workers above minThreads go away again after this. */
  idleTimeout: number;
  /** The Dutch 503 message when a task cannot be done in time (default: the document's). */
  unavailable?: string;
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

/** A lazily started pool of the worker module `filename`; `configure` changes the limits (pool sizes apply to the next pool). */
export function createWorkerPool(filename: URL, defaults: WorkerPoolOptions) {
  let options = { ...defaults };
  let pool: Piscina | null = null;

  const get = () =>
    (pool ??= new Piscina({
      filename: filename.href,
      minThreads: options.minThreads,
      maxThreads: options.maxThreads,
      maxQueue: options.maxQueue,
      idleTimeout: options.idleTimeout,
      // A worker that runs out of memory dies alone, not the API process.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    }));

  return {
    /** `undefined` restores a default. */
    configure(next: Partial<WorkerPoolOptions>) {
      options = Object.fromEntries(
        Object.entries(defaults).map(([k, v]) => [k, next[k as keyof WorkerPoolOptions] ?? v]),
      ) as unknown as WorkerPoolOptions;
    },

    /** Runs the worker's export `name` (default: its default export) on `data` within the time limit; 503 in Dutch when it cannot be done in time. */
    async task<T>(data: unknown, name?: string): Promise<T> {
      try {
        return (await get().run(data, { name, signal: AbortSignal.timeout(options.timeoutMs) })) as T;
      } catch (err) {
        if (isOverload(err)) throw new AppError(503, options.unavailable ?? WORKER_MSG.unavailable, 'Service Unavailable');
        throw err;
      }
    },

    /** The same for a task that returns bytes: as a Buffer. */
    async bytes(data: unknown, name?: string): Promise<Buffer> {
      const bytes = await this.task<Uint8Array>(data, name);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    /** Any other task of the worker, without the time limit. */
    run: <T>(data: unknown, name: string): Promise<T> => get().run(data, { name }),

    /** Stops the workers (app close); a later task starts a new pool. */
    async close(): Promise<void> {
      const p = pool;
      pool = null;
      await p?.destroy();
    },
  };
}
