import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginByMailSchema, loginSchema, registerSchema, resetPasswordSchema, resetRequestSchema } from '@umrah/domain';
import { currentUser, requireAdmin, requireUser } from '../../lib/auth.ts';
import * as auth from './service.ts';

const tokenAnswer = z.object({ token: z.string() });
const messageAnswer = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const limit = (max: number, timeWindow = '1 minute') => ({
    rateLimit: { max: max * config.rateLimitFactor, timeWindow },
  });

  app.post(
    '/api/login',
    {
      schema: { tags: ['auth'], summary: 'Inloggen', body: loginSchema, response: { 200: tokenAnswer } },
      config: limit(10),
    },
    async (req) => ({ token: await auth.login(app.ctx, req.body.email, req.body.password) }),
  );

  app.post(
    '/api/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Account aanmaken (met ALTCHA-oplossing in `altcha`)',
        body: registerSchema,
        response: { 201: z.object({ status: z.literal('success'), token: z.string().nullable(), message: z.string() }) },
      },
      config: limit(5),
    },
    async (req, reply) => {
      const { token } = await auth.register(app.ctx, req.body);
      return reply.status(201).send({ status: 'success', token, message: 'Account aangemaakt.' });
    },
  );

  app.post(
    '/api/refresh_token',
    {
      schema: { tags: ['auth'], summary: 'Nieuw token', security: [{ bearerAuth: [] }], response: { 200: tokenAnswer } },
      onRequest: requireUser,
      config: limit(30),
    },
    async (req) => {
      const user = currentUser(req);
      return { token: await app.ctx.tokens.sign(user.id, user.role, req.actingAdminId) };
    },
  );

  app.post(
    '/api/reset_pw_request',
    {
      schema: { tags: ['auth'], summary: 'Mail met herstellink', body: resetRequestSchema, response: { 200: messageAnswer } },
      config: limit(5, '15 minutes'),
    },
    async (req) => {
      await auth.requestPasswordReset(app.ctx, req.body.email);
      return { message: 'Mail is verzonden.' };
    },
  );

  app.post(
    '/api/reset_pw',
    {
      schema: { tags: ['auth'], summary: 'Nieuw wachtwoord met token', body: resetPasswordSchema, response: { 200: messageAnswer } },
      config: limit(10, '15 minutes'),
    },
    async (req) => {
      await auth.resetPassword(app.ctx, req.body);
      return { message: 'Wachtwoord is gewijzigd.' };
    },
  );

  app.post(
    '/api/login_by_mail',
    {
      schema: {
        tags: ['auth'],
        summary: 'Admin logt in als gebruiker',
        security: [{ bearerAuth: [] }],
        body: loginByMailSchema,
        response: { 200: tokenAnswer },
      },
      onRequest: requireAdmin,
    },
    async (req) => ({ token: await auth.loginAsUser(app.ctx, currentUser(req).id, req.body.email) }),
  );
};
