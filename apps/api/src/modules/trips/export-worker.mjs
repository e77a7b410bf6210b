// Piscina worker of the trip downloads: lays out the rooming PDF and writes the XLSX files off the
// main thread. Plain .mjs for the same reason as infra/pdf/render-worker.mjs: a worker thread starts
// without the app's TypeScript loader, so tsImport loads exports.ts through tsx.
import { tsImport } from 'tsx/esm/api';

const exportsModule = await tsImport('./exports.ts', import.meta.url);

/** RoomingSheet → PDF bytes */
export function roomingPdf(sheet) {
  return exportsModule.roomingPdf(sheet);
}

/** XlsxTable → XLSX bytes */
export function tableXlsx(table) {
  return exportsModule.tableXlsx(table);
}

export default function ping() {
  return 'ok';
}
