import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VOUCHER_MSG, requestVoucherSchema, voucherSchema, vouchersFromLabelSchema, vouchersQuery } from '@umrah/domain';
import { messageAnswer, voucherAnswerContract, voucherListContract, vouchersPageContract } from '@umrah/domain/contracts';
import { guardedRoutes, idParamsSchema, limit, type RouteApp, limitedRoute } from '../../lib/routes.ts';
import { actorOf, audited } from '../../lib/audit.ts';
import { limitCodeLookups } from './guessing.ts';
import * as service from './service.ts';

const tags = ['vouchers'];
const { adminOnly } = guardedRoutes(tags);

/** Vouchers asked for by customers and made from a label. */
function voucherRequestRoutes(app: RouteApp): void {
  app.post(
    '/api/requestVoucher',
    limitedRoute(
      {
        tags,
        summary: 'Kortingscode opvragen voor de winkelwagen',
        description:
          "404 'Deze kortingscode bestaat niet.', 400 'Kortingscode is verlopen.'; met discounts + items ook 'Kortingscode kan niet vaker worden gebruikt.', met products ook de productgebonden regel. Per adres hoogstens 10 verschillende codes per minuut zonder inloggen (30 ingelogd), samen met vouchers_from_label; daarna 429 met Retry-After.",
        body: requestVoucherSchema,
        response: { 200: voucherAnswerContract },
      },
      limit(20),
    ),
    async (req, reply) => {
      await limitCodeLookups(req, reply, [req.body.label]);
      return { message: VOUCHER_MSG.applied, voucher: service.toVoucherDto(await service.requestVoucher(app.ctx, req.body)) };
    },
  );

  app.post(
    '/api/vouchers_from_label',
    limitedRoute(
      {
        tags,
        summary: 'De kortingscodes bij een lijst labels (onbekende labels ontbreken in het antwoord)',
        description:
          'Hoogstens 10 labels. Per adres hoogstens 10 verschillende codes per minuut zonder inloggen (30 ingelogd), samen met requestVoucher; daarna 429 met Retry-After.',
        body: vouchersFromLabelSchema,
        response: { 200: voucherListContract },
      },
      limit(60),
    ),
    async (req, reply) => {
      await limitCodeLookups(req, reply, req.body.discounts);
      return { vouchers: (await service.vouchersByLabels(app.ctx.db, req.body.discounts)).map(service.toVoucherDto) };
    },
  );
}

/** The office's vouchers: listed, made, deleted. */
function voucherAdminRoutes(app: RouteApp): void {
  app.get(
    '/api/vouchers',
    adminOnly({
      summary: 'Kortingscodes (admin), nieuwste eerst',
      querystring: vouchersQuery,
      response: { 200: vouchersPageContract },
    }),
    async (req) => {
      const { rows, total } = await service.listVouchers(app.ctx, req.query.q, req.query.page, req.query.pageSize);
      return { vouchers: rows.map(service.toVoucherDto), total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  app.post(
    '/api/voucher',
    adminOnly({
      summary: "Kortingscode toevoegen (bedrag in centen, vervaldatum 'YYYY-MM-DD HH:mm:ss'); wordt actief aangemaakt",
      body: voucherSchema,
      response: { 201: voucherAnswerContract },
    }),
    async (req, reply) => {
      const row = await audited(app.ctx.db, actorOf(req), { action: 'voucher.create', table: 'vouchers', created: (v) => [v.id] }, () =>
        service.createVoucher(app.ctx, req.body),
      );
      return reply.status(201).send({ message: VOUCHER_MSG.created(row.label), voucher: service.toVoucherDto(row) });
    },
  );

  app.delete(
    '/api/voucher/:id',
    adminOnly({
      summary: "Kortingscode verwijderen ('kid-without-bed' kan niet)",
      params: idParamsSchema,
      response: { 200: messageAnswer },
    }),
    async (req) => {
      await audited(app.ctx.db, actorOf(req), { action: 'voucher.delete', table: 'vouchers', id: req.params.id }, () =>
        service.deleteVoucher(app.ctx, req.params.id),
      );
      return { message: VOUCHER_MSG.deleted };
    },
  );
}

export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the cart is used before logging in. Rate-limited per request, and per code looked up
  // (guessing.ts), so codes cannot be guessed in bulk.
  voucherRequestRoutes(app);

  voucherAdminRoutes(app);
};
