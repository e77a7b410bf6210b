import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  INVOICE_MSG,
  InvoiceStatus,
  PaymentType,
  QUOTE_MAX_CENTS,
  formatEuro,
  formatOrderNumber,
  invoiceStatusFor,
  InvoiceType,
} from '@umrah/domain';
import type { TransactionStoredFlex } from '@umrah/domain/stored-flex';
import type { AppContext } from '../../context.ts';
import { invoices, payments, users } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { layout } from '../../infra/mail/templates.ts';
import type { PaymentProvider } from '../../infra/payments/index.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { exchangeableTransaction, recordProviderPayment, startProviderPayment, syncActiveTransactions } from '../payments/index.ts';
import { invoiceDto, loadInvoice } from './service.ts';

// Paying a quote online: the same provider-payment use case as orders (payments/provider-payment.ts:
// sync, reuse, placeholder row, provider call, booking once), on its own exchange path with a key.

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail'>;

export const invoiceExchangePath = (transactionId: number, key?: string) =>
  `/api/invoicePayment/exchange/${transactionId}${key ? `?key=${encodeURIComponent(key)}` : ''}`;

/**
 * The exchange URL of a quote payment carries a random key of its own transaction (kept in its
 * flex): without it an anonymous caller cannot make us ask the provider about, or learn the state
 * of, someone's quote payment by counting transaction ids. Only the provider (and we) know it.
 */
export function exchangeKeyMatches(flex: TransactionStoredFlex | null, given: string | undefined): boolean {
  const stored = flex?.exchange_key;
  if (typeof stored !== 'string' || typeof given !== 'string') return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface StartedInvoicePayment {
  paymentURL: string;
  id: number;
  amount: number;
}

/**
 * Starts a payment of what is still open on the quote and gives the provider's hosted page. The
 * amount always comes from the quote's items, never from the client.
 */
export async function startInvoicePayment(
  ctx: Ctx,
  provider: PaymentProvider,
  invoiceId: number,
  startedBy: number | null,
): Promise<StartedInvoicePayment> {
  // A payment finished at the provider but not yet reported is booked first, so nobody pays twice.
  const open = await syncInvoiceTransactions(ctx, provider, invoiceId);
  const loaded = await loadInvoice(ctx.db, invoiceId);
  if (!loaded) throw new AppError(404, INVOICE_MSG.invalidToken);
  const dto = invoiceDto(loaded, { withUser: false });
  if (dto.items.length === 0) throw conflict(INVOICE_MSG.empty);
  if (dto.amount_open <= 0) throw conflict(INVOICE_MSG.paid);
  if (dto.expired) throw conflict(INVOICE_MSG.expired);
  // The provider takes at most 50k per payment; quotes are checked on save, this guards old rows.
  if (dto.amount_open >= QUOTE_MAX_CENTS) throw badRequest(INVOICE_MSG.max);
  const amount = dto.amount_open;

  const number = formatOrderNumber(invoiceId);
  const exchangeKey = randomBytes(24).toString('base64url');
  const { publicUrl } = ctx.config;
  const started = await startProviderPayment(ctx, provider, open, {
    owner: { invoiceId },
    amount,
    percent: 100,
    flex: { kind: 'invoice', user_id: startedBy, exchange_key: exchangeKey },
    description: `${dto.type === InvoiceType.QUOTE ? 'Offerte' : 'Factuur'} ${number}`,
    reference: number,
    returnUrl: `${publicUrl}/offerte/${encodeURIComponent(loaded.invoice.token)}`,
    exchangeUrl: (id) => `${publicUrl}${invoiceExchangePath(id, exchangeKey)}`,
  });
  return { paymentURL: started.paymentURL, id: started.id, amount: started.amount };
}

export interface InvoiceExchangeResult {
  known: boolean;
  state?: string;
  booked: boolean;
}

function invoicePaidMail(p: { firstName: string; id: number; type: number; amount: number; paid: number; total: number; url: string }) {
  const number = formatOrderNumber(p.id);
  const what = p.type === InvoiceType.QUOTE ? 'offerte' : 'factuur';
  const open = Math.max(0, p.total - p.paid);
  return {
    subject: `Betaling ontvangen – ${what} ${number}`,
    ...layout(
      'Bedankt voor je betaling',
      [
        `Beste ${p.firstName},`,
        `We hebben je betaling van ${formatEuro(p.amount)} voor ${what} ${number} ontvangen.`,
        open === 0 ? `De ${what} is daarmee volledig betaald (${formatEuro(p.total)}).` : `Nog te betalen: ${formatEuro(open)}.`,
      ],
      { href: p.url, label: `Bekijk de ${what}` },
    ),
  };
}

/**
 * The exchange (webhook) of a quote payment: whatever the caller sends, the status is asked from
 * the provider. provider_ref is unique and the insert does nothing on conflict, so replayed,
 * concurrent or late calls book the payment once.
 */
export async function processInvoiceExchange(
  ctx: Ctx,
  provider: PaymentProvider,
  transactionId: number,
  /** From the HTTP exchange: the URL's key, which must match the transaction's. Internal syncs pass nothing. */
  caller?: { key: string | undefined },
): Promise<InvoiceExchangeResult> {
  const row = await exchangeableTransaction(ctx, provider, transactionId);
  if (!row || !row.invoiceId) return { known: false, booked: false };
  // A wrong or missing key looks exactly like an unknown transaction.
  if (caller && !exchangeKeyMatches(row.flex, caller.key)) return { known: false, booked: false };
  const invoiceId = row.invoiceId;
  const status = await provider.status(row.providerRef);
  const booked = await ctx.db.transaction(async (tx) => {
    // The quote row is locked so two exchanges of two payments compute the status one after the other.
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    const inserted = await recordProviderPayment(tx, row, status, invoice ? { invoiceId } : null);
    if (inserted.length === 0 || !invoice) return false;
    const loaded = (await loadInvoice(tx, invoiceId))!;
    const dto = invoiceDto(loaded, { withUser: true });
    const newStatus = invoiceStatusFor(dto.total_payments, dto.total_price);
    if (newStatus === InvoiceStatus.PAID) {
      await tx.update(payments).set({ paymentType: PaymentType.PROVIDER_PAID }).where(eq(payments.id, inserted[0]!.id));
    }
    await tx.update(invoices).set({ status: newStatus }).where(eq(invoices.id, invoiceId));
    const [customer] = await tx.select().from(users).where(eq(users.id, invoice.userId));
    if (customer) {
      const mail = invoicePaidMail({
        firstName: customer.firstName,
        id: invoiceId,
        type: invoice.type,
        amount: status.amount,
        paid: dto.total_payments,
        total: dto.total_price,
        url: `${ctx.config.publicUrl}/offerte/${encodeURIComponent(invoice.token)}`,
      });
      await queueMail(tx, { to: customer.email, ...mail });
    }
    return true;
  });
  if (booked) void ctx.mail.kick();
  return { known: true, state: status.state, booked };
}

/** The quote's active payments, asked from the provider (the public page and a new payment use it). */
export const syncInvoiceTransactions = (ctx: Ctx, provider: PaymentProvider, invoiceId: number) =>
  syncActiveTransactions(ctx, provider, { invoiceId }, (id) => processInvoiceExchange(ctx, provider, id));
