import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProductsQuery, productInputSchema, productListInputSchema, publicProductsQuery, type Region } from '@umrah/domain';
import { productDeletedContract, productListContract, productSavedContract, productsCreatedContract } from '@umrah/domain/contracts';
import { guardedRoutes, idParamsSchema as idParams, type RouteApp } from '../../lib/routes.ts';
import { actorOf, audited } from '../../lib/audit.ts';
import * as service from './service.ts';
import { sendCatalog } from '../../infra/http/catalog-cache.ts';

const tags = ['products'];
const { adminOnly } = guardedRoutes(tags);

/** The public catalogs: cached JSON per region, sent as bytes with an ETag. */
function catalogRoutes(app: RouteApp): void {
  const catalogs = [
    {
      url: '/api/products',
      summary: 'Alle actieve producten van een regio (standaard NL)',
      description: 'Antwoord { products: Product[] }, met ETag; If-None-Match geeft 304.',
      load: service.publicCatalog,
    },
    {
      url: '/api/products_within_halfyear',
      summary: 'Actieve producten van een regio die vanaf vandaag binnen zes maanden vertrekken',
      description: undefined,
      load: (ctx: typeof app.ctx, region: Region) => service.halfYearCatalog(ctx, region),
    },
  ];
  for (const c of catalogs) {
    app.get(
      c.url,
      { schema: { tags, summary: c.summary, description: c.description, querystring: publicProductsQuery, response: { 200: productListContract } } },
      async (req, reply) => sendCatalog(req, reply, await c.load(app.ctx, req.query.region)),
    );
  }
}

/** The office's products: listed, made, changed, deleted. */
function productAdminRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/products',
    adminOnly({
      summary: 'Alle producten (ook inactieve) voor de beheerder, te filteren op regio en te zoeken op label',
      querystring: adminProductsQuery,
      response: { 200: productListContract },
    }),
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { products: await service.adminList(app.ctx, req.query.region, req.query.q) };
    },
  );

  app.post(
    '/api/products',
    adminOnly({
      summary: 'Maakt producten aan uit een JSON-lijst: alles of niets',
      body: productListInputSchema,
      response: { 201: productsCreatedContract },
    }),
    async (req, reply) => {
      const created = await audited(
        app.ctx.db,
        actorOf(req),
        { action: 'product.create', table: 'products', created: (list) => list.map((p) => p.id) },
        () => service.createProducts(app.ctx, req.body),
      );
      return reply.status(201).send({ message: service.PRODUCT_TEXT.created, products: created });
    },
  );

  app.put(
    '/api/product/:id',
    adminOnly({
      summary: 'Wijzigt een product; antwoordt message UPDATED',
      params: idParams,
      body: productInputSchema,
      response: { 200: productSavedContract },
    }),
    async (req) => ({
      message: service.PRODUCT_TEXT.updated,
      product: await audited(app.ctx.db, actorOf(req), { action: 'product.update', table: 'products', id: req.params.id }, () =>
        service.updateProduct(app.ctx, req.params.id, req.body),
      ),
    }),
  );

  app.delete(
    '/api/product/:id',
    adminOnly({
      summary: 'Verwijdert een product',
      description:
        'Lesproducten (type 11-14) en de producten 1 en 999 worden geweigerd (409). Een product waar bestellingen naar ' +
        'verwijzen wordt niet verwijderd maar gedeactiveerd (antwoord deactivated: true).',
      params: idParams,
      response: { 200: productDeletedContract },
    }),
    async (req) => {
      const { deactivated } = await audited(app.ctx.db, actorOf(req), { action: 'product.delete', table: 'products', id: req.params.id }, () =>
        service.deleteProduct(app.ctx, req.params.id),
      );
      return {
        message: deactivated ? service.PRODUCT_TEXT.deactivated : service.PRODUCT_TEXT.deleted,
        deactivated,
      };
    },
  );
}

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // The public catalogs: cached JSON per region, sent as bytes with an ETag.
  catalogRoutes(app);

  productAdminRoutes(app);
};
