import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  airlineQuerySchema,
  mergePeriodSchema,
  mergedRoomsQuerySchema,
  mergedRoomsSaveSchema,
  roomingVersionQuerySchema,
  tripDocumentReminderSchema,
  tripParamsSchema,
  OPEN_MSG,
} from '@umrah/domain';
import {
  mergeAnswerContract,
  mergedRoomsContract,
  openRemindedContract,
  tripAdminOrdersContract,
  roomingProposalContract,
  roomsSavedContract,
  tripDetailContract,
  tripListContract,
} from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { guardedRoutes, type RouteApp } from '../../lib/routes.ts';
import { remindMissingDocuments } from './document-reminders.ts';
import * as downloads from './downloads.ts';
import { closeTripExportPool } from './pool.ts';
import * as service from './service.ts';

// Trip overviews (docs/RULES.md, 'Screens: Travel overviews', 'Calls' merged_rooms). Admin only: a
// customer or the bookkeeper gets 403, an anonymous caller 401, on every route and download.
// Counted orders: DOWN_PAYMENT and COMPLETED, not those of internal test accounts (staff accounts,
// and addresses at INTERNAL_EMAIL_DOMAINS, default 'umrahreizen.nl').

const tags = ['trips'];
const { adminOnly } = guardedRoutes(tags);
const actorOf = (req: FastifyRequest): service.Actor => ({ user: currentUser(req) });

/** Downloads hold passport data: never cached, always saved under the given name. */
function attachment(reply: FastifyReply, file: { filename: string; contentType: string }) {
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .type(file.contentType);
}

/** A trip file: its path under /api/admin/trips/:start_date/, its docs, its query and what makes it. */
interface TripDownload<Q extends z.ZodType> {
  file: string;
  summary: string;
  description?: string;
  querystring?: Q;
  make: (
    ctx: FastifyInstance['ctx'],
    actor: service.Actor,
    start: string,
    query: z.output<Q>,
    log: FastifyBaseLogger,
  ) => Promise<downloads.Download<unknown>>;
}
const download = <Q extends z.ZodType = z.ZodNever>(d: TripDownload<Q>) => d;

/** Every download is admin only, never cached, and written to the audit log by its maker. */
const DOWNLOADS = [
  download({
    file: 'rooming.pdf',
    summary: 'Kamerindeling als PDF, 3 kamers per pagina, met kamernummers Mekka/Medina en rolstoelmarkering (admin; audit log)',
    description: '?version=N (standaard de nieuwste). 404 zolang er geen versie is opgeslagen.',
    querystring: roomingVersionQuerySchema,
    make: (ctx, actor, start, q) => downloads.roomingPdf(ctx, actor, start, q.version),
  }),
  download({
    file: 'rooming.xlsx',
    summary: 'Kamerindeling als XLSX, één rij per reiziger (admin; audit log)',
    description:
      '?version=N. Kolommen: Kamer, Bedden, Soort, Exclusief, Kamer Mekka, Kamer Medina, Achternaam, Voornaam, Geslacht, Leeftijd, Bestelling, Rolstoel.',
    querystring: roomingVersionQuerySchema,
    make: (ctx, actor, start, q) => downloads.roomingXlsx(ctx, actor, start, q.version),
  }),
  download({
    file: 'airline.xlsx',
    summary: 'Passagierslijst (API-lijst) voor de luchtvaartmaatschappij als XLSX; layout general of turkish (admin; audit log)',
    description: downloads.AIRLINE_DESCRIPTION,
    querystring: airlineQuerySchema,
    make: (ctx, actor, start, q) => downloads.airlineXlsx(ctx, actor, start, q.layout),
  }),
  download({
    file: 'airline.csv',
    summary: 'Passagierslijst als CSV (UTF-8 met BOM, puntkomma, CRLF; formules onschadelijk gemaakt); layout general of turkish (admin; audit log)',
    description: downloads.AIRLINE_DESCRIPTION,
    querystring: airlineQuerySchema,
    make: (ctx, actor, start, q) => downloads.airlineCsv(ctx, actor, start, q.layout),
  }),
  download({
    file: 'contacts.pdf',
    summary: 'Contactlijst voor de reisleider als PDF: kamer, gast, boeker, telefoon, e-mail, opmerking (admin; audit log)',
    description:
      'Eén rij per reiziger van de (aan)betaalde boekingen. Kamer uit de nieuwste opgeslagen kamerindeling (met kamernummers Mekka/Medina), anders de kamer van de boeking; telefoon en e-mail van de boeker (bij de registratie opgegeven); opmerking: rolstoel.',
    make: (ctx, actor, start) => downloads.contactsPdf(ctx, actor, start),
  }),
  download({
    file: 'contacts.xlsx',
    summary: 'Contactlijst als XLSX: Kamer, Gast, Boeker, Telefoon, E-mail, Opmerking (admin; audit log)',
    make: (ctx, actor, start) => downloads.contactsXlsx(ctx, actor, start),
  }),
  download({
    file: 'documents.zip',
    summary: 'Reisdocumenten van een reis als zip: per reiziger met documenten de pasfoto (JPEG) en een PDF met de gegevens (admin; audit log)',
    description:
      'Gestreamd (nooit de hele reis in het geheugen). Mappen: {nr}-{achternaam}-{voornaam}-{id}/pasfoto.jpg en gegevens.pdf. 404 zonder documenten.',
    make: (ctx, actor, start, _q, log) => downloads.documentsZip(ctx, actor, start, log),
  }),
];

/** The office's trips: the list, one trip, its orders and the document reminders. */
function tripOverviewRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/trips',
    adminOnly({
      summary: 'Reisoverzichten: één kaart per vertrekdag (admin)',
      description:
        '{ trips: [{ start_date, end_date, label, region, regions, year, month (0-11), guests_booked, places, orders }] }, vroegste eerst. ' +
        'Een reis = alle Umrah-producten met dezelfde startdatum. guests_booked/orders tellen alleen DOWN_PAYMENT (8) en COMPLETED (2) ' +
        'zonder interne testaccounts; places = guests_booked + resterende voorraad van de volwassenenproducten.',
      response: { 200: tripListContract },
    }),
    async () => service.listTrips(app.ctx),
  );

  app.get(
    '/api/admin/trips/:start_date',
    adminOnly({
      summary: 'Eén reis: bestellingskaarten en statistieken (admin)',
      description:
        '{ trip: <kaart>, orders: [{ id, number (FCU2+id), status, status_label, customer {name,email}, total_price, total_payments, open_amount, ' +
        'documents_complete, rooms: [{ id, room_type, room_gender, exclusive, class, guests: [{ id, first_name, last_name, gender, age_category, ' +
        'bed_included, has_documents, wheelchair }] }] }], stats: { orders, guests, down_payments, full_payments, paid_amount, open_amount, ' +
        'documents_complete, documents_missing, wheelchairs } }. Bedragen in centen. down_payments/full_payments = aantal bestellingen in ' +
        'DOWN_PAYMENT/COMPLETED. 404 als er op die dag geen reis vertrekt.',
      params: tripParamsSchema,
      response: { 200: tripDetailContract },
    }),
    async (req) => service.tripDetail(app.ctx, req.params.start_date),
  );

  app.get(
    '/api/admin/trips/:start_date/orders',
    adminOnly({
      summary:
        'De bestellingen van een reis zoals de bestellijst van het dashboard ze geeft (met logboek), voor de acties op de bestellingskaarten (admin)',
      description:
        '{ orders: [zoals GET /api/admin/orders] }: dezelfde (aan)betaalde bestellingen als de reispagina. 404 als er op die dag geen reis vertrekt.',
      params: tripParamsSchema,
      response: { 200: tripAdminOrdersContract },
    }),
    async (req) => service.tripAdminOrders(app.ctx, req.params.start_date),
  );

  app.post(
    '/api/admin/trips/:start_date/remind/documents',
    adminOnly({
      summary:
        'Herinnering aan alle gasten zonder documenten: de documentherinnering naar elke bestelling van de reis met ontbrekende documenten (admin)',
      description:
        'Body { type: 1 verzoek | 2 eerste | 3 tweede herinnering | 4 annulering }. Per bestelling mail en logregel in één transactie, zoals POST /api/order/remind/documents. ' +
        "200 { status:'success', message, sent: [{ order_id, type }], skipped: [{ order_id, reason }] }. 409 als alle documenten er al zijn.",
      params: tripParamsSchema,
      body: tripDocumentReminderSchema,
      response: { 200: openRemindedContract },
    }),
    async (req) => {
      const result = await remindMissingDocuments(app.ctx, currentUser(req), req.params.start_date, req.body.type);
      return { status: 'success', message: OPEN_MSG.sent(result.sent.length, result.skipped.length), ...result };
    },
  );
}

/** The rooming list: a proposal, the merged rooms and merging periods. */
function roomingRoutes(app: RouteApp): void {
  app.post(
    '/api/admin/trips/:start_date/rooming/proposal',
    adminOnly({
      summary: 'Kamerindeling voorstellen (niet opgeslagen) volgens de regels van packages/domain/src/rooming.ts (admin)',
      description:
        '{ start_date, rooms: [{ key, existing_id, max_guests, kind (male|female|family), exclusive, wheelchair, flex: {room_mekka?, room_medina?}, ' +
        'order_ids, guests: [{ guest_id, order_id, first_name, last_name, gender, age_category, wheelchair, present }] }], ' +
        'warnings: [{ code, message, room_key?, guest_ids? }], problems: [] }. Geen body nodig.',
      params: tripParamsSchema,
      response: { 200: roomingProposalContract },
    }),
    async (req) => service.roomingProposal(app.ctx, req.params.start_date),
  );

  app.get(
    '/api/merged_rooms',
    adminOnly({
      summary: 'Opgeslagen kamerindelingen van een reis: alle versies (nieuwste eerst, de laatste 4 met latest=true) en één versie (admin)',
      description:
        '?start_date=YYYY-MM-DD[&version=N] → { start_date, versions: [{ version, created_at, created_by, rooms_count, guests_count, latest }], ' +
        'current: { version, created_at, created_by, rooms: [zoals het voorstel, met flex.room_mekka/room_medina], problems: [regels die deze versie ' +
        'nu breekt, bv. een later geboekte reiziger] } | null }. Zonder version de nieuwste; een onbekende version is 404.',
      querystring: mergedRoomsQuerySchema,
      response: { 200: mergedRoomsContract },
    }),
    async (req) => service.mergedRooms(app.ctx, req.query.start_date, req.query.version),
  );

  app.post(
    '/api/merged_rooms',
    adminOnly({
      summary: 'Kamerindeling opslaan als nieuwe versie (versie = hoogste + 1) en het kantoor mailen (admin)',
      description:
        'Body { start_date, rooms: [{ flex: JSON-tekst of object {room_mekka?, room_medina?}, existing_id?, max_guests: 2|3|4, kind?: male|female|family, ' +
        'guests: [{ guest_id }] }] }. Elke reiziger van de reis precies één keer, geen reiziger van buiten de reis; kind wordt afgeleid als het ontbreekt, ' +
        "exclusive en wheelchair altijd. 201 { status:'success', message: 'Kamers zijn samengevoegd voor de periode DD-MM-YYYY t/m DD-MM-YYYY. Er is een mail " +
        "naar het kantoor gestuurd.', start_date, version, rooms_count }. 400 met de eerste gebroken regel in het Nederlands (alle in details).",
      body: mergedRoomsSaveSchema,
      response: { 201: roomsSavedContract },
    }),
    async (req, reply) => reply.status(201).send(await service.saveMergedRooms(app.ctx, actorOf(req), req.body)),
  );

  app.post(
    '/api/admin/trips/merge',
    adminOnly({
      summary: "Kamers samenvoegen voor een periode (dialoog 'kamers samenvoegen' bij de bestellingen; admin)",
      description:
        'Body { start, end } (YYYY-MM-DD, hoogstens 366 dagen). Voor elke reis die in de periode vertrekt en (aan)betaalde reizigers heeft wordt de ' +
        "voorgestelde indeling als nieuwe versie opgeslagen (zonder hotelkamernummers); één mail naar het kantoor. 201 { status:'success', message: " +
        "'Kamers zijn samengevoegd voor de periode … t/m …. Er is een mail naar het kantoor gestuurd.', trips: [{ start_date, version, rooms_count }] }. " +
        '404 als er in de periode niets samen te voegen is.',
      body: mergePeriodSchema,
      response: { 201: mergeAnswerContract },
    }),
    async (req, reply) => reply.status(201).send(await service.mergePeriod(app.ctx, actorOf(req), req.body)),
  );
}

/** The trip downloads (lists and travel documents), one route each. */
function tripDownloadRoutes(app: RouteApp): void {
  for (const d of DOWNLOADS) {
    app.get(
      `/api/admin/trips/:start_date/${d.file}`,
      {
        ...adminOnly({
          summary: d.summary,
          description: d.description,
          params: tripParamsSchema,
          // A route without a query gets no querystring key (an undefined one makes Fastify warn at start-up).
          ...(d.querystring && { querystring: d.querystring }),
        }),
        // PDFs and spreadsheets from the worker pools: shared out per user (infra/http/fair-share.ts).
        config: { heavyWork: true },
      },
      async (req, reply) => {
        const file = await d.make(app.ctx, actorOf(req), req.params.start_date, req.query as never, req.log);
        return attachment(reply, file).send(file.body);
      },
    );
  }
}

export const tripRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async () => closeTripExportPool());

  tripOverviewRoutes(app);

  roomingRoutes(app);

  tripDownloadRoutes(app);
};
