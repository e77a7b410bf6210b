import Piscina from 'piscina';
import { PDF_MSG } from '../../infra/pdf/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { RoomingSheet, XlsxTable } from './exports.ts';

// The trip downloads are built in a worker thread, like the shop's PDFs (infra/pdf/pool.ts): a
// 500-guest rooming PDF or passenger sheet never stalls the event loop, a build past its time limit
// is aborted, and a burst waits in a small bounded queue. One thread: the PDF pool has the other core.

const TIMEOUT_MS = 20_000;
let pool: Piscina | null = null;

function getPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./export-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    maxQueue: 8,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return pool;
}

export async function closeTripExportPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}

const isOverload = (err: unknown) => {
  const e = err as { name?: string; code?: string; message?: string };
  return e?.name === 'AbortError' || e?.message === 'Task queue is at limit' || e?.code === 'ERR_WORKER_OUT_OF_MEMORY';
};

async function run(name: 'roomingPdf' | 'tableXlsx', data: unknown): Promise<Buffer> {
  try {
    const bytes: Uint8Array = await getPool().run(data, { name, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (isOverload(err)) throw new AppError(503, PDF_MSG.unavailable, 'Service Unavailable');
    throw err;
  }
}

export const buildRoomingPdf = (sheet: RoomingSheet) => run('roomingPdf', sheet);
export const buildXlsx = (table: XlsxTable) => run('tableXlsx', table);
