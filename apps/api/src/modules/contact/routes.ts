import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSchema } from '@umrah/domain';
import { messageAnswer } from '@umrah/domain/contracts';
import { limit } from '../../lib/routes.ts';
import { sendContact } from './service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Form-encoded bodies (docs/RULES.md, 'Calls') are parsed in this plugin only.
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Contactformulier (form-encoded of JSON, met ALTCHA-oplossing in `altcha`)',
        description: 'Zet een mail naar het kantoor en een bevestiging naar de afzender in de outbox.',
        body: contactSchema,
        response: { 200: messageAnswer },
      },
      // A repeated Idempotency-Key (a retry after a lost answer) sends no second mail.
      config: { ...limit(5), idempotency: {} },
    },
    async (req) => sendContact(app.ctx, req.body),
  );
};
