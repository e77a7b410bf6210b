import { formatOrderNumber, countryAlpha3, formatDate, type AirlineLayout, AgeCategory, Gender } from '@umrah/domain';
import { CSV_CONTENT_TYPE, csvField, toCsv } from '../../lib/csv.ts';
import { passengers, XLSX, type Download, type Passenger } from './download-common.ts';
import type { XlsxTable } from './exports.ts';
import { buildXlsx } from './pool.ts';
import { auditDownload, loadTrip, type Actor, type Ctx } from './service.ts';

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
