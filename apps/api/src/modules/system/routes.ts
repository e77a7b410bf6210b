import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailOutbox } from '../../db/schema.ts';
import { redactSecrets } from '../../infra/mail/outbox.ts';
import { healthContract, outboxMailsContract } from '@umrah/domain/contracts';
import { pageQuery, requireAdmin, security } from '../../lib/routes.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['system'], response: { 200: healthContract } } }, async () => {
    await app.ctx.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.id, 0));
    return { status: 'ok' as const, database: app.ctx.dbKind };
  });

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
    async (req) => {
      const { page, pageSize } = req.query;
      const [rows, [{ total }]] = await Promise.all([
        app.ctx.db
          .select()
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        app.ctx.db.select({ total: count() }).from(mailOutbox),
      ]);
      return {
        mails: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          // Never a live reset link, also while the mail is still waiting to be sent.
          text: redactSecrets(m.text),
          status: m.status,
          attempts: m.attempts,
          created_at: m.createdAt.toISOString(),
          sent_at: m.sentAt?.toISOString() ?? null,
        })),
        total,
      };
    },
  );
};
