import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountSchema } from '@umrah/domain';
import { messageAnswer } from '@umrah/domain/contracts';
import { currentUser } from '../../lib/auth.ts';
import { guardedRoutes, limit } from '../../lib/routes.ts';
import * as service from './service.ts';

const tags = ['privacy'];
const { signedIn } = guardedRoutes(tags);

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Both routes act on the caller's own account: signed in, and few calls per client. */
  const ownAccount = <S extends object>(schema: S) => ({ ...signedIn(schema), config: limit(5) });

  app.get(
    '/api/user/export',
    ownAccount({ summary: 'Mijn gegevens downloaden (JSON): account, bestellingen, facturen en eigen visumgegevens' }),
    async (req, reply) => {
      const data = await service.exportOwnData(app.ctx, currentUser(req));
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="mijn-gegevens-${currentUser(req).id}.json"`)
        .send(data);
    },
  );

  app.delete(
    '/api/user',
    ownAccount({
      summary: 'Eigen account verwijderen: persoonsgegevens geanonimiseerd, bestellingen bewaard (7 jaar, boekhouding)',
      body: deleteAccountSchema,
      response: { 200: messageAnswer },
    }),
    async (req) => {
      await service.deleteOwnAccount(app.ctx, currentUser(req), req.body?.password);
      return { message: service.PRIVACY_MSG.deleted };
    },
  );
};
