import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageContract } from '@umrah/domain/contracts';
import { auditQuery } from '@umrah/domain';
import { guardedRoutes } from '../../lib/routes.ts';
import { auditPage } from './service.ts';

const tags = ['audit'];
const { adminOnly } = guardedRoutes(tags);

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    adminOnly({
      summary:
        "Audit-log (admin): wie wat wanneer wijzigde (gebruikers, rollen, kortingscodes, producten, betalingen, 'inloggen als'), met de velden ervoor en erna; nieuwste eerst",
      querystring: auditQuery,
      response: { 200: auditPageContract },
    }),
    async (req) => {
      const { entries, total } = await auditPage(app.ctx, req.query);
      return { entries, total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );
};
