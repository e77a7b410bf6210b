import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptFormBodies, simulatorRoutes } from '../../infra/payments/index.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  // The built-in provider's hosted page; it answers only for payments the simulator made.
  await app.register(simulatorRoutes);
};
