import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WAITLIST_MSG, tripParamsSchema, waitlistJoinSchema, waitlistMoveSchema } from '@umrah/domain';
import { myWaitlistContract, tripWaitlistContract, waitlistJoinedContract } from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { guardedRoutes, idParamsSchema, limit, messageAnswer } from '../../lib/routes.ts';
import { invalidateCatalog } from '../../infra/http/catalog-cache.ts';
import * as service from './service.ts';

// The waiting list of sold-out room types (docs/WAITLIST.md): the rules are in service.ts.

const tags = ['waitlist'];
const { adminOnly, signedIn } = guardedRoutes(tags);

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/waitlist',
    {
      ...signedIn({
        summary: 'Op de wachtlijst van een uitverkochte kamer (ingelogd): product_id van de reis, room_type 2/3/4, persons 1-12',
        description:
          '201 { status, message, entry }. 409 als de kamer nog genoeg plaatsen heeft of de klant er al op staat; 400 als de reis die kamergrootte niet heeft.',
        body: waitlistJoinSchema,
        response: { 201: waitlistJoinedContract },
      }),
      config: limit(20),
    },
    async (req, reply) => {
      const entry = await service.joinWaitlist(app.ctx, currentUser(req), req.body);
      return reply.code(201).send({ status: 'success' as const, message: WAITLIST_MSG.joined, entry });
    },
  );

  app.get('/api/waitlist', signedIn({ summary: 'Eigen plaatsen op de wachtlijst', response: { 200: myWaitlistContract } }), async (req) => ({
    entries: await service.myWaitlist(app.ctx.db, currentUser(req).id),
  }));

  app.delete(
    '/api/waitlist/:id',
    signedIn({
      summary: 'Van de wachtlijst af (eigen plaats; vastgehouden plaatsen gaan naar de volgende)',
      params: idParamsSchema,
      response: { 200: messageAnswer },
    }),
    async (req) => {
      if (await service.leaveWaitlist(app.ctx, currentUser(req), req.params.id)) invalidateCatalog(app.ctx);
      return { message: WAITLIST_MSG.removed };
    },
  );

  app.get(
    '/api/admin/trips/:start_date/waitlist',
    adminOnly({
      summary: 'De wachtlijst van een reis, per kamertype in volgorde (admin)',
      params: tripParamsSchema,
      response: { 200: tripWaitlistContract },
    }),
    async (req) => ({ entries: await service.tripWaitlist(app.ctx.db, req.params.start_date) }),
  );

  app.delete(
    '/api/admin/waitlist/:id',
    adminOnly({ summary: 'Een plaats van de wachtlijst verwijderen (admin)', params: idParamsSchema, response: { 200: messageAnswer } }),
    async (req) => {
      if (await service.removeEntry(app.ctx, req.params.id)) invalidateCatalog(app.ctx);
      return { message: WAITLIST_MSG.removed };
    },
  );

  app.post(
    '/api/admin/waitlist/:id/move',
    adminOnly({
      summary: 'Een wachtende één plaats omhoog of omlaag zetten (admin)',
      params: idParamsSchema,
      body: waitlistMoveSchema,
      response: { 200: messageAnswer },
    }),
    async (req) => {
      await service.moveEntry(app.ctx.db, req.params.id, req.body.direction);
      return { message: WAITLIST_MSG.moved };
    },
  );
};
