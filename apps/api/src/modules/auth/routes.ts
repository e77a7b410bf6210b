import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, loginByMailSchema, loginSchema, registerSchema, resetPasswordSchema, resetRequestSchema } from '@umrah/domain';
import { loggedOutEverywhereContract, messageAnswer, registeredContract, tokenAnswer } from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { unauthorized } from '../../lib/errors.ts';
import { idParamsSchema, limit, requireAdmin, requireUser, security, type RouteApp, limitedRoute } from '../../lib/routes.ts';
import * as auth from './service.ts';
import { refreshSessionToken, revokeAllSessions, revokeSession } from './sessions.ts';

const tags = ['auth'];

/** Signing in and registering. */
function signInRoutes(app: RouteApp): void {
  app.post(
    '/api/login',
    limitedRoute(
      {
        tags,
        summary: 'Inloggen',
        description:
          "401 'Ongeldige combinatie email/wachtwoord. Probeer opniew.' voor elke mislukte poging (ook een onbekend adres). Na 3 mislukte pogingen voor dit account vanaf dit adres (15 minuten) is ook een ALTCHA-oplossing in `altcha` nodig; het 401-antwoord noemt dan details [{ path: 'altcha' }].",
        body: loginSchema,
        response: { 200: tokenAnswer },
      },
      limit(10),
    ),
    async (req) => ({ token: await auth.login(app.ctx, req.body, req.ip) }),
  );

  app.post(
    '/api/register',
    limitedRoute(
      {
        tags,
        summary: 'Account aanmaken (met ALTCHA-oplossing in `altcha`)',
        body: registerSchema,
        response: { 201: registeredContract },
      },
      limit(5),
    ),
    async (req, reply) => {
      const { token } = await auth.register(app.ctx, req.body);
      return reply.status(201).send({ status: 'success', token, message: 'Account aangemaakt.' });
    },
  );
}

/** A session's token renewed, and sessions ended (one, all of one's own, or all of a user by an admin). */
function sessionRoutes(app: RouteApp): void {
  app.post(
    '/api/refresh_token',
    {
      schema: { tags, summary: 'Nieuw token', security, response: { 200: tokenAnswer } },
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
      schema: { tags, summary: 'Uitloggen: beëindigt deze sessie (het token werkt daarna niet meer)', security, response: { 200: messageAnswer } },
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
      schema: { tags, summary: 'Overal uitloggen: beëindigt elke sessie van het eigen account', security, response: { 200: messageAnswer } },
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
        tags,
        summary: 'Admin: een gebruiker overal uitloggen',
        security,
        params: idParamsSchema,
        response: { 200: loggedOutEverywhereContract },
      },
      onRequest: requireAdmin,
    },
    async (req) => {
      const ended = await revokeAllSessions(app.ctx.db, req.params.id);
      return { message: 'De gebruiker is overal uitgelogd.', sessions: ended };
    },
  );
}

/** A forgotten password: the reset mail, the new password and signing in by mail. */
function passwordRoutes(app: RouteApp): void {
  app.post(
    '/api/reset_pw_request',
    {
      schema: { tags, summary: 'Mail met herstellink', body: resetRequestSchema, response: { 200: messageAnswer } },
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
      schema: { tags, summary: 'Nieuw wachtwoord met token', body: resetPasswordSchema, response: { 200: messageAnswer } },
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
        tags,
        summary: 'Admin logt in als gebruiker',
        security,
        body: loginByMailSchema,
        response: { 200: tokenAnswer },
      },
      onRequest: requireAdmin,
    },
    async (req) => ({ token: await auth.loginAsUser(app.ctx, { ...currentUser(req), actingAdminId: req.actingAdminId }, req.body.email) }),
  );
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  signInRoutes(app);

  sessionRoutes(app);

  passwordRoutes(app);
};
