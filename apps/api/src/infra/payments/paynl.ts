import type { PaymentsConfig } from '../../config.ts';
import { PaymentProviderError } from './types.ts';
import type { CreatePaymentInput, CreatedPayment, PaymentProvider, PaymentState, ProviderPaymentStatus } from './types.ts';

/**
 * PAY. (pay.nl) through its REST Order API: POST /v1/orders creates the order and answers with
 * links.redirect (the hosted payment page); GET /v1/orders/{id}/status gives status.code.
 * PAY. has no official Node SDK, so this is plain fetch.
 */

/**
 * PAY.'s status codes (developer docs, "Transaction statuses"): 100 PAID; 20/25/50/90/98 pending,
 * 75/76 confirmed, 80 partial, 85 verify, 95 authorize and 97 partly captured are not (yet) money
 * received; -80 expired; -90/-61/-64 cancelled or voided; -60/-63/-51 failed or denied. Refunds and
 * chargebacks (-70..-82) come after a payment: the shop never un-books on its own, so they count as
 * cancelled here and staff handle the refund.
 */
export function paynlState(code: number): PaymentState {
  if (code === 100) return 'paid';
  if (code === -80) return 'expired';
  if (code === -60 || code === -63 || code === -51) return 'failed';
  if (code < 0) return 'cancelled';
  return 'pending';
}

interface PaynlOrder {
  id?: string;
  orderId?: string;
  status?: { code?: number; action?: string };
  amount?: { value?: number; currency?: string };
  links?: { redirect?: string; checkout?: string; status?: string };
}

export function createPaynlProvider(cfg: PaymentsConfig['paynl'], fetchImpl: typeof fetch = fetch): PaymentProvider {
  // AT-code:API token works for every sales location of the merchant; SL-code:secret for one.
  const [user, password] = cfg.tokenCode && cfg.apiToken ? [cfg.tokenCode, cfg.apiToken] : [cfg.serviceId ?? '', cfg.serviceSecret ?? ''];
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaynlOrder> {
    let res: Response;
    try {
      res = await fetchImpl(`${cfg.apiUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new PaymentProviderError('paynl', `${method} ${path}: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new PaymentProviderError('paynl', `${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as PaynlOrder;
    } catch {
      throw new PaymentProviderError('paynl', `${method} ${path}: unreadable answer`);
    }
  }

  return {
    name: 'paynl',
    // iDEAL, Bancontact and card payments end well within the hour at PAY.
    paymentExpiryMinutes: 60,
    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const order = await call('POST', '/orders', {
        serviceId: cfg.serviceId,
        amount: { value: input.amount, currency: 'EUR' },
        // PAY. shows at most 32 characters on the payer's statement.
        description: input.description.slice(0, 32),
        // The reference may hold letters and digits only.
        reference: input.reference.replace(/[^A-Za-z0-9]/g, '').slice(0, 64),
        returnUrl: input.returnUrl,
        exchangeUrl: input.exchangeUrl,
        integration: { test: cfg.testMode },
      });
      const paymentUrl = order.links?.redirect ?? order.links?.checkout;
      if (!order.id || !paymentUrl) throw new PaymentProviderError('paynl', 'create: answer without id or links.redirect');
      return { providerRef: order.id, paymentUrl };
    },
    async status(providerRef: string): Promise<ProviderPaymentStatus> {
      const order = await call('GET', `/orders/${encodeURIComponent(providerRef)}/status`);
      const code = order.status?.code;
      if (typeof code !== 'number') throw new PaymentProviderError('paynl', 'status: answer without status.code');
      return { state: paynlState(code), amount: order.amount?.value ?? 0 };
    },
  };
}
