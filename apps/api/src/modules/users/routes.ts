import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, accountSchema, adminUserSchema } from '@umrah/domain';
import { currentUser, requireAdmin, requireUser } from '../../lib/auth.ts';
import { toUserDto } from './dto.ts';
import * as service from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive({ error: 'Ongeldig id.' }) });
const security = [{ bearerAuth: [] }];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user', { schema: { tags: ['users'], security }, onRequest: requireUser }, async (req) =>
    toUserDto(currentUser(req)),
  );

  app.put(
    '/api/user',
    { schema: { tags: ['users'], security, body: accountSchema }, onRequest: requireUser },
    async (req) => {
      const user = await service.updateOwnAccount(app.ctx, currentUser(req).id, req.body);
      return { message: MSG.userUpdated, user: toUserDto(user) };
    },
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        security,
        querystring: z.object({
          q: z.string().max(200).optional(),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(25),
        }),
      },
      onRequest: requireAdmin,
    },
    async (req) => {
      const { rows, total } = await service.listUsers(app.ctx, req.query.q, req.query.page, req.query.pageSize);
      return { users: rows.map(toUserDto), total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  app.post(
    '/api/users',
    { schema: { tags: ['users'], security, body: adminUserSchema }, onRequest: requireAdmin },
    async (req, reply) => {
      const user = await service.createUser(app.ctx, req.body);
      return reply.status(201).send({ message: 'Gebruiker is aangemaakt.', user: toUserDto(user) });
    },
  );

  app.put(
    '/api/user/:id',
    { schema: { tags: ['users'], security, params: idParams, body: adminUserSchema }, onRequest: requireAdmin },
    async (req) => {
      const user = await service.updateUser(app.ctx, req.params.id, req.body);
      return { message: MSG.userUpdated, user: toUserDto(user) };
    },
  );

  app.delete(
    '/api/user/:id',
    { schema: { tags: ['users'], security, params: idParams }, onRequest: requireAdmin },
    async (req) => {
      await service.deleteUser(app.ctx, req.params.id, currentUser(req).id);
      return { message: 'Gebruiker is verwijderd.' };
    },
  );
};
