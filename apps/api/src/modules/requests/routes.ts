import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, customTripBodySchema, customTripGuestSchema, moroccoRequestSchema, requestListQuerySchema, requestUpdateSchema } from '@umrah/domain';
import { leadsPageContract, publicConfigContract, requestContract, sentAnswerContract } from '@umrah/domain/contracts';
import { idParamsSchema, limit, optionalUser, requireAdmin, security, type RouteApp } from '../../lib/routes.ts';
import { AppError } from '../../lib/errors.ts';
import { listRequests, sendCustomTrip, sendMoroccoRequest, updateRequest } from './service.ts';

const tags = ['requests'];

/** The public request forms (individual hajj and umrah), limited per address. */
function requestFormRoutes(app: RouteApp): void {
  // Like /api/contact: a handful a minute per address, and a small body (a form of short fields).
  const formLimits = {
    config: limit(5),
    bodyLimit: 16 * 1024,
  };

  app.post(
    '/api/contact/individual_hadj',
    {
      schema: {
        tags,
        summary: 'Aanvraag Umrah vanuit Marokko (met ALTCHA-oplossing in `altcha`)',
        description: 'Slaat de aanvraag op, zet een mail naar het kantoor (Reply-To de afzender) en een bevestiging in de outbox.',
        body: moroccoRequestSchema,
        response: { 200: sentAnswerContract },
      },
      onRequest: optionalUser,
      ...formLimits,
      // A retry with the same Idempotency-Key stores and mails the request once. ('Umrah op maat' is
      // left out: its answer may hold a new session's token, which is not kept in the table.)
      config: { ...formLimits.config, idempotency: {} },
    },
    async (req) => sendMoroccoRequest(app.ctx, req.body, req.user),
  );

  app.post(
    '/api/contact/individual',
    {
      schema: {
        tags,
        summary: "Aanvraag 'Umrah op maat' (met ALTCHA-oplossing in `altcha`)",
        description:
          'Ingelogd: de gegevens van het account worden gebruikt. Niet ingelogd: de persoonsgegevens en een wachtwoord zijn verplicht en er wordt tegelijk een account aangemaakt (het antwoord bevat dan een token).',
        body: customTripBodySchema,
        response: { 200: sentAnswerContract },
      },
      onRequest: optionalUser,
      ...formLimits,
    },
    async (req) => {
      if (req.user) return sendCustomTrip(app.ctx, req.body, req.user);
      // Not logged in: the registration fields are required too. Checked before the captcha is
      // spent, with the same answer shape as a schema failure, so the form shows them per field.
      const parsed = customTripGuestSchema.safeParse(req.body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new AppError(400, details[0]?.message ?? MSG.invalidInput, 'Bad Request', details);
      }
      return sendCustomTrip(app.ctx, req.body, undefined, parsed.data);
    },
  );
}

/** The office's list of requests and their handling. */
function requestAdminRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/requests',
    {
      schema: {
        tags,
        summary: 'Aanvragen (leads), nieuwste eerst, 25 per pagina',
        security,
        querystring: requestListQuerySchema,
        response: { 200: leadsPageContract },
      },
      onRequest: requireAdmin,
    },
    async (req) => listRequests(app.ctx, req.query),
  );

  app.put(
    '/api/admin/requests/:id',
    {
      schema: {
        tags,
        summary: 'Status en notitie van een aanvraag',
        security,
        params: idParamsSchema,
        body: requestUpdateSchema,
        response: { 200: requestContract },
      },
      onRequest: requireAdmin,
    },
    async (req) => updateRequest(app.ctx, req.params.id, req.body),
  );
}

export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicConfigRoutes);
  requestFormRoutes(app);

  requestAdminRoutes(app);
};

/** GET /api/config: the public settings the web app needs (the chat widget's link; null hides it). */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['system'], summary: 'Publieke instellingen', response: { 200: publicConfigContract } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { chat_url: app.ctx.config.chatUrl ?? null };
    },
  );
};
