import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProductsQuery, productInputSchema, productListInputSchema, publicProductsQuery, type Region } from '@umrah/domain';
import { productDeletedContract, productListContract, productSavedContract, productsCreatedContract } from '@umrah/domain/contracts';
import { guardedRoutes, idParamsSchema as idParams } from '../../lib/routes.ts';
import { products } from '../../db/schema.ts';
import { actorOf, audited } from '../../lib/audit.ts';
import * as service from './service.ts';
import type { CatalogEntry } from './service.ts';

const tags = ['products'];
const { adminOnly } = guardedRoutes(tags);

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** True when the client's If-None-Match names this ETag (weak comparison, a list and * allowed). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const mine = opaque(etag);
  return header.split(',').some((t) => opaque(t) === mine);
}

/** Whether Accept-Encoding offers a coding (and does not refuse it with q=0). */
function accepts(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header || !header.includes(coding)) return false;
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().split(';');
    return name.trim() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** Sends cached catalog JSON as it is: no serialization, no database, 304 when the client has it. */
export function sendCatalog(req: FastifyRequest, reply: FastifyReply, entry: CatalogEntry) {
  // no-cache: the browser keeps a copy but asks again each time, so a saved product shows at once.
  reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const acceptEncoding = req.headers['accept-encoding'];
  if (accepts(acceptEncoding, 'br')) return reply.header('content-encoding', 'br').send(entry.br);
  if (accepts(acceptEncoding, 'gzip')) return reply.header('content-encoding', 'gzip').send(entry.gzip);
  return reply.send(entry.body);
}

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // The public catalogs: cached JSON per region, sent as bytes with an ETag.
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
        { action: 'product.create', table: products, created: (list) => list.map((p) => p.id) },
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
      product: await audited(app.ctx.db, actorOf(req), { action: 'product.update', table: products, id: req.params.id }, () =>
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
      const { deactivated } = await audited(app.ctx.db, actorOf(req), { action: 'product.delete', table: products, id: req.params.id }, () =>
        service.deleteProduct(app.ctx, req.params.id),
      );
      return {
        message: deactivated ? service.PRODUCT_TEXT.deactivated : service.PRODUCT_TEXT.deleted,
        deactivated,
      };
    },
  );
};
