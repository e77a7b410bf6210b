export * from './documents.ts';
export { PDF_TEXT_MAX, cutText, layoutPdf, type PdfModel, type PdfSection } from './render.ts';
export { PDF_MSG, closePdfPool, configurePdfPool, pdfWorkerThreadId, renderPdf } from './pool.ts';
