import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_MSG, ORDER_MSG, adminOrdersQuery, amountToPay, orderSchema } from '@umrah/domain';
import {
  adminOrdersPageContract,
  cancelAnswerContract,
  myOrdersContract,
  orderAnswerContract,
  orderLogsContract,
  orderPreviewContract,
  orderSavedContract,
} from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { AppError, dbErrorToAppError } from '../../lib/errors.ts';
import { guardedRoutes, idParams, idParamsSchema, limit, optionalUser, type RouteApp } from '../../lib/routes.ts';
import { cancelOrder } from './cancel.ts';
import * as service from './service.ts';

const tags = ['orders'];
const { adminOnly, signedIn, staffOnly } = guardedRoutes(tags);

const actorOf = (req: FastifyRequest): service.Actor => ({
  user: currentUser(req),
  actingAdminId: req.actingAdminId,
  idempotencyKey: req.idempotency?.key,
});

/** Known rules keep their own message; anything unexpected gets the spec's order failure text. */
async function orderWrite<T>(req: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Input the database refused is the client's fault (4xx), not a failed order.
    const fromDb = dbErrorToAppError(err);
    if (fromDb) throw fromDb;
    req.log.error(err, 'order write failed');
    throw new AppError(500, ORDER_MSG.failed);
  }
}

/** An order placed. */
function orderPlaceRoutes(app: RouteApp): void {
  app.post(
    '/api/order',
    {
      ...signedIn({
        summary: 'Bestelling plaatsen (status LEAD); de server berekent alle bedragen en neemt de voorraad',
        description:
          "201 { status:'success', message:'Bestelling succesvol aangemaakt.', order }. 400 regels (Nederlandse tekst), 403 voor een ander bestellen zonder admin, 409 uitverkocht of meer onbetaalde kamers/plaatsen dan toegestaan (UNPAID_ROOMS_PER_ACCOUNT, UNPAID_PLACES_PER_TRIP). Een bestelling van € 0 is meteen voltooid (status 2).",
        body: orderSchema,
        response: { 201: orderSavedContract },
      }),
      config: {
        ...limit(30, '1 minute', 'batched'),
        // A repeated Idempotency-Key gets the first answer; after a crash, the order placed with the key.
        idempotency: {
          recover: async (req, key) => {
            const order = await service.orderPlacedWithKey(app.ctx, actorOf(req), key);
            return order && { statusCode: 201, body: { status: 'success', message: ORDER_MSG.created, order } };
          },
        },
      },
    },
    async (req, reply) => {
      const order = await orderWrite(req, () => service.createOrder(app.ctx, actorOf(req), req.body));
      return reply.status(201).send({ status: 'success', message: ORDER_MSG.created, order });
    },
  );
}

/** An order previewed and changed. */
function orderChangeRoutes(app: RouteApp): void {
  app.post(
    '/api/order/preview',
    {
      schema: {
        tags,
        summary: 'Prijs van een winkelwagen berekenen zonder te bestellen (zelfde regels en payload als POST /api/order)',
        body: orderSchema,
        response: { 200: orderPreviewContract },
      },
      onRequest: optionalUser,
      config: limit(120),
    },
    async (req) => {
      const priced = await orderWrite(req, () => service.previewOrder(app.ctx, req.user ? actorOf(req) : null, req.body));
      return {
        lines: priced.lines.map((l) => ({
          kind: l.kind,
          product_id: l.productId,
          label: l.label,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          total: l.total,
          room: l.room ?? null,
          guest: l.guest ?? null,
        })),
        subtotal: priced.subtotal,
        discount_total: priced.discountTotal,
        donation_total: priced.donationTotal,
        total_price: priced.total,
        discounts: priced.discounts,
        amount_to_pay: req.body.flex.pay_partly ? amountToPay(priced.total, 50) : priced.total,
        down_payment_allowed: priced.downPaymentProblem === null,
        down_payment_message: priced.downPaymentProblem,
      };
    },
  );

  app.post(
    '/api/order/:id',
    {
      ...signedIn({
        summary: 'Eigen LEAD/PENDING-bestelling wijzigen (admin: elke niet-geannuleerde); zelfde payload als POST /api/order',
        description:
          'De klant: alleen zolang er niets betaald is en er geen betaling openstaat bij de betaalprovider (eerst wordt de provider gevraagd), anders 409; ook de grenzen voor onbetaalde kamers en plaatsen gelden (409). Een betaling die toch voor de oude bestelling binnenkomt, wordt geboekt en gemarkeerd voor controle.',
        params: idParamsSchema,
        body: orderSchema,
        response: { 200: orderSavedContract },
      }),
      // The same edit again changes nothing more, so a claim lost in a crash may simply run again.
      config: { ...limit(30, '1 minute', 'batched'), idempotency: {} },
    },
    async (req) => {
      const order = await orderWrite(req, () => service.updateOrder(app.ctx, actorOf(req), req.params.id, req.body));
      return { status: 'success', message: ORDER_MSG.updated, order };
    },
  );
}

/** Orders read and cancelled: one's own, one order, its log and the office's list. */
function orderReadRoutes(app: RouteApp): void {
  app.get('/api/orders', signedIn({ summary: 'Eigen bestellingen, nieuwste eerst', response: { 200: myOrdersContract } }), async (req) => ({
    orders: await service.ownOrders(app.ctx, actorOf(req)),
  }));

  app.get(
    '/api/order/:id',
    signedIn({
      summary: 'Eén bestelling (eigen, of elke voor admin en boekhouder)',
      params: idParamsSchema,
      response: { 200: orderAnswerContract },
    }),
    async (req) => ({ order: await service.getOrder(app.ctx, actorOf(req), req.params.id) }),
  );

  app.post(
    '/api/order/cancel/:id',
    adminOnly({
      summary: 'Bestelling annuleren (admin): status CANCELLED, plaatsen terug in de voorraad, annuleringsmail met creditnota',
      description:
        'Met een betaling gaat de creditfactuur (betalingen dekken het totaal) of de creditnota aanbetaling mee als bijlage. Een tweede keer annuleren verandert niets (changed: false). 409 als de status niet naar geannuleerd mag (terugbetaald, geweigerd).',
      params: idParams(DOCUMENT_MSG.orderNotFound),
      response: { 200: cancelAnswerContract },
    }),
    async (req) => {
      const result = await cancelOrder(app.ctx, currentUser(req), req.params.id, req.log);
      return {
        status: 'success',
        message: result.changed ? DOCUMENT_MSG.cancelled : DOCUMENT_MSG.alreadyCancelled,
        ...result,
      };
    },
  );

  app.get(
    '/api/order/:id/logs',
    staffOnly({
      summary: 'Logboek van een bestelling (medewerkers: admin en boekhouder), oudste eerst',
      description:
        '{ logs: [{ id, order_id, type, message, user_executed_mail, created_at }] }. type 0 = notitie (aangemaakt, betaald, betaling toegevoegd/gewijzigd/verwijderd, gewijzigd, geannuleerd, lead verlopen ...), 1-5 documentherinneringen, 6-10 betalingsherinneringen. 404 voor een onbekende bestelling.',
      params: idParamsSchema,
      response: { 200: orderLogsContract },
    }),
    async (req) => ({ logs: await service.orderLogs(app.ctx, req.params.id) }),
  );

  app.get(
    '/api/admin/orders',
    // Reading is for staff: the bookkeeper sees orders read-only (docs/RULES.md, 'Roles').
    staffOnly({
      summary: 'Bestellingen (admin en boekhouder): zoeken op ordernummer, email of naam; ?products=1,2; leads apart',
      querystring: adminOrdersQuery,
      response: { 200: adminOrdersPageContract },
    }),
    async (req) => {
      const result = await service.adminOrders(app.ctx, req.query);
      return { ...result, page: req.query.page, pageSize: req.query.pageSize };
    },
  );
}

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  orderPlaceRoutes(app);

  // Registered before /api/order/:id; find-my-way prefers the static path anyway.
  orderChangeRoutes(app);

  orderReadRoutes(app);
};
