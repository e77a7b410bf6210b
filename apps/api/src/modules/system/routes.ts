import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthContract, messageAnswer, outboxMailsContract, readyContract } from '@umrah/domain/contracts';
import { idParamsSchema, pageQuery, requireAdmin, security } from '../../lib/routes.ts';
import { MAIL_MESSAGES, listMails, readiness, retryMail } from './service.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process is up and answers. A database outage is /api/ready's business, so a
  // supervisor does not restart a healthy process because the database is away.
  app.get('/api/health', { schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthContract } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });

  // Readiness for a load balancer: 503 while the database is unreachable or migrations are pending.
  app.get(
    '/api/ready',
    { schema: { tags: ['system'], summary: 'Readiness', response: { 200: readyContract, 503: readyContract } } },
    async (_req, reply) => {
      const { ready, pending } = await readiness(app.ctx);
      reply.header('Cache-Control', 'no-store');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database: app.ctx.dbKind, pending_migrations: pending });
    },
  );

  app.get('/api/captcha/challenge', { schema: { tags: ['system'], summary: 'ALTCHA-uitdaging voor formulieren' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return app.ctx.captcha.challenge();
  });

  // In development every mail is readable here, also when no SMTP server is configured.
  app.get(
    '/api/admin/mails',
    {
      schema: {
        tags: ['system'],
        security,
        querystring: pageQuery,
        response: { 200: outboxMailsContract },
      },
      onRequest: requireAdmin,
    },
    async (req) => listMails(app.ctx, req.query.page, req.query.pageSize),
  );

  // 'Opnieuw versturen': a failed mail goes back in the queue and is tried at once.
  app.post(
    '/api/admin/mails/:id/retry',
    {
      schema: { tags: ['system'], security, summary: 'Mail opnieuw versturen', params: idParamsSchema, response: { 200: messageAnswer } },
      onRequest: requireAdmin,
    },
    async (req) => {
      await retryMail(app.ctx, req.params.id);
      return { message: MAIL_MESSAGES.requeued };
    },
  );
};
