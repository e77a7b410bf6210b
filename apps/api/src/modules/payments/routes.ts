import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_MSG, idParam, manualPaymentSchema, paymentsQuery, preparePaymentSchema, startPaymentSchema } from '@umrah/domain';
import { acceptFormBodies, paymentProvider, simulatorRoutes } from '../../infra/payments/index.ts';
import { paymentCheckContract, paymentDeletedContract, paymentSavedContract, paymentsPageContract, transactionAnswer } from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { guardedRoutes, idParams as idParamsOf, limit } from '../../lib/routes.ts';
import { userActor } from '../../lib/order-log.ts';
import { actorOf, audited } from '../../lib/audit.ts';
import * as service from './service.ts';

const tags = ['payments'];
const { adminOnly, signedIn, staffOnly } = guardedRoutes(tags);
const idParams = idParamsOf(PAYMENT_MSG.notFound);
const orderParams = z.object({ orderId: idParam(PAYMENT_MSG.orderNotFound) });

type App = Parameters<FastifyPluginAsyncZod>[0];

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each of these calls the provider: bounded per client so nobody can make us hammer it.
  acceptFormBodies(app);
  // Providers may post the exchange in any format; it is never read, so no format is refused.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, _body, done) => done(null, undefined));
  // The built-in provider's hosted page; it answers only for payments the simulator made.
  await app.register(simulatorRoutes);
  startRoutes(app);
  exchangeRoutes(app);
  manualRoutes(app);
};

/** Starting a provider payment: the customer's checkout and 'Mijn bestellingen', staff's pin. */
function startRoutes(app: App) {
  app.post(
    '/api/payment/:orderId',
    {
      ...signedIn({
        summary: 'Start een betaling bij de betaalprovider (trans none: afrekenen door de klant; pin/other: door medewerkers)',
        description:
          'Het bedrag bepaalt de server: 50 % of 100 % van het totaal (flex.pay_partly van de bestelling), of het openstaande restant zodra er al betaald is. Medewerkers mogen met trans pin/other een lager bedrag (in centen) vragen.',
        params: orderParams,
        body: startPaymentSchema,
        response: { 200: transactionAnswer },
      }),
      // A repeated Idempotency-Key gets the first payment's link, not a second payment at the provider.
      config: { ...limit(60, '1 minute', 'batched'), idempotency: {} },
    },
    async (req) => {
      const { trans, amount } = req.body;
      const started = await service.startPayment(app.ctx, paymentProvider(app), currentUser(req), req.params.orderId, {
        trans,
        amount,
      });
      return { transaction: started };
    },
  );

  app.post(
    '/api/payment/prepare',
    {
      ...signedIn({
        summary: "Bereid een betaling voor vanuit 'Mijn bestellingen' (id, percent_to_pay 50|100, flex)",
        description: 'Zonder eerdere betaling 50 % of 100 % van het totaal; met een eerdere betaling altijd het restant.',
        body: preparePaymentSchema,
        response: { 200: transactionAnswer },
      }),
      // A repeated Idempotency-Key gets the first payment's link, not a second payment at the provider.
      config: { ...limit(60, '1 minute', 'batched'), idempotency: {} },
    },
    async (req) => {
      const started = await service.startPayment(app.ctx, paymentProvider(app), currentUser(req), req.body.id, {
        trans: 'none',
        percent: req.body.percent_to_pay,
        flex: req.body.flex ?? null,
      });
      return { transaction: started };
    },
  );
}

/** What the provider reports: its exchange (webhook) and the return page's check. */
function exchangeRoutes(app: App) {
  // The provider's exchange (webhook): public, its body is never read; the status comes from the provider.
  const exchange = async (id: number) => {
    const result = await service.processExchange(app.ctx, paymentProvider(app), id);
    return result.known ? `TRUE|${result.state}` : 'TRUE|unknown';
  };
  app.post(
    '/api/payment/exchange/:id',
    {
      schema: { tags, summary: 'Exchange/webhook van de betaalprovider; de status wordt bij de provider opgevraagd', params: idParams },
      config: limit(300),
    },
    async (req, reply) => reply.type('text/plain').send(await exchange(req.params.id)),
  );
  app.get(
    '/api/payment/exchange/:id',
    { schema: { tags, summary: 'Exchange van de betaalprovider (GET-variant)', params: idParams }, config: limit(300) },
    async (req, reply) => reply.type('text/plain').send(await exchange(req.params.id)),
  );

  app.post(
    '/api/payment/check/:orderId',
    {
      ...signedIn({
        summary: 'Vraag openstaande betalingen van een bestelling na bij de provider en geef de status terug',
        params: orderParams,
        response: { 200: paymentCheckContract },
      }),
      config: limit(60, '1 minute', 'batched'),
    },
    async (req) => service.checkOrderPayment(app.ctx, paymentProvider(app), currentUser(req), req.params.orderId),
  );
}

function manualRoutes(app: App) {
  // Manual payments (cash, bank transfer, pin): admins book them; the bookkeeper reads them only
  // (docs/RULES.md, 'Roles': read-only Betalingen), so a bookkeeper gets 403 on POST, PUT and DELETE.
  app.get(
    '/api/payments',
    staffOnly({
      querystring: paymentsQuery,
      response: { 200: paymentsPageContract },
    }),
    async (req) => {
      const { payments, total } = await service.listPayments(app.ctx, req.query);
      return { payments, total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  app.post('/api/payment', adminOnly({ body: manualPaymentSchema, response: { 201: paymentSavedContract } }), async (req, reply) => {
    const result = await audited(app.ctx.db, actorOf(req), { action: 'payment.create', table: 'payments', created: (r) => [r.payment.id] }, () =>
      service.createManualPayment(app.ctx, req.body, userActor(currentUser(req), req.actingAdminId)),
    );
    return reply.status(201).send({ message: PAYMENT_MSG.created, ...result });
  });

  app.put(
    '/api/payment/:id',
    adminOnly({
      description: 'Betalingen van de betaalprovider kunnen niet worden gewijzigd (409).',
      params: idParams,
      body: manualPaymentSchema,
      response: { 200: paymentSavedContract },
    }),
    async (req) => ({
      message: PAYMENT_MSG.updated,
      ...(await audited(app.ctx.db, actorOf(req), { action: 'payment.update', table: 'payments', id: req.params.id }, () =>
        service.updatePayment(app.ctx, req.params.id, req.body, userActor(currentUser(req), req.actingAdminId)),
      )),
    }),
  );

  app.delete(
    '/api/payment/:id',
    adminOnly({
      description: 'Alleen contant en bankoverschrijving; betalingen van de betaalprovider nooit (409).',
      params: idParams,
      response: { 200: paymentDeletedContract },
    }),
    async (req) => ({
      message: PAYMENT_MSG.deleted,
      ...(await audited(app.ctx.db, actorOf(req), { action: 'payment.delete', table: 'payments', id: req.params.id }, () =>
        service.deletePayment(app.ctx, req.params.id, userActor(currentUser(req), req.actingAdminId)),
      )),
    }),
  );
}
