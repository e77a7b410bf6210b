import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@umrah/domain';
import { sendCatalog } from '../products/routes.ts';
import * as service from './service.ts';

const tags = ['articles'];
// 1..2147483647: a larger id cannot exist and would overflow the database's integer (a 500).
const idParams = z.object({ id: idParam() });
const typeQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .refine((t) => t === 0 || t === 1, { error: 'Type is 0 (kennis) of 1 (flyer).' })
    .optional(),
});

export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/articles',
    {
      schema: {
        tags,
        summary: 'Kennisartikelen (type 0) en flyers (type 1) met hun categorieën',
        description:
          'Antwoord { articles: [{ id, type, label, description, html, img, flex, categories: [{ article_category_id, label }] }] }; ' +
          'zonder type beide soorten. html is opgeschoond (geen script, geen event-attributen). Met ETag; If-None-Match geeft 304.',
        querystring: typeQuery,
      },
    },
    async (req, reply) => sendCatalog(req, reply, await service.publicArticles(app.ctx, req.query.type)),
  );

  app.get(
    '/api/article/:id',
    {
      schema: { tags, summary: 'Eén artikel met zijn categorieën (opgeschoonde html); 404 als het niet bestaat', params: idParams },
    },
    async (req) => service.getArticle(app.ctx, req.params.id),
  );

  app.get(
    '/api/articlecats',
    {
      schema: {
        tags,
        summary: 'Alle kennis-categorieën',
        description: 'Antwoord { articleCategories: [{ article_category_id, label }] }, met ETag.',
      },
    },
    async (req, reply) => sendCatalog(req, reply, await service.publicCategories(app.ctx)),
  );

  app.get(
    '/api/team',
    {
      schema: {
        tags,
        summary: 'Het team van de over-ons-pagina',
        description: "Antwoord { team: [{ id, name, role, type: 'male' | 'female', bio, img }] }, met ETag.",
      },
    },
    async (req, reply) => sendCatalog(req, reply, await service.publicTeam(app.ctx)),
  );
};
