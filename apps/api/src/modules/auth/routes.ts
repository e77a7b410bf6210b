import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, loginByMailSchema, loginSchema, registerSchema, resetPasswordSchema, resetRequestSchema } from '@umrah/domain';
import { currentUser, requireAdmin, requireUser } from '../../lib/auth.ts';
import { unauthorized } from '../../lib/errors.ts';
import * as auth from './service.ts';
import { refreshSessionToken, revokeAllSessions, revokeSession } from './sessions.ts';

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
    // Same session, new expiry, capped at the session's end (login + SESSION_MAX_AGE_SECONDS).
    async (req) => {
      if (!req.session) throw unauthorized(MSG.sessionExpired);
      return { token: await refreshSessionToken(app.ctx, currentUser(req), req.session) };
    },
  );

  app.post(
    '/api/logout',
    {
      schema: { tags: ['auth'], summary: 'Uitloggen: beëindigt deze sessie (het token werkt daarna niet meer)', security: [{ bearerAuth: [] }], response: { 200: messageAnswer } },
      onRequest: requireUser,
    },
    async (req) => {
      if (req.session) await revokeSession(app.ctx.db, req.session.id);
      return { message: 'Je bent uitgelogd.' };
    },
  );

  app.post(
    '/api/logout_all',
    {
      schema: { tags: ['auth'], summary: 'Overal uitloggen: beëindigt elke sessie van het eigen account', security: [{ bearerAuth: [] }], response: { 200: messageAnswer } },
      onRequest: requireUser,
    },
    async (req) => {
      await revokeAllSessions(app.ctx.db, currentUser(req).id);
      return { message: 'Je bent overal uitgelogd.' };
    },
  );

  app.post(
    '/api/user/:id/logout_all',
    {
      schema: {
        tags: ['auth'],
        summary: 'Admin: een gebruiker overal uitloggen',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ message: z.string(), sessions: z.number() }) },
      },
      onRequest: requireAdmin,
    },
    async (req) => {
      const ended = await revokeAllSessions(app.ctx.db, req.params.id);
      return { message: 'De gebruiker is overal uitgelogd.', sessions: ended };
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
    async (req) => ({ token: await auth.loginAsUser(app.ctx, currentUser(req), req.body.email) }),
  );
};
