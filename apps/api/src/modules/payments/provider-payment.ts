import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { ACTIVE_TRANSACTION_STATUSES, PaymentType, transactionStatusesBefore, type ProviderTransactionStatus } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/index.ts';
import { payments, simulatorPayments, transactions } from '../../db/schema.ts';
import type { PaymentProvider } from '../../infra/payments/index.ts';
import { preparedQuery, preparedStatement } from '../../lib/prepared.ts';

// One provider payment, for an order or a quote: the catch-up sync of active payments, the reuse of
// one still active, the placeholder row, the provider call and its rollback, and booking what the
// provider reports. The order and quote modules decide the amount, the texts and what a booked
// payment does to their own row; everything about the provider is here once.

type Ctx = Pick<AppContext, 'db' | 'config'>;
export type TransactionRow = typeof transactions.$inferSelect;
export type PaymentOwner = { orderId: number } | { invoiceId: number };
/** payments.review: what the office must look at (docs/MONEY.md). */
export type PaymentReview = 'order_changed' | 'refund_due';

/** A transaction whose provider id is not known yet (the provider call is under way or failed). */
export const PLACEHOLDER = 'pending:';
export const isPlaceholder = (row: Pick<TransactionRow, 'providerRef'>) => row.providerRef.startsWith(PLACEHOLDER);
/** An active payment at the provider is offered again instead of a second one, within this time. */
export const REUSE_MINUTES = 30;
/** The sync looks back this far: older active payments have expired at every provider. */
const SYNC_DAYS = 2;

export interface ActiveTransaction {
  row: TransactionRow;
  /** What the provider answered just now. */
  state: string;
}

/** The owner's recent active payments at this provider, newest first (unrun: it may be part of a larger statement). */
export function activeTransactionsQuery(
  db: DbOrTx,
  providerName: string | SQLWrapper,
  owner: PaymentOwner | { orderId: SQLWrapper } | { invoiceId: SQLWrapper },
) {
  const ownerMatch = 'orderId' in owner ? eq(transactions.orderId, owner.orderId) : eq(transactions.invoiceId, owner.invoiceId);
  return db
    .select()
    .from(transactions)
    .where(
      and(
        ownerMatch,
        inArray(transactions.status, [...ACTIVE_TRANSACTION_STATUSES]),
        eq(transactions.provider, providerName),
        gt(transactions.createdAt, sql`now() - make_interval(days => ${SYNC_DAYS})`),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(5);
}

/**
 * Asks the provider about the owner's recent active (open or pending) payments and books what was
 * paid through `exchange`: the safety net for an exchange call that is late or never came. Returns
 * them with the provider's answer, for the reuse lookup. `rows`: activeTransactionsQuery's rows when
 * the caller read them already (in its own statement).
 */
export async function syncActiveTransactions(
  ctx: Ctx,
  provider: PaymentProvider,
  owner: PaymentOwner,
  exchange: (transactionId: number) => Promise<{ state?: string }>,
  rows?: readonly TransactionRow[],
): Promise<ActiveTransaction[]> {
  const out: ActiveTransaction[] = [];
  for (const row of rows ?? (await activeTransactionsQuery(ctx.db, provider.name, owner))) {
    if (isPlaceholder(row)) continue;
    const result = await exchange(row.id);
    out.push({ row, state: result.state ?? 'pending' });
  }
  return out;
}

export interface ProviderPaymentRequest {
  owner: PaymentOwner;
  /** Cents, computed by the caller from its own rows. */
  amount: number;
  percent: number;
  /** Kept on the transaction (who started it, the client's flex, an exchange key ...). */
  flex: Record<string, unknown>;
  description: string;
  reference: string;
  returnUrl: string;
  /** The exchange URL for the new transaction's id. */
  exchangeUrl: (transactionId: number) => string;
  /**
   * An order's lines and total as they are now (orderFingerprintSql): kept with the payment, so a
   * payment for an order that changed meanwhile is recognised when it is booked. Null for quotes.
   */
  orderFingerprint?: string | null;
  /**
   * An id the caller took from the transactions' sequence in its own read (nextTransactionIdSql), for
   * a provider in the shop's database: then the payment is written without another round trip.
   */
  transactionId?: number | null;
}

/** The next id of the transactions' sequence: a caller's read takes one along for a local provider. */
export const nextTransactionIdSql = sql<number>`nextval(pg_get_serial_sequence('transactions', 'id'))::int`;

export interface StartedProviderPayment {
  paymentURL: string;
  id: number;
  amount: number;
  reused: boolean;
}

// The placeholder row and its completion, run by every payment start at an outside provider: built and prepared once.
// (jsonb goes in as JSON text, cast in SQL, so both drivers pass it the same way.)
const ph = sql.placeholder;
/** A new open transaction's columns, as placeholders (both ways of starting a payment write one). */
const newTransactionValues = () => ({
  provider: ph('provider'),
  providerRef: ph('providerRef'),
  orderId: ph('orderId'),
  invoiceId: ph('invoiceId'),
  amount: ph('amount'),
  percent: ph('percent'),
  status: 'open' as const,
  flex: sql`${ph('flex')}::text::jsonb`,
  orderFingerprint: ph('orderFingerprint'),
});
const insertTransaction = preparedQuery((db) =>
  db.insert(transactions).values(newTransactionValues()).returning().prepare('transaction_placeholder'),
);
const startedTransaction = preparedQuery((db) =>
  db
    .update(transactions)
    .set({ providerRef: sql`${ph('providerRef')}`, flex: sql`${ph('flex')}::text::jsonb`, updatedAt: sql`now()` })
    .where(eq(transactions.id, ph('id')))
    .prepare('transaction_started'),
);

async function nextTransactionId(db: DbOrTx): Promise<number> {
  const res = (await db.execute(sql`select ${nextTransactionIdSql} as id`)) as unknown as { rows: { id: number }[] };
  return Number(res.rows[0]!.id);
}

/**
 * A payment of a provider in the shop's own database (the simulator) and its transaction row, in one
 * statement: both or neither are written, so no placeholder is needed (4 statements were 1).
 */
const insertLocalPayment = preparedStatement<{ id: number }>('transaction_with_local_payment', (db) => {
  const provider = db.insert(simulatorPayments).values({
    id: ph('providerRef'),
    amount: ph('amount'),
    description: ph('description'),
    reference: ph('reference'),
    returnUrl: ph('returnUrl'),
    exchangeUrl: ph('exchangeUrl'),
  });
  const transaction = db
    .insert(transactions)
    .values({ id: ph('id'), ...newTransactionValues() })
    .returning({ id: transactions.id });
  // (drizzle puts an embedded query in parentheses: each goes in a WITH clause.)
  return sql`with w_provider as ${provider}, w_transaction as ${transaction} select id from w_transaction`;
});

/**
 * Gives the hosted page of a payment of `amount`: an active one of the same amount (from the sync
 * the caller just ran) when there is one, else a new one. The row exists before the provider call
 * so its id can be in the exchange URL; a failed call removes it again.
 */
export async function startProviderPayment(
  ctx: Ctx,
  provider: PaymentProvider,
  active: readonly ActiveTransaction[],
  req: ProviderPaymentRequest,
): Promise<StartedProviderPayment> {
  const reusable = active.find(
    (t) =>
      t.state === 'pending' &&
      t.row.amount === req.amount &&
      t.row.provider === provider.name &&
      // Offered again only for the order as it is now: an order changed since is a new payment.
      (t.row.orderFingerprint ?? null) === (req.orderFingerprint ?? null) &&
      typeof t.row.flex.paymentUrl === 'string' &&
      Date.now() - t.row.createdAt.getTime() < REUSE_MINUTES * 60_000,
  );
  if (reusable) {
    return {
      paymentURL: must(reusable.row.flex.paymentUrl, 'a reusable attempt has its URL'),
      id: reusable.row.id,
      amount: req.amount,
      reused: true,
    };
  }
  const owner = {
    orderId: 'orderId' in req.owner ? req.owner.orderId : null,
    invoiceId: 'invoiceId' in req.owner ? req.owner.invoiceId : null,
  };

  if (provider.local) {
    const id = req.transactionId ?? (await nextTransactionId(ctx.db));
    const payment = provider.local({
      amount: req.amount,
      description: req.description,
      reference: req.reference,
      returnUrl: req.returnUrl,
      exchangeUrl: req.exchangeUrl(id),
    });
    await insertLocalPayment(ctx.db, {
      ...payment.row,
      ...owner,
      id,
      provider: provider.name,
      providerRef: payment.providerRef,
      percent: req.percent,
      orderFingerprint: req.orderFingerprint ?? null,
      flex: JSON.stringify({ ...req.flex, paymentUrl: payment.paymentUrl }),
    });
    return { paymentURL: payment.paymentUrl, id, amount: req.amount, reused: false };
  }

  const [row] = await insertTransaction(ctx.db).execute({
    provider: provider.name,
    providerRef: `${PLACEHOLDER}${randomUUID()}`,
    ...owner,
    amount: req.amount,
    percent: req.percent,
    flex: JSON.stringify(req.flex),
    orderFingerprint: req.orderFingerprint ?? null,
  });
  try {
    const created = await provider.create({
      amount: req.amount,
      description: req.description,
      reference: req.reference,
      returnUrl: req.returnUrl,
      exchangeUrl: req.exchangeUrl(row!.id),
    });
    await startedTransaction(ctx.db).execute({
      id: row!.id,
      providerRef: created.providerRef,
      flex: JSON.stringify({ ...req.flex, paymentUrl: created.paymentUrl }),
    });
    return { paymentURL: created.paymentUrl, id: row!.id, amount: req.amount, reused: false };
  } catch (err) {
    // Nothing was started at the provider: no half-made attempt stays behind.
    await ctx.db.delete(transactions).where(eq(transactions.id, row!.id));
    throw err;
  }
}

/** The transaction an exchange call names, when it belongs to this provider and has a provider id. */
export async function exchangeableTransaction(ctx: Ctx, provider: PaymentProvider, transactionId: number): Promise<TransactionRow | null> {
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row || isPlaceholder(row) || row.provider !== provider.name) return null;
  return row;
}

/**
 * Stores the provider's state on the transaction, as far as the transaction vocabulary allows (a
 * paid one stays paid, whatever a later or older call says) and, when paid, books one payment row
 * for it: provider_ref is unique and the insert does nothing on conflict. Returns the new payment's
 * id, or nothing when nothing was booked.
 */
export async function recordProviderPayment(
  tx: Tx,
  row: TransactionRow,
  status: { state: ProviderTransactionStatus; amount: number },
  owner: PaymentOwner | null,
  review: PaymentReview | null = null,
): Promise<{ id: number }[]> {
  await tx
    .update(transactions)
    .set({ status: status.state, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, row.id), inArray(transactions.status, transactionStatusesBefore(status.state))));
  if (status.state !== 'paid' || !owner) return [];
  return tx
    .insert(payments)
    .values({
      ...owner,
      paymentType: PaymentType.PARTIALLY_PROVIDER_PAID,
      amount: status.amount,
      providerRef: row.providerRef,
      flex: { provider: row.provider, transaction_id: row.id },
      review,
    })
    .onConflictDoNothing({ target: payments.providerRef })
    .returning({ id: payments.id });
}
