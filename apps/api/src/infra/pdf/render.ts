import { companyAddressLines, formatEuro, lineTotal, type CompanyDetails, type DocumentLine, type DocumentTotals } from '@umrah/domain';
import { BOLD, FONT, startPdf } from './fonts.ts';

// A small layout engine over pdfkit for the shop's A4 documents: letterhead, customer block, meta
// block, tables that continue on a new page with their header repeated, a totals block with the
// VAT per rate, and a footer with the agency's registration on every page.

export interface PdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export type PdfSection =
  /** Priced lines with the VAT breakdown and totals under them. */
  | { kind: 'lines'; heading?: string; lines: DocumentLine[]; totals: DocumentTotals; totalLabel?: string }
  | { kind: 'table'; heading: string; columns: PdfColumn[]; rows: string[][]; empty?: string }
  /** Label/amount rows, right-aligned like the totals. */
  | { kind: 'summary'; heading?: string; rows: { label: string; value: string; bold?: boolean }[] }
  | { kind: 'text'; heading?: string; text: string };

export interface PdfModel {
  /** The agency: letterhead, footer and document properties (the app's configured company details). */
  company: CompanyDetails;
  /** 'Factuur', 'Aanbetalingsbewijs', 'Creditfactuur', 'Creditnota aanbetaling', 'Offerte' */
  title: string;
  subtitle?: string;
  /** Right-hand block under the title: number, dates, order number. */
  meta: [string, string][];
  customer: { name: string; lines: string[] };
  sections: PdfSection[];
  /** Shown in the document properties. */
  subject?: string;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 50, bottom: 70, left: 50, right: 50 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;
const GREEN = '#0b6e4f';
const GREY = '#6b7280';
const TEXT = '#1f2937';
const RULE = '#d1d5db';

type Doc = PDFKit.PDFDocument;

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function heading(doc: Doc, text: string) {
  ensureSpace(doc, 40);
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(11).fillColor(GREEN).text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
}

function rule(doc: Doc, y: number, color = RULE) {
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y)
    .lineWidth(0.7)
    .strokeColor(color)
    .stroke();
}

function letterhead(doc: Doc, model: PdfModel) {
  const { company } = model;
  const top = MARGIN.top;
  doc.font(BOLD).fontSize(20).fillColor(GREEN).text(company.name, MARGIN.left, top);
  doc.font(FONT).fontSize(9).fillColor(GREY);
  const contact = [...companyAddressLines(company), `Tel. ${company.phone}`, company.email, company.website];
  doc.text(contact.join('\n'), MARGIN.left + CONTENT_WIDTH - 200, top, { width: 200, align: 'right' });
  const below = Math.max(doc.y, top + 70);

  // Customer on the left, title and meta on the right.
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor(TEXT)
    .text(model.customer.name, MARGIN.left, below + 20, { width: 250 });
  doc.font(FONT).fontSize(10).text(model.customer.lines.filter(Boolean).join('\n'), { width: 250 });
  const customerBottom = doc.y;

  const metaX = MARGIN.left + CONTENT_WIDTH - 230;
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(GREEN)
    .text(model.title, metaX, below + 14, { width: 230, align: 'right' });
  if (model.subtitle) doc.font(FONT).fontSize(9).fillColor(GREY).text(model.subtitle, metaX, doc.y, { width: 230, align: 'right' });
  doc.moveDown(0.3);
  for (const [label, value] of model.meta) {
    const y = doc.y;
    doc.font(FONT).fontSize(9).fillColor(GREY).text(label, metaX, y, { width: 110 });
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(TEXT)
      .text(value, metaX + 110, y, { width: 120, align: 'right' });
  }
  doc.y = Math.max(customerBottom, doc.y) + 16;
  doc.x = MARGIN.left;
}

function table(doc: Doc, columns: PdfColumn[], rows: string[][], opts: { boldLast?: boolean } = {}) {
  const xs: number[] = [];
  let x = MARGIN.left;
  for (const c of columns) {
    xs.push(x);
    x += c.width;
  }
  const pad = 4;
  const drawHeader = () => {
    const y = doc.y;
    doc.rect(MARGIN.left, y, CONTENT_WIDTH, 18).fill('#eef5f2');
    doc.font(BOLD).fontSize(9).fillColor(TEXT);
    columns.forEach((c, i) => doc.text(c.header, xs[i]! + pad, y + 5, { width: c.width - 2 * pad, align: c.align ?? 'left', lineBreak: false }));
    doc.y = y + 22;
  };
  ensureSpace(doc, 40);
  drawHeader();
  rows.forEach((row, r) => {
    const bold = opts.boldLast && r === rows.length - 1;
    doc.font(bold ? BOLD : FONT).fontSize(9);
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 2 * pad })), 11) + 6;
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    doc.fillColor(TEXT);
    row.forEach((cell, i) => doc.text(cell, xs[i]! + pad, y + 2, { width: columns[i]!.width - 2 * pad, align: columns[i]!.align ?? 'left' }));
    doc.y = y + height;
    rule(doc, doc.y - 1, '#eceff1');
  });
  doc.x = MARGIN.left;
}

function summary(doc: Doc, rows: { label: string; value: string; bold?: boolean }[]) {
  const labelX = MARGIN.left + CONTENT_WIDTH - 300;
  for (const r of rows) {
    ensureSpace(doc, 16);
    const y = doc.y;
    if (r.bold) rule(doc, y - 2);
    doc
      .font(r.bold ? BOLD : FONT)
      .fontSize(r.bold ? 10 : 9)
      .fillColor(TEXT);
    doc.text(r.label, labelX, y + 1, { width: 190, align: 'right' });
    doc.text(r.value, labelX + 195, y + 1, { width: 105, align: 'right' });
    doc.y = y + (r.bold ? 17 : 14);
  }
  doc.x = MARGIN.left;
}

const percent = (rate: number) => `${rate}%`;

/** The rows under a lines table: total excl. VAT, the VAT per rate, total incl. VAT. */
export function totalsRows(totals: DocumentTotals, totalLabel = 'Totaal incl. btw') {
  return [
    { label: 'Totaal excl. btw', value: formatEuro(totals.excl) },
    ...totals.breakdown.map((r) => ({ label: `Btw ${percent(r.rate)} over ${formatEuro(r.excl)}`, value: formatEuro(r.vat) })),
    { label: totalLabel, value: formatEuro(totals.incl), bold: true },
  ];
}

function linesSection(doc: Doc, s: Extract<PdfSection, { kind: 'lines' }>) {
  if (s.heading) heading(doc, s.heading);
  const columns: PdfColumn[] = [
    { header: 'Omschrijving', width: 245 },
    { header: 'Aantal', width: 45, align: 'right' },
    { header: 'Prijs p.st.', width: 80, align: 'right' },
    { header: 'Btw', width: 40, align: 'right' },
    { header: 'Totaal', width: CONTENT_WIDTH - 410, align: 'right' },
  ];
  table(
    doc,
    columns,
    s.lines.map((l) => [l.label, String(l.quantity), formatEuro(l.unitPrice), percent(l.vatRate), formatEuro(lineTotal(l))]),
  );
  doc.moveDown(0.6);
  summary(doc, totalsRows(s.totals, s.totalLabel));
}

function footer(doc: Doc, c: CompanyDetails) {
  const range = doc.bufferedPageRange();
  const text = `${c.name} · ${c.street}, ${c.zip} ${c.city} · KvK ${c.kvk} · Btw ${c.vat_number} · IBAN ${c.iban}`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page; the margin is lifted for the footer only.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 45;
    rule(doc, y - 6);
    doc.font(FONT).fontSize(7.5).fillColor(GREY);
    doc.text(text, MARGIN.left, y, { width: CONTENT_WIDTH - 60, lineBreak: false });
    doc.text(`Pagina ${i - range.start + 1} van ${range.count}`, MARGIN.left + CONTENT_WIDTH - 60, y, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

// pdfkit's line breaking is quadratic in the length of a word that does not fit: a 60 kB name
// took 8 s, a 5 MB one hours. Every text is cut before layout, so a document's cost is bounded
// whatever a database row holds (old rows, staff-entered text).
export const PDF_TEXT_MAX = 200;
export const PDF_LONG_TEXT_MAX = 2_000;

/** Cut to at most `max` characters, ending in '…' when something was cut. */
export function cutText(value: string, max = PDF_TEXT_MAX): string {
  if (value.length <= max) return value;
  let head = value.slice(0, max - 1);
  // Never leave half of a surrogate pair at the end.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}…`;
}

/** One line: line breaks and other control characters become spaces (a name never runs down the page). */
const line = (value: string, max = PDF_TEXT_MAX) =>
  // Cut first: the replace then never walks megabytes.
  cutText(cutText(value, max + 1).replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' '), max);

/** The model with every text cut to its bound; cheap, so done before a render is queued and again in the renderer. */
export function boundModel(model: PdfModel): PdfModel {
  const cell = (v: string) => line(String(v));
  return {
    company: Object.fromEntries(Object.entries(model.company).map(([k, v]) => [k, line(v)])) as CompanyDetails,
    title: line(model.title),
    subtitle: model.subtitle === undefined ? undefined : line(model.subtitle),
    subject: model.subject === undefined ? undefined : line(model.subject),
    meta: model.meta.map(([k, v]) => [cell(k), cell(v)]),
    customer: { name: line(model.customer.name), lines: model.customer.lines.map((l) => line(l ?? '')) },
    sections: model.sections.map((s): PdfSection => {
      switch (s.kind) {
        case 'lines':
          return {
            ...s,
            heading: s.heading === undefined ? undefined : line(s.heading),
            totalLabel: s.totalLabel === undefined ? undefined : line(s.totalLabel),
            lines: s.lines.map((l) => ({ ...l, label: line(l.label) })),
          };
        case 'table':
          return {
            ...s,
            heading: line(s.heading),
            empty: s.empty === undefined ? undefined : line(s.empty),
            columns: s.columns.map((c) => ({ ...c, header: line(c.header) })),
            rows: s.rows.map((r) => r.map(cell)),
          };
        case 'summary':
          return {
            ...s,
            heading: s.heading === undefined ? undefined : line(s.heading),
            rows: s.rows.map((r) => ({ ...r, label: line(r.label), value: line(r.value) })),
          };
        case 'text':
          return { ...s, heading: s.heading === undefined ? undefined : line(s.heading), text: cutText(s.text, PDF_LONG_TEXT_MAX) };
      }
    }),
  };
}

/**
 * Lays the model out on A4 pages and returns the finished PDF, in the calling thread. The app
 * calls `renderPdf` (pool.ts), which runs this in a worker thread with a time limit.
 */
export function layoutPdf(unbounded: PdfModel): Promise<Buffer> {
  const model = boundModel(unbounded);
  const { doc, done } = startPdf({
    margins: MARGIN,
    bufferPages: true,
    info: { Title: model.title, Author: model.company.name, Subject: model.subject ?? model.title, Creator: model.company.name },
  });

  letterhead(doc, model);
  for (const s of model.sections) {
    switch (s.kind) {
      case 'lines':
        linesSection(doc, s);
        break;
      case 'table':
        heading(doc, s.heading);
        if (s.rows.length === 0 && s.empty) doc.font(FONT).fontSize(9).fillColor(GREY).text(s.empty, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
        else table(doc, s.columns, s.rows);
        break;
      case 'summary':
        if (s.heading) heading(doc, s.heading);
        else doc.moveDown(0.6);
        summary(doc, s.rows);
        break;
      case 'text':
        if (s.heading) heading(doc, s.heading);
        else doc.moveDown(0.6);
        doc.font(FONT).fontSize(9).fillColor(TEXT).text(s.text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
        break;
    }
  }
  footer(doc, model.company);
  doc.end();
  return done;
}
