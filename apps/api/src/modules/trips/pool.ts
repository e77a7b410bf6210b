import { createWorkerPool } from '../../infra/workers/pool.ts';
import type { RoomingSheet, XlsxTable } from './exports.ts';

// The trip downloads are built in a worker thread, like the shop's PDFs (infra/workers/pool.ts): a
// 500-guest rooming PDF or passenger sheet never stalls the event loop. One thread: the PDF pool
// has the other core.
const pool = createWorkerPool(new URL('./export-worker.mjs', import.meta.url), {
  timeoutMs: 20_000,
  minThreads: 0,
  maxThreads: 1,
  maxQueue: 8,
  idleTimeout: 30_000,
});

export const closeTripExportPool = (): Promise<void> => pool.close();

export const buildRoomingPdf = (sheet: RoomingSheet) => pool.bytes(sheet, 'roomingPdf');
export const buildXlsx = (table: XlsxTable) => pool.bytes(table, 'tableXlsx');
