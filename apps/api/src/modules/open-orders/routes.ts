import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPEN_MSG, openOrdersQuerySchema, openRemindSchema } from '@umrah/domain';
import { openOrdersContract, openRemindedContract } from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { guardedRoutes, limit } from '../../lib/routes.ts';
import { exportOpenOrders, openOrders, OPEN_LIST_LIMIT, remindOpenOrders } from './service.ts';

// The dashboard's 'Openstaand' view (docs/OFFICE.md). Reading and exporting is for staff (the bookkeeper
// reads too); sending reminders is for admins.

const tags = ['orders'];
const { adminOnly, staffOnly } = guardedRoutes(tags);

const FILTERS =
  '?trip=YYYY-MM-DD (vertrekdag), ?status=1|0|8 (lead, in behandeling, aanbetaald), ?within=N (betaaltermijn binnen N dagen, verstreken termijnen inbegrepen), ' +
  '?sort=open|deadline|departure (standaard deadline), ?dir=asc|desc. Alleen bestellingen die nog betaald kunnen worden met een openstaand bedrag.';

export const openOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  // An export reads every open order: a handful per minute is plenty for a person.
  const exportLimit = limit(30);

  app.get(
    '/api/admin/orders/open',
    staffOnly({
      summary: 'Openstaand: bestellingen met een openstaand bedrag over alle reizen, met totalen (admin en boekhouder)',
      description: `${FILTERS} Hoogstens ${OPEN_LIST_LIMIT} rijen (truncated: true als er meer zijn); de totalen tellen alle. Bedragen in centen.`,
      querystring: openOrdersQuerySchema,
      response: { 200: openOrdersContract },
    }),
    async (req) => openOrders(app.ctx, req.query),
  );

  for (const format of ['xlsx', 'csv'] as const) {
    app.get(
      `/api/admin/orders/open.${format}`,
      {
        ...staffOnly({
          summary: `Openstaand als ${format.toUpperCase()}: dezelfde lijst met totaalregel (admin en boekhouder; audit log)`,
          description: `${FILTERS} ${format === 'csv' ? 'CSV: UTF-8 met BOM, ";" en decimale komma.' : 'XLSX: bedragen als getallen, datums als datum.'}`,
          querystring: openOrdersQuerySchema,
        }),
        config: exportLimit,
      },
      async (req, reply) => {
        const file = await exportOpenOrders(app.ctx, currentUser(req), req.query, format, req.actingAdminId);
        return reply
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .type(file.contentType)
          .send(file.body);
      },
    );
  }

  app.post(
    '/api/admin/orders/open/remind',
    adminOnly({
      summary: 'Betalingsherinnering naar een selectie bestellingen (admin): elke bestelling apart, al betaalde overgeslagen met een reden',
      description:
        'Body { orders: [id, … hoogstens 25], amount_sent: 0-4 } (0 verzoek, 1-3 herinnering, 4 annulering; logtype 6 + amount_sent). Per bestelling de mail en de logregel ' +
        "in één transactie, zoals POST /api/order/remind/payments. 200 { status:'success', message, sent: [{ order_id, type }], skipped: [{ order_id, reason }] }.",
      body: openRemindSchema,
      response: { 200: openRemindedContract },
    }),
    async (req) => {
      const result = await remindOpenOrders(app.ctx, currentUser(req), req.body.orders, req.body.amount_sent);
      return { status: 'success', message: OPEN_MSG.sent(result.sent.length, result.skipped.length), ...result };
    },
  );
};
