import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CROWDFUND_MSG, crowdfundInputSchema, crowdfundUpdateSchema } from '@umrah/domain';
import { crowdfundCreatedContract, crowdfundListContract, crowdfundSavedContract } from '@umrah/domain/contracts';
import { guardedRoutes, idParamsSchema } from '../../lib/routes.ts';
import { sendCatalog } from '../../infra/http/catalog-cache.ts';
import * as service from './service.ts';

const tags = ['crowdfunds'];
const { adminOnly } = guardedRoutes(tags);

export const crowdfundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/crowdfunds',
    {
      schema: {
        tags,
        summary: 'Alle actieve crowdfunddoelen met het gedoneerde en het nog benodigde bedrag',
        description:
          'Antwoord { crowdfunds: [{ id, label, description, goal_amount, funded_amount, remaining, is_active }] }, bedragen in centen. ' +
          'funded_amount telt de donaties van alle bestellingen die niet geannuleerd, geweigerd of terugbetaald zijn. Met ETag; If-None-Match geeft 304.',
        response: { 200: crowdfundListContract },
      },
    },
    async (req, reply) => sendCatalog(req, reply, await service.publicList(app.ctx)),
  );

  app.get(
    '/api/admin/crowdfunds',
    adminOnly({
      summary: 'Alle crowdfunddoelen (admin), ook gesloten, met gedoneerd en nog benodigd bedrag; open doelen eerst',
      description: 'Antwoord { crowdfunds: [{ id, label, description, goal_amount, funded_amount, remaining, is_active }] }, bedragen in centen.',
      response: { 200: crowdfundListContract },
    }),
    async () => ({ crowdfunds: await service.adminList(app.ctx) }),
  );

  app.post(
    '/api/crowdfund',
    adminOnly({
      summary: 'Maakt een crowdfunddoel aan (doelbedrag in centen); antwoord { success: true, result: [crowdfund] }',
      body: crowdfundInputSchema,
      response: { 201: crowdfundCreatedContract },
    }),
    async (req, reply) => reply.status(201).send({ success: true, result: [await service.createCrowdfund(app.ctx, req.body)] }),
  );

  app.put(
    '/api/crowdfund/:id',
    adminOnly({
      summary: 'Wijzigt een crowdfunddoel (alleen de meegestuurde velden); antwoordt message UPDATED',
      params: idParamsSchema,
      body: crowdfundUpdateSchema,
      response: { 200: crowdfundSavedContract },
    }),
    async (req) => ({ message: CROWDFUND_MSG.updated, crowdfund: await service.updateCrowdfund(app.ctx, req.params.id, req.body) }),
  );
};
