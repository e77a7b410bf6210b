export * from './documents.ts';
export { PDF_TEXT_MAX, cutText } from './render.ts';
export { closePdfPool, configurePdfPool, pdfWorkerThreadId, renderPdf } from './pool.ts';
