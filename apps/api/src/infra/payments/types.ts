import type { ProviderTransactionStatus } from '@umrah/domain';
import { AppError } from '../../lib/errors.ts';

/**
 * Where a payment at the provider stands, in the shop's one transaction vocabulary (domain
 * order-state.ts): every adapter maps its own codes onto these, and transactions.status stores them.
 */
export type PaymentState = ProviderTransactionStatus;

export interface CreatePaymentInput {
  /** Cents, always computed by the server. */
  amount: number;
  description: string;
  /** Our own reference (alphanumeric), shown at the provider, e.g. the order number FCU2123. */
  reference: string;
  /** Where the provider sends the browser back to. */
  returnUrl: string;
  /** Where the provider calls us (server to server) when the status changes. */
  exchangeUrl: string;
}

export interface CreatedPayment {
  /** The provider's id of this payment, stored as transactions.provider_ref. */
  providerRef: string;
  /** The hosted payment page the browser is sent to. */
  paymentUrl: string;
}

export interface ProviderPaymentStatus {
  state: PaymentState;
  /** Cents, as the provider reports them. */
  amount: number;
}

/**
 * A payment that a provider keeps in the shop's own database (the simulator): made without a call,
 * so the caller writes its row in the same statement as the shop's transaction row.
 */
export interface LocalPayment extends CreatedPayment {
  /** The provider's row of the payment (simulator_payments), to be inserted by the caller. */
  row: CreatePaymentInput & { id: string };
}

export interface PaymentProvider {
  readonly name: 'simulator' | 'paynl' | 'mollie';
  /**
   * After how many minutes an unfinished payment of this provider can no longer be paid (an upper
   * bound for the methods the shop offers). A started payment holds an unpaid lead past its expiry
   * at most this long (docs/MONEY.md), and blocks the order's changes at most this long.
   */
  readonly paymentExpiryMinutes: number;
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Only a provider in the shop's own database: the payment as a row to write instead of a call. */
  local?(input: CreatePaymentInput): LocalPayment;
  /** Asks the provider itself: a webhook body is never trusted. */
  status(providerRef: string): Promise<ProviderPaymentStatus>;
}

export const PROVIDER_UNAVAILABLE = 'De betaalprovider is op dit moment niet bereikbaar. Probeer het later opnieuw.';

/** A provider call that failed; the message is safe to show, the cause goes to the log. */
export class PaymentProviderError extends AppError {
  constructor(
    public readonly provider: string,
    public readonly detail: string,
  ) {
    super(502, PROVIDER_UNAVAILABLE, 'Bad Gateway');
  }
}

/** 1250 cents → '12.50', the decimal string Mollie expects. */
export const centsToDecimal = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** '12.50' → 1250; exact for the two-decimal strings providers send. */
export function decimalToCents(value: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal amount: ${value}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Appends query parameters to a URL that may already have some. */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
