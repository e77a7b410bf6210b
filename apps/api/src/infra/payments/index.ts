import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createMollieProvider } from './mollie.ts';
import { createPaynlProvider } from './paynl.ts';
import { createSimulatorProvider } from './simulator.ts';
import type { PaymentProvider } from './types.ts';

export * from './types.ts';
export { simulatorRoutes } from './simulator.ts';

/** The provider PAYMENT_PROVIDER selects (simulator by default). */
export function createPaymentProvider(ctx: Pick<AppContext, 'config' | 'db'>): PaymentProvider {
  const { payments, publicUrl } = ctx.config;
  switch (payments.provider) {
    case 'paynl':
      return createPaynlProvider(payments.paynl);
    case 'mollie':
      return createMollieProvider(payments.mollie);
    default:
      return createSimulatorProvider(ctx.db, publicUrl);
  }
}

const providers = new WeakMap<object, PaymentProvider>();
/** One provider per app context, made on first use (the routes and the scheduler share it). */
export function providerFor(ctx: Pick<AppContext, 'config' | 'db'>): PaymentProvider {
  let p = providers.get(ctx);
  if (!p) {
    p = createPaymentProvider(ctx);
    providers.set(ctx, p);
  }
  return p;
}
/** One provider per app, made on first use. */
export const paymentProvider = (app: FastifyInstance): PaymentProvider => providerFor(app.ctx);

/**
 * Providers post form-encoded bodies (the simulator page, Mollie's webhook, PAY.'s legacy exchange).
 * Registered inside the payments plugin only, unless the app already parses them.
 */
export function acceptFormBodies(app: FastifyInstance) {
  const type = 'application/x-www-form-urlencoded';
  if (app.hasContentTypeParser(type)) return;
  app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
