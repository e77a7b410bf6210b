import type { FastifyPluginAsync } from 'fastify';
import { articleRoutes } from './articles/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { crowdfundRoutes } from './crowdfunds/routes.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { quickEditRoutes } from './orders/quick-edit.ts';
import { orderRoutes } from './orders/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { productRoutes } from './products/routes.ts';
import { reminderRoutes } from './reminders/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { userRoutes } from './users/routes.ts';
import { tripRoutes } from './trips/routes.ts';
import { visaRoutes } from './visa/routes.ts';
import { voucherRoutes } from './vouchers/routes.ts';

/** Every feature module registers its routes here. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(privacyRoutes);
  await app.register(paymentRoutes);
  await app.register(productRoutes);
  await app.register(crowdfundRoutes);
  await app.register(voucherRoutes);
  await app.register(orderRoutes);
  await app.register(quickEditRoutes);
  await app.register(invoiceRoutes);
  await app.register(articleRoutes);
  await app.register(contactRoutes);
  await app.register(visaRoutes);
  await app.register(tripRoutes);
  await app.register(reminderRoutes);
};
