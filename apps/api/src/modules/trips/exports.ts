import ExcelJS from 'exceljs';
import { BOLD, FONT, startPdf } from '../../infra/pdf/fonts.ts';

// Builders of the trip downloads from plain data (no database rows), run in the export worker
// (pool.ts). Every text is cut and made one line first, so a hostile name cannot make a layout slow.

export interface RoomingSheetGuest {
  last_name: string;
  first_name: string;
  gender: string;
  age: string;
  order: string;
  wheelchair: boolean;
}
export interface RoomingSheetRoom {
  no: number;
  beds: number;
  kind: string;
  exclusive: boolean;
  wheelchair: boolean;
  mekka: string;
  medina: string;
  guests: RoomingSheetGuest[];
}
export interface RoomingSheet {
  title: string;
  subtitle: string;
  rooms: RoomingSheetRoom[];
}

export interface XlsxTable {
  sheetName: string;
  columns: { header: string; width: number }[];
  rows: string[][];
}

/** The rooming preview shows 3 rooms per page; the PDF for the hotels does the same, so both read alike. */
export const ROOMS_PER_PAGE = 3;

const clean = (value: unknown, max = 100): string => {
  const s = String(value ?? '')
    .slice(0, max + 1)
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

const PAGE = { width: 595.28, height: 841.89 };
const M = 40;
const WIDTH = PAGE.width - 2 * M;
const GREEN = '#0b6e4f';
const GREY = '#6b7280';
const TEXT = '#1f2937';
const RED = '#b91c1c';

type PdfDoc = ReturnType<typeof startPdf>['doc'];

/** The guest table of a room block: header, x offset and width. */
const ROOM_COLUMNS = [
  { header: 'Naam', x: 0, w: 200 },
  { header: 'Geslacht', x: 200, w: 60 },
  { header: 'Leeftijd', x: 260, w: 70 },
  { header: 'Bestelling', x: 330, w: 80 },
  { header: 'Rolstoel', x: 410, w: WIDTH - 430 },
];

/** One room's block: its number and facts, the hotel room numbers, a wheelchair flag and its guests. */
function drawRoom(doc: PdfDoc, room: RoomingSheet['rooms'][number], top: number, blockHeight: number): void {
  doc
    .roundedRect(M, top, WIDTH, blockHeight - 12, 6)
    .lineWidth(0.8)
    .strokeColor('#cbd5e1')
    .stroke();
  const x = M + 12;
  const inner = WIDTH - 24;
  doc
    .font(BOLD)
    .fontSize(13)
    .fillColor(TEXT)
    .text(`Kamer ${room.no}`, x, top + 10, { lineBreak: false });
  const facts = [`${room.beds}-persoonskamer`, clean(room.kind), room.exclusive ? 'Exclusief' : ''].filter(Boolean).join(' · ');
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor(GREY)
    .text(facts, x + 80, top + 13, { width: inner - 80, lineBreak: false });
  doc.font(BOLD).fontSize(10).fillColor(TEXT);
  doc.text(`Kamernummer Mekka: ${clean(room.mekka, 20) || '—'}`, x, top + 32, { width: inner / 2, lineBreak: false });
  doc.text(`Kamernummer Medina: ${clean(room.medina, 20) || '—'}`, x + inner / 2, top + 32, { width: inner / 2, lineBreak: false });
  if (room.wheelchair) {
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(RED)
      .text('ROLSTOEL IN DEZE KAMER', x, top + 48, { width: inner, lineBreak: false });
  }
  let y = top + 66;
  doc.font(BOLD).fontSize(8.5).fillColor(GREY);
  for (const c of ROOM_COLUMNS) doc.text(c.header, x + c.x, y, { width: c.w, lineBreak: false });
  y += 14;
  doc.font(FONT).fontSize(10).fillColor(TEXT);
  for (const g of room.guests.slice(0, 8)) {
    const cells = [
      `${clean(g.last_name)}, ${clean(g.first_name)}`,
      clean(g.gender, 20),
      clean(g.age, 20),
      clean(g.order, 20),
      g.wheelchair ? 'Rolstoel' : '',
    ];
    cells.forEach((cell, ci) =>
      doc.fillColor(ci === 4 ? RED : TEXT).text(cell, x + ROOM_COLUMNS[ci]!.x, y, { width: ROOM_COLUMNS[ci]!.w, lineBreak: false, ellipsis: true }),
    );
    y += 14;
  }
}

export function roomingPdf(sheet: RoomingSheet): Promise<Buffer> {
  const { doc, done } = startPdf({ margins: { top: M, bottom: 20, left: M, right: M }, bufferPages: true, info: { Title: clean(sheet.title) } });
  const headerBottom = M + 46;
  const blockHeight = (PAGE.height - headerBottom - 50) / ROOMS_PER_PAGE;

  const pageHeader = () => {
    doc.font(BOLD).fontSize(15).fillColor(GREEN).text(clean(sheet.title), M, M, { width: WIDTH, lineBreak: false });
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(GREY)
      .text(clean(sheet.subtitle, 200), M, M + 22, { width: WIDTH, lineBreak: false });
  };

  if (sheet.rooms.length === 0) {
    pageHeader();
    doc.font(FONT).fontSize(10).fillColor(TEXT).text('Geen kamers.', M, headerBottom);
  }
  sheet.rooms.forEach((room, i) => {
    const slot = i % ROOMS_PER_PAGE;
    if (slot === 0) {
      if (i > 0) doc.addPage();
      pageHeader();
    }
    const top = headerBottom + slot * blockHeight;
    drawRoom(doc, room, top, blockHeight);
  });

  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    doc.font(FONT).fontSize(8).fillColor(GREY);
    doc.text(`Pagina ${p - range.start + 1} van ${range.count}`, M, PAGE.height - 34, { width: WIDTH, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

export async function tableXlsx(table: XlsxTable): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Umrah Reizen';
  const ws = wb.addWorksheet(clean(table.sheetName, 31).replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = table.columns.map((c) => ({ header: clean(c.header, 60), width: c.width }));
  ws.getRow(1).font = { bold: true };
  // Every cell as text: exceljs writes strings as shared strings, never as formulas.
  for (const row of table.rows) ws.addRow(row.map((v) => clean(v, 200)));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
