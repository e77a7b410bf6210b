import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_MSG,
  ARTICLE_PHOTO_MAX_BYTES,
  MSG,
  articleCategorySchema,
  articleCreateSchema,
  articlesQuery,
  articleUpdateSchema,
} from '@umrah/domain';
import {
  type ErrorAnswer,
  articleCategoryListContract,
  articleCategorySavedContract,
  articleContract,
  articleListContract,
  articleSavedContract,
  errorAnswer,
  messageAnswer,
  teamContract,
} from '@umrah/domain/contracts';
import { base64Length, guardedRoutes, idParamsSchema as idParams, type RouteApp } from '../../lib/routes.ts';
import { notFound } from '../../lib/errors.ts';
import { sendCatalog } from '../../infra/http/catalog-cache.ts';
import * as admin from './admin.ts';
import { publicImageKey } from './image.ts';
import * as service from './service.ts';

const tags = ['articles'];
const { adminOnly } = guardedRoutes(tags);
/** A JSON body with the cropped JPEG as base64 (at most 4 MB of picture), up to 100 kB of html and the other fields. */
const PHOTO_BODY_LIMIT = base64Length(ARTICLE_PHOTO_MAX_BYTES) + 128 * 1024;
// A body over the limit is refused before any handler runs: give it the photo's Dutch message.
const photoTooLarge = (error: FastifyError, _req: unknown, reply: { status: (n: 413) => { send: (b: ErrorAnswer) => unknown } }) => {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ error: 'Payload Too Large', message: ARTICLE_MSG.photoTooLarge });
  throw error;
};
/** An admin route whose body carries a photo: the larger body limit and its Dutch 413. */
const photoRoute = <S extends object>(schema: S) => ({
  ...adminOnly(schema),
  bodyLimit: PHOTO_BODY_LIMIT,
  errorHandler: photoTooLarge,
  // The picture is converted in the image pool, shared out per user (infra/http/fair-share.ts).
  config: { heavyWork: true },
});
const articleDescription =
  'Body { type: 0 kennis | 1 flyer, label, description, html (wordt opgeschoond), categories: [id], image: { name, data: JPEG als data-URL of base64 } }. ' +
  "De foto moet een echte JPEG zijn ('{bestand} is geen a jpg of jpeg bestand.'), 413 boven 4 MB; hij wordt bijgesneden tot 25/19 (kennis) of 0.70625 (flyer) " +
  'en opgeslagen als AVIF, WebP en JPEG in 480 en 1200 pixels breed (flex.image).';

/** The public articles: the list, one article and the cached catalogs. */
function publicArticleRoutes(app: RouteApp): void {
  app.get(
    '/api/articles',
    {
      schema: {
        tags,
        summary: 'Kennisartikelen (type 0) en flyers (type 1) met hun categorieën',
        description:
          'Antwoord { articles: [{ id, type, label, description, html, img, flex, categories: [{ article_category_id, label }] }] }; ' +
          'zonder type beide soorten. html is opgeschoond (geen script, geen event-attributen). Met ETag; If-None-Match geeft 304.',
        querystring: articlesQuery,
        response: { 200: articleListContract },
      },
    },
    async (req, reply) => sendCatalog(req, reply, await service.publicArticles(app.ctx, req.query.type)),
  );

  app.get(
    '/api/article/:id',
    {
      schema: {
        tags,
        summary: 'Eén artikel met zijn categorieën (opgeschoonde html); 404 als het niet bestaat',
        params: idParams,
        response: { 200: articleContract },
      },
    },
    async (req) => service.getArticle(app.ctx, req.params.id),
  );

  // The cached lists without a query: JSON bytes with an ETag, like the product catalogs.
  const catalogs = [
    {
      url: '/api/articlecats',
      summary: 'Alle kennis-categorieën',
      description: 'Antwoord { articleCategories: [{ article_category_id, label }] }, met ETag.',
      contract: articleCategoryListContract,
      load: service.publicCategories,
    },
    {
      url: '/api/team',
      summary: 'Het team van de over-ons-pagina',
      description: "Antwoord { team: [{ id, name, role, type: 'male' | 'female', bio, img }] }, met ETag.",
      contract: teamContract,
      load: service.publicTeam,
    },
  ];
  for (const { url, summary, description, contract, load } of catalogs) {
    app.get(url, { schema: { tags, summary, description, response: { 200: contract } } }, async (req, reply) =>
      sendCatalog(req, reply, await load(app.ctx)),
    );
  }
}

/** The office writes articles: made, changed, deleted. */
function articleAdminRoutes(app: RouteApp): void {
  app.post(
    '/api/article',
    photoRoute({
      summary: 'Kennisartikel of flyer toevoegen (admin)',
      description: `201 { message: 'CREATED', article }. ${articleDescription}`,
      body: articleCreateSchema,
      response: { 201: articleSavedContract, 413: errorAnswer },
    }),
    async (req, reply) => reply.status(201).send({ message: 'CREATED', article: await admin.createArticle(app.ctx, req.body, req.log) }),
  );

  app.put(
    '/api/article/:id',
    photoRoute({
      summary: 'Kennisartikel of flyer wijzigen (admin)',
      description: `{ message: 'UPDATED', article } (docs/RULES.md, 'Calls': gelukt als message UPDATED is). Zonder image blijft de foto. ${articleDescription}`,
      params: idParams,
      body: articleUpdateSchema,
      response: { 200: articleSavedContract, 413: errorAnswer },
    }),
    async (req) => ({ message: 'UPDATED', article: await admin.updateArticle(app.ctx, req.params.id, req.body, req.log) }),
  );

  app.delete(
    '/api/article/:id',
    adminOnly({
      summary: 'Kennisartikel of flyer verwijderen, met zijn foto (admin)',
      description: "{ message: 'DELETED' }; 404 als het niet bestaat.",
      params: idParams,
      response: { 200: messageAnswer },
    }),
    async (req) => {
      await admin.deleteArticle(app.ctx, req.params.id, req.log);
      return { message: 'DELETED' };
    },
  );
}

/** The office's article categories. */
function articleCategoryRoutes(app: RouteApp): void {
  app.post(
    '/api/articlecat',
    adminOnly({
      summary: 'Kennis-categorie toevoegen (admin)',
      description: "201 { message: 'CREATED', articleCategory }. Body { label, flex? }.",
      body: articleCategorySchema,
      response: { 201: articleCategorySavedContract },
    }),
    async (req, reply) => reply.status(201).send({ message: 'CREATED', articleCategory: await admin.createCategory(app.ctx, req.body) }),
  );

  app.put(
    '/api/articlecat/:id',
    adminOnly({
      summary: 'Kennis-categorie wijzigen (admin)',
      description: "{ message: 'UPDATED', articleCategory }; 404 als ze niet bestaat.",
      params: idParams,
      body: articleCategorySchema,
      response: { 200: articleCategorySavedContract },
    }),
    async (req) => ({ message: 'UPDATED', articleCategory: await admin.updateCategory(app.ctx, req.params.id, req.body) }),
  );

  app.delete(
    '/api/articlecat/:id',
    adminOnly({
      summary: 'Kennis-categorie verwijderen (admin); de artikelen blijven',
      description: "{ message: 'DELETED' }; 404 als ze niet bestaat.",
      params: idParams,
      response: { 200: messageAnswer },
    }),
    async (req) => {
      await admin.deleteCategory(app.ctx, req.params.id);
      return { message: 'DELETED' };
    },
  );
}

export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  publicArticleRoutes(app);

  articleAdminRoutes(app);

  articleCategoryRoutes(app);

  app.get(
    '/api/files/articles/:folder/:file',
    {
      schema: {
        tags,
        summary: 'Een foto van een artikel of flyer (openbaar)',
        description: 'AVIF, WebP of JPEG; de naam verandert bij elke nieuwe foto, dus een jaar te cachen (immutable).',
        params: z.object({ folder: z.string().max(64), file: z.string().max(32) }),
      },
    },
    async (req, reply) => {
      const found = publicImageKey(req.params.folder, req.params.file);
      const data = found && (await app.ctx.files.get(found.key));
      if (!found || !data) throw notFound(MSG.notFound);
      return reply.header('Content-Type', found.contentType).header('Cache-Control', 'public, max-age=31536000, immutable').send(data);
    },
  );
};
