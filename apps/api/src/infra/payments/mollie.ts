import { Locale, PaymentMethod, createMollieClient, type Payment } from '@mollie/api-client';
import type { PaymentsConfig } from '../../config.ts';
import { PaymentProviderError, centsToDecimal, decimalToCents } from './types.ts';
import type { CreatePaymentInput, CreatedPayment, PaymentProvider, PaymentState, ProviderPaymentStatus } from './types.ts';

/** Mollie's payment statuses: open, pending and authorized are not money received yet. */
export function mollieState(status: string): PaymentState {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'canceled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    case 'failed':
      return 'failed';
    default:
      return 'pending';
  }
}

export function createMollieProvider(cfg: PaymentsConfig['mollie']): PaymentProvider {
  const client = createMollieClient({ apiKey: cfg.apiKey ?? '', apiEndpoint: cfg.apiUrl });

  const wrap = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw new PaymentProviderError('mollie', `${what}: ${(err as Error).message}`);
    }
  };

  return {
    name: 'mollie',
    // Mollie: iDEAL and Bancontact expire after 15 minutes, cards after 30.
    paymentExpiryMinutes: 60,
    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const payment: Payment = await wrap('create', () =>
        client.payments.create({
          amount: { currency: 'EUR', value: centsToDecimal(input.amount) },
          description: input.description,
          redirectUrl: input.returnUrl,
          webhookUrl: input.exchangeUrl,
          locale: Locale.nl_NL,
          // The methods the agency offers: iDEAL, Bancontact (Belgian customers) and cards.
          method: [PaymentMethod.ideal, PaymentMethod.bancontact, PaymentMethod.creditcard],
          metadata: { reference: input.reference },
        }),
      );
      const paymentUrl = payment.getCheckoutUrl();
      if (!paymentUrl) throw new PaymentProviderError('mollie', 'create: answer without a checkout link');
      return { providerRef: payment.id, paymentUrl };
    },
    async status(providerRef: string): Promise<ProviderPaymentStatus> {
      const payment = await wrap('status', () => client.payments.get(providerRef));
      return { state: mollieState(payment.status), amount: decimalToCents(payment.amount.value) };
    },
  };
}
