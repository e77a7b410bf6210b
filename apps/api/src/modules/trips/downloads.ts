import type { FastifyBaseLogger } from 'fastify';
import { ZipArchive } from 'archiver';
import { eq, inArray } from 'drizzle-orm';
import {
  formatOrderNumber,
  ROOM_KIND_LABELS,
  TRIP_MSG,
  ageCategoryLabels,
  countryAlpha3,
  nationalityName,
  formatDate,
  type AirlineLayout,
  type CompanyDetails,
  type RoomKind,
  AgeCategory,
  Gender,
} from '@umrah/domain';
import { orders, users, visaDocuments } from '../../db/schema.ts';
import { renderPdf } from '../../infra/pdf/index.ts';
import { CSV_CONTENT_TYPE, csvField, toCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { openSealed, photoContext, type SealedVisa } from '../visa/service.ts';
import type { RoomingSheet, XlsxTable } from './exports.ts';
import { buildRoomingPdf, buildXlsx } from './pool.ts';
import { auditDownload, loadTrip, versionRows, type Actor, type Ctx, type LoadedTrip, type TripGuest } from './service.ts';

// The trip downloads (API lists and travel documents). Each one is audited before it is built: the files hold
// passport data. Building happens in worker threads (pool.ts, infra/pdf) and outside any transaction.

export interface Download<T = Buffer> {
  filename: string;
  contentType: string;
  body: T;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const genderLabel = (g: number | null | undefined) => (g === 0 ? 'Man' : g === 1 ? 'Vrouw' : '-');
const ageLabel = (a: number | null | undefined) => ageCategoryLabels[a as AgeCategory] ?? '-';

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

// ---- Passenger lists for the airline ----

export const AIRLINE_COLUMNS: Record<AirlineLayout, string[]> = {
  general: [
    'Nr',
    'Achternaam',
    'Voornamen',
    'Geslacht',
    'Geboortedatum',
    'Nationaliteit',
    'Paspoortnummer',
    'Paspoort geldig tot',
    'Type',
    'Bestelling',
    'Documenten',
  ],
  turkish: ['NO', 'SURNAME', 'NAME', 'TITLE', 'GENDER', 'DOB', 'NATIONALITY', 'PASSPORT NO', 'PASSPORT EXPIRY', 'PAX TYPE'],
};

export const AIRLINE_DESCRIPTION =
  '?layout=general|turkish (standaard general). Eén rij per reiziger van de (aan)betaalde boekingen, op bestelling en kamer. Namen zoals in het paspoort ' +
  '(visumgegevens) als die er zijn, anders de boekingsnaam; paspoortgegevens ontsleuteld. general: Nr, Achternaam, Voornamen, Geslacht (M/F), ' +
  'Geboortedatum (DD-MM-YYYY), Nationaliteit (ISO alpha-3), Paspoortnummer, Paspoort geldig tot, Type (ADT/CHD/INF), Bestelling, Documenten (ja/nee). ' +
  'turkish (Turkish Airlines groepslijst): NO, SURNAME, NAME (hoofdletters, zonder accenten), TITLE (MR/MRS/CHD/INF), GENDER (M/F), DOB en ' +
  'PASSPORT EXPIRY als DDMMMYYYY (bv. 14MAR1985), NATIONALITY (ISO alpha-3), PASSPORT NO, PAX TYPE (ADT/CHD/INF).';

const PAX = ['ADT', 'CHD', 'INF'];
const MONTHS_EN = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** '1985-03-14' → '14MAR1985' (the airlines' APIS style, with the century). */
const airlineDate = (iso: string | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}${MONTHS_EN[Number(m[2]) - 1]}${m[1]}` : '';
};
/** Upper-case ASCII as airline systems take names: 'Şükrü Öztürk' → 'SUKRU OZTURK'. */
const asciiUpper = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .toUpperCase()
    .replace(/[^A-Z -]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

interface Passenger {
  guest: TripGuest;
  firstName: string;
  lastName: string;
  gender: number | null;
  secret: SealedVisa | null;
  nationality: string;
}

async function passengers(ctx: Ctx, trip: LoadedTrip): Promise<Passenger[]> {
  const list = [...trip.guestById.values()].sort((a, b) => a.orderId - b.orderId || a.roomId - b.roomId || a.row.id - b.row.id);
  const docs = list.length
    ? await ctx.db
        .select()
        .from(visaDocuments)
        .where(
          inArray(
            visaDocuments.guestId,
            list.map((g) => g.row.id),
          ),
        )
    : [];
  const docOf = new Map(docs.map((d) => [d.guestId, d]));
  return list.map((guest) => {
    const doc = docOf.get(guest.row.id);
    return {
      guest,
      firstName: doc?.firstName ?? guest.row.firstName,
      lastName: doc?.lastName ?? guest.row.lastName,
      gender: doc?.gender ?? guest.gender,
      secret: doc ? openSealed(ctx, doc) : null,
      nationality: doc?.nationality ?? '',
    };
  });
}

function airlineRows(list: Passenger[], layout: AirlineLayout): string[][] {
  return list.map((p, i) => {
    const age = p.guest.row.ageCategory;
    const gender = p.gender === Gender.MALE ? 'M' : p.gender === Gender.FEMALE ? 'F' : '';
    if (layout === 'turkish') {
      const title =
        age === AgeCategory.BABY
          ? 'INF'
          : age === AgeCategory.CHILD
            ? 'CHD'
            : p.gender === Gender.FEMALE
              ? 'MRS'
              : p.gender === Gender.MALE
                ? 'MR'
                : '';
      return [
        String(i + 1),
        asciiUpper(p.lastName),
        asciiUpper(p.firstName),
        title,
        gender,
        airlineDate(p.secret?.date_of_birth),
        countryAlpha3(p.nationality),
        (p.secret?.passport_number ?? '').toUpperCase(),
        airlineDate(p.secret?.passport_expires),
        PAX[age] ?? 'ADT',
      ];
    }
    return [
      String(i + 1),
      p.lastName,
      p.firstName,
      gender,
      formatDate(p.secret?.date_of_birth),
      countryAlpha3(p.nationality),
      p.secret?.passport_number ?? '',
      formatDate(p.secret?.passport_expires),
      PAX[age] ?? 'ADT',
      formatOrderNumber(p.guest.orderId),
      p.secret ? 'ja' : 'nee',
    ];
  });
}

async function airlineData(ctx: Ctx, actor: Actor, startDate: string, layout: AirlineLayout, format: 'xlsx' | 'csv') {
  const trip = await loadTrip(ctx.db, startDate);
  const list = await passengers(ctx, trip);
  await auditDownload(ctx.db, actor, `trip.download.airline_${format}`, { start_date: startDate, layout, guests: list.length });
  return { rows: airlineRows(list, layout), filename: `passagiers-${layout === 'turkish' ? 'turkish-airlines' : 'algemeen'}-${startDate}.${format}` };
}

export async function airlineXlsx(ctx: Ctx, actor: Actor, startDate: string, layout: AirlineLayout): Promise<Download> {
  const { rows, filename } = await airlineData(ctx, actor, startDate, layout, 'xlsx');
  const columns = AIRLINE_COLUMNS[layout].map((header) => ({
    header,
    width: Math.max(8, header.length + 4, header === 'NO' || header === 'Nr' ? 6 : 16),
  }));
  return {
    filename,
    contentType: XLSX,
    body: await buildXlsx({ sheetName: layout === 'turkish' ? 'TK group' : 'Passagiers', columns, rows } satisfies XlsxTable),
  };
}

/** One CSV cell as the shop's CSV writer writes it (lib/csv.ts). */
export const csvCell = (value: string) => csvField(value);

export async function airlineCsv(ctx: Ctx, actor: Actor, startDate: string, layout: AirlineLayout): Promise<Download<string>> {
  const { rows, filename } = await airlineData(ctx, actor, startDate, layout, 'csv');
  return { filename, contentType: CSV_CONTENT_TYPE, body: toCsv(AIRLINE_COLUMNS[layout], rows) };
}

// ---- Guest contact list for the tour leader ----

export const CONTACT_COLUMNS = ['Kamer', 'Gast', 'Boeker', 'Telefoon', 'E-mail', 'Opmerking'];

/**
 * One row per guest of the trip's (down-)paid orders: the room (of the latest saved rooming list,
 * with the hotel room numbers; else the booking's room), the guest, who booked and how to reach
 * them (the phone number and address given at registration), and a remark (wheelchair).
 */
async function contactRows(ctx: Ctx, trip: LoadedTrip): Promise<string[][]> {
  const orderIds = trip.orders.map((o) => o.id);
  const bookers = orderIds.length
    ? await ctx.db
        .select({ orderId: orders.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phoneNumber })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, orderIds))
    : [];
  const bookerOf = new Map(bookers.map((b) => [b.orderId, b]));
  const saved = await versionRows(ctx.db, trip.card.start_date);
  const roomOf = new Map<number, { sort: number; label: string }>();
  saved?.rows.forEach((row, i) => {
    const flex = ((row.rooms ?? {}) as { flex?: { room_mekka?: string; room_medina?: string } }).flex ?? {};
    const hotels = [flex.room_mekka && `Mekka ${flex.room_mekka}`, flex.room_medina && `Medina ${flex.room_medina}`].filter(Boolean).join(', ');
    const ids = Array.isArray(row.guests) ? (row.guests as { guest_id?: unknown }[]).map((g) => Number(g?.guest_id)) : [];
    for (const id of ids) roomOf.set(id, { sort: i, label: `Kamer ${i + 1}${hotels ? ` (${hotels})` : ''}` });
  });
  const bookingRoom = new Map(trip.orders.flatMap((o) => o.rooms.map((r, i) => [r.id, `${formatOrderNumber(o.id)} kamer ${i + 1}`] as const)));
  const guests = [...trip.guestById.values()].map((g) => {
    const room = roomOf.get(g.row.id);
    return { g, sort: room?.sort ?? Number.MAX_SAFE_INTEGER, room: room?.label ?? bookingRoom.get(g.roomId) ?? '-' };
  });
  guests.sort((a, b) => a.sort - b.sort || a.g.orderId - b.g.orderId || a.g.roomId - b.g.roomId || a.g.row.id - b.g.row.id);
  return guests.map(({ g, room }) => {
    const b = bookerOf.get(g.orderId);
    return [
      room,
      `${g.row.firstName} ${g.row.lastName}`.trim(),
      b ? `${b.firstName} ${b.lastName}`.trim() : '',
      b?.phone ?? '',
      b?.email ?? '',
      g.wheelchair ? 'Rolstoel' : '',
    ];
  });
}

async function contactData(ctx: Ctx, actor: Actor, startDate: string, format: 'pdf' | 'xlsx') {
  const trip = await loadTrip(ctx.db, startDate);
  const rows = await contactRows(ctx, trip);
  await auditDownload(ctx.db, actor, `trip.download.contacts_${format}`, { start_date: startDate, guests: rows.length });
  return { trip, rows, filename: `contactlijst-${startDate}.${format}` };
}

/** contacts.pdf: the list for the tour leader, laid out by the shop's PDF worker (infra/pdf). */
export async function contactsPdf(ctx: Ctx, actor: Actor, startDate: string): Promise<Download> {
  const { trip, rows, filename } = await contactData(ctx, actor, startDate, 'pdf');
  const widths = [70, 95, 90, 75, 115, 50];
  const body = await renderPdf({
    company: ctx.config.company,
    title: 'Contactlijst reizigers',
    subtitle: trip.card.label,
    subject: `Contactlijst ${trip.card.label}`,
    meta: [
      ['Vertrek', formatDate(trip.card.start_date)],
      ['Terug', formatDate(trip.card.end_date)],
      ['Reizigers', String(rows.length)],
    ],
    customer: { name: 'Voor de reisleider', lines: ['Vertrouwelijk: alleen voor contact tijdens de reis.'] },
    sections: [
      {
        kind: 'table',
        heading: 'Reizigers',
        columns: CONTACT_COLUMNS.map((header, i) => ({ header, width: widths[i]! })),
        rows,
        empty: 'Deze reis heeft nog geen (aan)betaalde boekingen.',
      },
    ],
  });
  return { filename, contentType: 'application/pdf', body };
}

/** contacts.xlsx: the same list as a sheet. */
export async function contactsXlsx(ctx: Ctx, actor: Actor, startDate: string): Promise<Download> {
  const { rows, filename } = await contactData(ctx, actor, startDate, 'xlsx');
  const widths = [28, 26, 24, 16, 30, 14];
  const body = await buildXlsx({ sheetName: 'Contactlijst', columns: CONTACT_COLUMNS.map((header, i) => ({ header, width: widths[i]! })), rows });
  return { filename, contentType: XLSX, body };
}

// ---- Travel documents zip ----

const safeName = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40) || 'reiziger';

/** Appends one entry and waits until the archive has taken it in (backpressure: one entry in memory at a time). */
function appendAndWait(archive: ZipArchive, data: Buffer, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      archive.off('entry', onEntry);
      archive.off('error', onEnd);
      archive.off('close', onEnd);
    };
    const onEntry = () => {
      cleanup();
      resolve();
    };
    const onEnd = (err?: Error) => {
      cleanup();
      reject(err ?? new Error('archive closed'));
    };
    archive.once('entry', onEntry);
    archive.once('error', onEnd);
    archive.once('close', onEnd);
    archive.append(data, { name });
  });
}

function dataPdfModel(company: CompanyDetails, trip: LoadedTrip, p: Passenger) {
  const s = p.secret!;
  const rows: string[][] = [
    ['Achternaam (paspoort)', p.lastName],
    ['Voornamen (paspoort)', p.firstName],
    ['Geslacht', genderLabel(p.gender)],
    ['Geboortedatum', formatDate(s.date_of_birth)],
    ['Geboorteplaats', s.city_of_birth],
    ['Nationaliteit', nationalityName(p.nationality)],
    ['Paspoortnummer', s.passport_number],
    ['Uitgiftedatum paspoort', formatDate(s.passport_creation_date)],
    ['Paspoort geldig tot', formatDate(s.passport_expires)],
    ['Leeftijdscategorie', ageLabel(p.guest.row.ageCategory)],
    ['Rolstoel', p.guest.wheelchair ? 'Ja' : 'Nee'],
  ];
  return {
    company,
    title: 'Reisdocumenten',
    subtitle: trip.card.label,
    subject: `Reisdocumenten ${p.firstName} ${p.lastName}`,
    meta: [
      ['Reiziger', `#${p.guest.row.id}`],
      ['Bestelling', formatOrderNumber(p.guest.orderId)],
      ['Vertrek', formatDate(trip.card.start_date)],
    ] as [string, string][],
    customer: { name: `${p.firstName} ${p.lastName}`.trim(), lines: [] },
    sections: [
      {
        kind: 'table' as const,
        heading: 'Paspoortgegevens',
        columns: [
          { header: 'Gegeven', width: 180 },
          { header: 'Waarde', width: 315 },
        ],
        rows,
      },
    ],
  };
}

/**
 * documents.zip: per guest with documents the decrypted photo and a PDF of the data, streamed.
 * Entries are added one at a time and only after the archive took the previous one, so a trip's
 * photos are never all in memory; a client that goes away ends the archive and with it the loop.
 */
export async function documentsZip(ctx: Ctx, actor: Actor, startDate: string, log: FastifyBaseLogger): Promise<Download<ZipArchive>> {
  const trip = await loadTrip(ctx.db, startDate);
  const list = (await passengers(ctx, trip)).filter((p) => p.secret !== null);
  if (list.length === 0) throw notFound(TRIP_MSG.noDocuments);
  const photoKeys = new Map(
    (
      await ctx.db
        .select({ guestId: visaDocuments.guestId, photoKey: visaDocuments.photoKey })
        .from(visaDocuments)
        .where(
          inArray(
            visaDocuments.guestId,
            list.map((p) => p.guest.row.id),
          ),
        )
    ).map((d) => [d.guestId, d.photoKey]),
  );
  await auditDownload(ctx.db, actor, 'trip.download.documents_zip', { start_date: startDate, guests: list.map((p) => p.guest.row.id) });

  // JPEG and PDF hardly compress: storing them saves the CPU.
  const archive = new ZipArchive({ store: true });
  const fill = async () => {
    let n = 0;
    for (const p of list) {
      n++;
      const folder = `${String(n).padStart(3, '0')}-${safeName(p.lastName)}-${safeName(p.firstName)}-${p.guest.row.id}`;
      const key = photoKeys.get(p.guest.row.id);
      const sealed = key ? await ctx.files.get(key) : null;
      if (key && sealed) await appendAndWait(archive, ctx.sealer.openBytes(sealed, photoContext(key)), `${folder}/pasfoto.jpg`);
      await appendAndWait(archive, await renderPdf(dataPdfModel(ctx.config.company, trip, p)), `${folder}/gegevens.pdf`);
    }
    await archive.finalize();
  };
  fill().catch((err: unknown) => {
    log.error({ err }, 'documents zip stopped');
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { filename: `reisdocumenten-${startDate}.zip`, contentType: 'application/zip', body: archive };
}
