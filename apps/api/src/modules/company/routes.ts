import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companySchema } from '@umrah/domain/company';

/** GET /api/company: the agency's details from the configuration, for the site's footer, contact and legal pages. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/company', { schema: { tags: ['system'], summary: 'Bedrijfsgegevens', response: { 200: companySchema } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return app.ctx.config.company;
  });
};
