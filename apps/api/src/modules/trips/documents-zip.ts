import type { FastifyBaseLogger } from 'fastify';
import { ZipArchive } from 'archiver';
import { inArray } from 'drizzle-orm';
import { formatOrderNumber, TRIP_MSG, nationalityName, formatDate, type CompanyDetails } from '@umrah/domain';
import { visaDocuments } from '../../db/schema.ts';
import { renderPdf } from '../../infra/pdf/index.ts';
import { notFound } from '../../lib/errors.ts';
import { photoContext } from '../visa/service.ts';
import { ageLabel, genderLabel, passengers, type Download, type Passenger } from './download-common.ts';
import { auditDownload, loadTrip, type Actor, type Ctx, type LoadedTrip } from './service.ts';

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
