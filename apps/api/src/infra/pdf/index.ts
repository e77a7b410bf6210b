export * from './company.ts';
export * from './documents.ts';
export { renderPdf, type PdfModel, type PdfSection } from './render.ts';
