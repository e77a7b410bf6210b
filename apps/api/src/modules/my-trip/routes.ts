import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, MY_TRIP_MSG, ORDER_DOCUMENTS, tripDetailsSchema, tripParamsSchema, VISA_PDF_MAX_BYTES, visaPdfUploadSchema } from '@umrah/domain';
import { errorAnswer, messageAnswer, myTripContract, myTripListContract, tripDetailsContract } from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { base64Length, guardedRoutes, idParamsSchema, limit, type RouteApp } from '../../lib/routes.ts';
import * as service from './service.ts';
import { deleteVisaPdf, uploadVisaPdf, visaPdfFor } from './visa-pdf.ts';

// 'Mijn reis' (docs/RULES.md, 'Mijn reis'): the paid order's trip on the pilgrim's phone, its PDFs as
// plain GETs (a service worker keeps GET answers for offline use, not POSTs), and staff's side:
// the practical details on the trip page and the visa PDF per guest.

const tags = ['my-trip'];
const { adminOnly, signedIn } = guardedRoutes(tags);
const id = idParam();

/** The answers the phone keeps: private, and asked again whenever there is a network. */
const PRIVATE_REVALIDATE = 'private, no-cache';

const pdfReply = (reply: FastifyReply, filename: string, pdf: Buffer) =>
  reply.header('Cache-Control', PRIVATE_REVALIDATE).header('Content-Disposition', `inline; filename="${filename}"`).type('application/pdf').send(pdf);

/** The customer's trips, their documents and a guest's visa. */
function customerTripRoutes(app: RouteApp): void {
  app.get(
    '/api/my-trips',
    signedIn({
      summary: 'Mijn reis: de eigen (aan)betaalde bestellingen met een reis, vroegste vertrek eerst',
      description: '{ trips: [{ order_id, order_number, label, start_date, end_date }] }',
      response: { 200: myTripListContract },
    }),
    async (req, reply) => {
      reply.header('Cache-Control', PRIVATE_REVALIDATE);
      return service.myTrips(app.ctx, currentUser(req));
    },
  );

  app.get(
    '/api/my-trips/:id',
    signedIn({
      summary:
        'Mijn reis van één (aan)betaalde bestelling: data, vlucht, verzamelpunt, hotels (NL en Arabisch), kamers, reisleider, programma, documenten',
      description:
        '{ order_id, order_number, label, start_date, end_date, details: { flight, meeting_point, leader_name, leader_phone, programme }, ' +
        'hotels: [{ name, name_ar, location, address, address_ar, distance, stars }], guests: [{ id, first_name, last_name, room: { number, ' +
        'max_guests, room_mekka, room_medina, roommates: [naam] } | null, visa_pdf_url }], rooming_saved, documents: [{ title, filename, url }] }. ' +
        'Alleen de eigen reizigers; van kamergenoten uit andere bestellingen alleen de naam. Eigenaar of medewerker; 404 voor andermans bestelling, ' +
        '409 zolang de bestelling niet (aan)betaald is.',
      params: idParamsSchema,
      response: { 200: myTripContract },
    }),
    async (req, reply) => {
      reply.header('Cache-Control', PRIVATE_REVALIDATE);
      return service.myTrip(app.ctx, currentUser(req), req.params.id);
    },
  );

  app.get(
    '/api/my-trips/:id/documents/:kind',
    {
      ...signedIn({
        summary: 'Factuur of aanbetalingsbewijs van de reis als PDF (GET, zodat de telefoon hem offline bewaart); eigenaar of medewerker',
        description: "kind: 'invoice' | 'down_payment'. 409 als het document (nog) niet bestaat, zoals POST /api/order/{kind}/{id}.",
        params: z.object({ id, kind: z.enum(service.MY_TRIP_DOCUMENTS, { error: MY_TRIP_MSG.documentNotAvailable }) }),
      }),
      config: { ...limit(60), heavyWork: true },
    },
    async (req, reply) => {
      await service.paidOrderFor(app.ctx.db, currentUser(req), req.params.id);
      const doc = await service.orderDocument(app.ctx, currentUser(req), req.params.id, req.params.kind);
      return pdfReply(reply, doc.filename || ORDER_DOCUMENTS[req.params.kind].filename(req.params.id), Buffer.from(doc.data, 'base64'));
    },
  );

  app.get(
    '/api/my-trips/:id/visa/:guestId',
    {
      ...signedIn({
        summary: 'Het visum (PDF) van een eigen reiziger; eigenaar van de (aan)betaalde bestelling of admin (audit log)',
        params: z.object({ id, guestId: id }),
      }),
      config: limit(120),
    },
    async (req, reply) =>
      pdfReply(reply, `visum-${req.params.guestId}.pdf`, await visaPdfFor(app.ctx, currentUser(req), req.params.id, req.params.guestId)),
  );
}

/** The office's trip details and a guest's visa PDF. */
function tripDetailAdminRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/trips/:start_date/details',
    adminOnly({
      summary:
        'Praktische reisinformatie voor Mijn reis: vlucht, verzamelpunt, reisleider, programma; en welke reizigers een visum (PDF) hebben (admin)',
      params: tripParamsSchema,
      response: { 200: tripDetailsContract },
    }),
    async (req) => service.tripDetailsForStaff(app.ctx, req.params.start_date),
  );

  app.put(
    '/api/admin/trips/:start_date/details',
    adminOnly({
      summary: 'Praktische reisinformatie opslaan (alle velden tegelijk, leeg mag; admin; audit log)',
      description: 'Body { flight, meeting_point, leader_name, leader_phone, programme }. 404 als er op die dag geen reis vertrekt.',
      params: tripParamsSchema,
      body: tripDetailsSchema,
      response: { 200: tripDetailsContract },
    }),
    async (req) => service.saveTripDetails(app.ctx, currentUser(req), req.params.start_date, req.body),
  );

  app.put(
    '/api/admin/guests/:id/visa-pdf',
    {
      ...adminOnly({
        summary: 'Visum (PDF) van een reiziger uploaden of vervangen (admin; audit log)',
        description: 'Body { pdf: base64 of data-URL }. De inhoud moet met %PDF- beginnen (400), hoogstens 5 MB (413). 200 { message }.',
        params: idParamsSchema,
        body: visaPdfUploadSchema,
        response: { 200: messageAnswer, 413: errorAnswer },
      }),
      bodyLimit: base64Length(VISA_PDF_MAX_BYTES) + 16 * 1024,
      // A body over the limit is refused before any handler runs: give it the Dutch message.
      errorHandler: (error: FastifyError, _req, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.status(413).send({ error: 'Payload Too Large', message: MY_TRIP_MSG.visaPdfTooLarge });
        }
        throw error;
      },
    },
    async (req) => {
      await uploadVisaPdf(app.ctx, currentUser(req), req.params.id, req.body.pdf);
      return { message: MY_TRIP_MSG.visaPdfSaved };
    },
  );

  app.delete(
    '/api/admin/guests/:id/visa-pdf',
    adminOnly({
      summary: 'Visum (PDF) van een reiziger verwijderen (admin; audit log)',
      params: idParamsSchema,
      response: { 200: messageAnswer },
    }),
    async (req) => {
      await deleteVisaPdf(app.ctx, currentUser(req), req.params.id);
      return { message: MY_TRIP_MSG.visaPdfDeleted };
    },
  );
}

export const myTripRoutes: FastifyPluginAsyncZod = async (app) => {
  customerTripRoutes(app);

  // ---- Staff ----

  tripDetailAdminRoutes(app);
};
