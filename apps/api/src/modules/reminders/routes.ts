import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentReminderSchema, paymentRemindersSchema } from '@umrah/domain';
import { documentReminderSentContract, orderRemindersContract, paymentRemindersSentContract } from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { guardedRoutes, idParamsSchema } from '../../lib/routes.ts';
import type { DocumentStep } from './mails.ts';
import * as service from './service.ts';

const tags = ['reminders'];
const { adminOnly } = guardedRoutes(tags);

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/order/remind/documents',
    adminOnly({
      summary: 'Documentherinnering naar de klant (admin): type 1 verzoek, 2 eerste, 3 tweede herinnering, 4 annulering',
      description:
        "{ status:'success', message, order_id, type }. Mail met de link naar /visum/invoeren/{id} en een logregel met het email van de admin. 409 als de bestelling niet (aan)betaald is of alle documenten er al zijn.",
      body: documentReminderSchema,
      response: { 200: documentReminderSentContract },
    }),
    async (req) => {
      const sent = await service.sendDocumentReminder(app.ctx, currentUser(req), req.body.order_id, req.body.type as DocumentStep);
      return { status: 'success', message: service.REMINDER_MSG.sent, ...sent };
    },
  );

  app.post(
    '/api/order/remind/payments',
    adminOnly({
      summary: 'Betalingsherinnering naar de klanten van één of meer bestellingen (admin): amount_sent 0 verzoek, 1-3 herinnering, 4 annulering',
      description:
        "{ status:'success', message, sent: [{ order_id, type }] } met logtype 6-10. Alles of niets: 404 onbekende bestelling, 409 als een bestelling niet meer betaald kan worden of niets open heeft.",
      body: paymentRemindersSchema,
      response: { 200: paymentRemindersSentContract },
    }),
    async (req) => {
      const sent = await service.sendPaymentReminders(app.ctx, currentUser(req), req.body.orders, req.body.amount_sent);
      return { status: 'success', message: sent.length === 1 ? service.REMINDER_MSG.sent : service.REMINDER_MSG.sentMany(sent.length), sent };
    },
  );

  app.get(
    '/api/order/:id/reminders',
    adminOnly({
      summary: 'Herinneringen van een bestelling (admin): per soort de stappen met wat verstuurd is, de volgende stap en de logregels',
      params: idParamsSchema,
      response: { 200: orderRemindersContract },
    }),
    async (req) => service.orderReminders(app.ctx, req.params.id),
  );
};
