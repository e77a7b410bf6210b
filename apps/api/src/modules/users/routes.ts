import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, adminUserSchema, ownAccountSchema, usersQuery } from '@umrah/domain';
import { messageAnswer, userContract, userSavedContract, usersPageContract } from '@umrah/domain/contracts';
import { actorOf, audited } from '../../lib/audit.ts';
import { currentUser } from '../../lib/auth.ts';
import { guardedRoutes, idParamsSchema, limit, requireAdmin, requireUser, security } from '../../lib/routes.ts';
import { toUserDto } from './dto.ts';
import * as service from './service.ts';

const tags = ['users'];
const { adminOnly, signedIn } = guardedRoutes(tags);

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user', { schema: { tags, security, response: { 200: userContract } }, onRequest: requireUser }, async (req) =>
    toUserDto(currentUser(req)),
  );

  app.put(
    '/api/user',
    {
      ...signedIn({
        description:
          "Een nieuw e-mailadres vraagt `current_password` (anders 400/403 'Voer je huidige wachtwoord in om je e-mailadres te wijzigen.').",
        body: ownAccountSchema,
        response: { 200: userSavedContract },
      }),
      // The password check must not become a way to guess passwords with a stolen session.
      config: limit(10),
    },
    async (req) => {
      const { current_password: currentPassword, ...account } = req.body;
      const user = await audited(app.ctx.db, actorOf(req), { action: 'user.update', table: 'users', id: currentUser(req).id }, () =>
        service.updateOwnAccount(app.ctx, currentUser(req), account, currentPassword),
      );
      return { message: MSG.userUpdated, user: toUserDto(user) };
    },
  );

  app.get(
    '/api/users',
    adminOnly({
      querystring: usersQuery,
      response: { 200: usersPageContract },
    }),
    async (req) => {
      const { rows, total } = await service.listUsers(app.ctx, req.query.q, req.query.page, req.query.pageSize);
      return { users: rows.map(toUserDto), total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  app.post(
    '/api/users',
    { schema: { tags, security, body: adminUserSchema, response: { 201: userSavedContract } }, onRequest: requireAdmin },
    async (req, reply) => {
      const user = await audited(app.ctx.db, actorOf(req), { action: 'user.create', table: 'users', created: (u) => [u!.id] }, () =>
        service.createUser(app.ctx, req.body),
      );
      return reply.status(201).send({ message: 'Gebruiker is aangemaakt.', user: toUserDto(user) });
    },
  );

  app.put(
    '/api/user/:id',
    { schema: { tags, security, params: idParamsSchema, body: adminUserSchema, response: { 200: userSavedContract } }, onRequest: requireAdmin },
    async (req) => {
      // A changed role is logged as 'user.role_change'.
      const user = await audited(app.ctx.db, actorOf(req), { action: 'user.update', table: 'users', id: req.params.id }, () =>
        service.updateUser(app.ctx, req.params.id, req.body),
      );
      return { message: MSG.userUpdated, user: toUserDto(user) };
    },
  );

  app.delete(
    '/api/user/:id',
    { schema: { tags, security, params: idParamsSchema, response: { 200: messageAnswer } }, onRequest: requireAdmin },
    async (req) => {
      // The account is gone for good: the log keeps its id and role, not its personal data.
      await audited(app.ctx.db, actorOf(req), { action: 'user.delete', table: 'users', id: req.params.id, fields: ['id', 'role'] }, () =>
        service.deleteUser(app.ctx, req.params.id, currentUser(req).id),
      );
      return { message: 'Gebruiker is verwijderd.' };
    },
  );
};
