import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VISA_MSG, VISA_PHOTO_MAX_BYTES, finishDocumentsSchema, guestNameSchema, idParam, resetDocumentsSchema, visaSchema } from '@umrah/domain';
import {
  adminVisaOrderContract,
  documentsFinishedContract,
  documentsResetContract,
  errorAnswer,
  guestNameSavedContract,
  visaOrderContract,
  visaSavedContract,
} from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { base64Length, guardedRoutes, idParamsSchema, limit, type RouteApp } from '../../lib/routes.ts';
import { closeImagePool } from '../../infra/images/index.ts';
import * as service from './service.ts';
import { convertPhotoDownload } from '../../infra/images/index.ts';

const tags = ['visa'];
const { adminOnly, signedIn } = guardedRoutes(tags);
const id = idParam();

/** The largest photo the form allows (5 MB) in base64, plus a data-URL prefix and the other fields (16 kB). */
const VISA_BODY_LIMIT = base64Length(VISA_PHOTO_MAX_BYTES) + 16 * 1024;

const actorOf = (req: FastifyRequest): service.Actor => ({ user: currentUser(req), actingAdminId: req.actingAdminId });

/** One order's visa data: the customer's wizard view and the admin's decrypted view. */
function visaViewRoutes(app: RouteApp): void {
  const orderVisaViews = [
    {
      url: '/api/order/:id/visa',
      guard: signedIn,
      summary: 'Visumwizard van een bestelling: reizigers, of hun documenten er zijn, de reis en of de bestelling in aanmerking komt',
      description:
        '{ order_id, status, eligible, message?, trip: {label,start,end}|null, finished, guests: [{id, first_name, last_name, gender, age_category, has_documents}] }. Alleen COMPLETED en DOWN_PAYMENT komen in aanmerking. 404 voor andermans bestelling.',
      contract: visaOrderContract,
      load: service.visaOverview,
    },
    {
      url: '/api/admin/order/:id/visa',
      guard: adminOnly,
      summary: 'Visumgegevens van alle reizigers van een bestelling, ontsleuteld (admin; elke inzage komt in de audit log)',
      description:
        '{ order_id, status, trip, guests: [{ id, first_name, last_name, gender, age_category, has_documents, has_photo, documents|null }] }',
      contract: adminVisaOrderContract,
      load: service.adminVisa,
    },
  ];
  for (const { url, guard, summary, description, contract, load } of orderVisaViews) {
    app.get(url, guard({ summary, description, params: idParamsSchema, response: { 200: contract } }), async (req) =>
      load(app.ctx, actorOf(req), req.params.id),
    );
  }
}

/** Visa data submitted and a guest's name corrected. */
function visaSubmitRoutes(app: RouteApp): void {
  app.post(
    '/api/order/guest/visa',
    {
      ...signedIn({
        summary: 'Visumgegevens en pasfoto van één reiziger aanleveren (eigenaar of admin)',
        description:
          "201 { status:'success', message, guest_id }. 400 regels (o.a. de 6-maandenregel t.o.v. het einde van de reis, geen afbeelding), 404 andermans bestelling of reiziger, 409 niet (aan)betaald of al aangeleverd, 413 pasfoto groter dan 5 MB.",
        body: visaSchema,
        response: { 201: visaSavedContract, 413: errorAnswer },
      }),
      bodyLimit: VISA_BODY_LIMIT,
      // The photo is converted in the image pool, shared out per user (infra/http/fair-share.ts).
      config: { ...limit(30), heavyWork: true },
      // A body over the limit is refused before any handler runs: give it the photo's Dutch message.
      errorHandler: (error: FastifyError, _req, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.status(413).send({ error: 'Payload Too Large', message: VISA_MSG.photoTooLarge });
        }
        throw error;
      },
    },
    async (req, reply) => {
      const result = await service.submitVisa(app.ctx, actorOf(req), req.body);
      return reply.status(201).send({ status: 'success', message: VISA_MSG.saved, ...result });
    },
  );

  app.post(
    '/api/order/guest/update_name/:order_id',
    {
      ...signedIn({
        summary: 'Naam en geslacht van een reiziger wijzigen; na het aanleveren van de documenten alleen door een admin',
        description: "{ status:'success', message, guest }. 409 voor de klant zodra de documenten er zijn.",
        params: z.object({ order_id: id }),
        body: guestNameSchema,
        response: { 200: guestNameSavedContract },
      }),
      config: limit(60),
    },
    async (req) => {
      const guest = await service.updateGuestName(app.ctx, actorOf(req), req.params.order_id, req.body);
      return { status: 'success', message: VISA_MSG.nameSaved, guest };
    },
  );
}

/** The documents sent back to redo, or finished. */
function documentRemindRoutes(app: RouteApp): void {
  app.post(
    '/api/order/remind/documents/faulty',
    adminOnly({
      summary: 'Documenten van reizigers terugzetten met een reden (admin); de klant krijgt een mail om ze opnieuw aan te leveren',
      description: "{ status:'success', message, deleted }",
      body: resetDocumentsSchema,
      response: { 200: documentsResetContract },
    }),
    async (req) => {
      const result = await service.resetDocuments(app.ctx, actorOf(req), req.body);
      return { status: 'success', message: VISA_MSG.resetDone, ...result };
    },
  );

  app.post(
    '/api/order/remind/documents/finish',
    {
      ...signedIn({
        summary: 'Melding dat alle documenten er zijn: één keer een mail naar kantoor en een bevestiging naar de klant',
        description:
          "{ status:'success', message, sent } (sent false als de melding al eerder ging). 409 zolang niet alle reizigers documenten hebben.",
        body: finishDocumentsSchema,
        response: { 200: documentsFinishedContract },
      }),
      config: limit(30),
    },
    async (req) => {
      const result = await service.finishDocuments(app.ctx, actorOf(req), req.body.order_id);
      return { status: 'success', message: VISA_MSG.finished, ...result };
    },
  );
}

/** A guest's passport photo, shown and downloaded. */
function visaPhotoRoutes(app: RouteApp): void {
  app.get(
    '/api/order/guest/:guestId/visa/photo',
    signedIn({
      summary: 'Pasfoto van een reiziger (JPEG) voor de eigenaar of een admin; nooit in een cache',
      params: z.object({ guestId: id }),
    }),
    async (req, reply) => {
      const jpeg = await service.guestPhoto(app.ctx, actorOf(req), req.params.guestId);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="pasfoto-${req.params.guestId}.jpg"`)
        .type('image/jpeg')
        .send(jpeg);
    },
  );

  app.get(
    '/api/order/guest/:guestId/visa/photo/download',
    signedIn({
      summary:
        'Pasfoto als download: 200x200 pixels, JPEG kwaliteit 80 (docs/RULES.md, Constants), voor de eigenaar of een admin; nooit in een cache',
      params: z.object({ guestId: id }),
    }),
    async (req, reply) => {
      const jpeg = await convertPhotoDownload(await service.guestPhoto(app.ctx, actorOf(req), req.params.guestId));
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="pasfoto-${req.params.guestId}-200x200.jpg"`)
        .type('image/jpeg')
        .send(jpeg);
    },
  );
}

export const visaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async () => closeImagePool());

  // One order's visa data: the customer's wizard view and the admin's decrypted view.
  visaViewRoutes(app);

  visaSubmitRoutes(app);

  documentRemindRoutes(app);

  visaPhotoRoutes(app);
};
