// The trip downloads (API lists and travel documents). Each one is audited before it is built: the files hold
// passport data. Building happens in worker threads (pool.ts, infra/pdf) and outside any transaction.

export type { Download } from './download-common.ts';
export { roomingPdf, roomingXlsx } from './rooming-downloads.ts';
export { AIRLINE_DESCRIPTION, airlineCsv, airlineXlsx, csvCell } from './airline-downloads.ts';
export { contactsPdf, contactsXlsx } from './contact-downloads.ts';
export { documentsZip } from './documents-zip.ts';
