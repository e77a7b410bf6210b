import { formatOrderNumber, ROOM_KIND_LABELS, TRIP_MSG, formatDate, type RoomKind } from '@umrah/domain';
import { notFound } from '../../lib/errors.ts';
import { ageLabel, genderLabel, XLSX, type Download } from './download-common.ts';
import type { RoomingSheet } from './exports.ts';
import { buildRoomingPdf, buildXlsx } from './pool.ts';
import { auditDownload, loadTrip, versionRows, type Actor, type Ctx } from './service.ts';

// The saved rooming list as a PDF for the hotels and as a sheet.

/** A saved version of the trip as the rooming sheet (the latest when no version is asked). */
async function versionSheet(ctx: Ctx, startDate: string, version?: number) {
  const trip = await loadTrip(ctx.db, startDate);
  const saved = await versionRows(ctx.db, startDate, version);
  if (!saved) throw notFound(version === undefined ? TRIP_MSG.noVersion : TRIP_MSG.versionNotFound);
  const savedAt = saved.rows[0]!.createdAt;
  const sheet: RoomingSheet = {
    title: `Kamerindeling ${trip.card.label}`,
    subtitle: `${formatDate(trip.card.start_date)} t/m ${formatDate(trip.card.end_date)} · versie ${saved.version} · opgeslagen ${formatDate(savedAt)} · ${saved.rows.length} kamers`,
    rooms: saved.rows.map((row, i) => {
      const stored = (row.rooms ?? {}) as {
        kind?: RoomKind;
        exclusive?: boolean;
        wheelchair?: boolean;
        flex?: { room_mekka?: string; room_medina?: string };
      };
      const ids = Array.isArray(row.guests) ? (row.guests as { guest_id?: unknown }[]).map((g) => Number(g?.guest_id)) : [];
      const guests = ids.map((id) => {
        const g = trip.guestById.get(id);
        return {
          last_name: g?.row.lastName ?? `Reiziger #${id}`,
          first_name: g?.row.firstName ?? '',
          gender: genderLabel(g?.gender),
          age: ageLabel(g?.row.ageCategory),
          order: g ? formatOrderNumber(g.orderId) : '-',
          wheelchair: g?.wheelchair ?? false,
        };
      });
      return {
        no: i + 1,
        beds: row.maxGuests,
        kind: ROOM_KIND_LABELS[stored.kind ?? 'male'] ?? '',
        exclusive: stored.exclusive === true,
        wheelchair: stored.wheelchair === true || guests.some((g) => g.wheelchair),
        mekka: stored.flex?.room_mekka ?? '',
        medina: stored.flex?.room_medina ?? '',
        guests,
      };
    }),
  };
  return { trip, version: saved.version, sheet };
}

export async function roomingPdf(ctx: Ctx, actor: Actor, startDate: string, version?: number): Promise<Download> {
  const { version: v, sheet } = await versionSheet(ctx, startDate, version);
  await auditDownload(ctx.db, actor, 'trip.download.rooming_pdf', { start_date: startDate, version: v });
  return { filename: `kamerindeling-${startDate}-v${v}.pdf`, contentType: 'application/pdf', body: await buildRoomingPdf(sheet) };
}

export const ROOMING_COLUMNS = [
  'Kamer',
  'Bedden',
  'Soort',
  'Exclusief',
  'Kamer Mekka',
  'Kamer Medina',
  'Achternaam',
  'Voornaam',
  'Geslacht',
  'Leeftijd',
  'Bestelling',
  'Rolstoel',
];

export async function roomingXlsx(ctx: Ctx, actor: Actor, startDate: string, version?: number): Promise<Download> {
  const { version: v, sheet } = await versionSheet(ctx, startDate, version);
  await auditDownload(ctx.db, actor, 'trip.download.rooming_xlsx', { start_date: startDate, version: v });
  const rows = sheet.rooms.flatMap((r) =>
    r.guests.map((g) => [
      String(r.no),
      String(r.beds),
      r.kind,
      r.exclusive ? 'Ja' : 'Nee',
      r.mekka,
      r.medina,
      g.last_name,
      g.first_name,
      g.gender,
      g.age,
      g.order,
      g.wheelchair ? 'Ja' : '',
    ]),
  );
  const widths = [8, 8, 10, 10, 13, 13, 22, 22, 10, 12, 12, 10];
  const body = await buildXlsx({ sheetName: 'Kamerindeling', columns: ROOMING_COLUMNS.map((header, i) => ({ header, width: widths[i]! })), rows });
  return { filename: `kamerindeling-${startDate}-v${v}.xlsx`, contentType: XLSX, body };
}
