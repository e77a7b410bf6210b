import dayjs from 'dayjs';
import { and, asc, eq, gt, inArray, isNull, lte, not, notExists, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACTIVE_TRANSACTION_STATUSES, LogType, OrderStatus, mayDeliverDocuments, mayPay } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { guests, orders, payments, reminderSteps, transactions, visaDocuments } from '../../db/schema.ts';
import { providerFor, type PaymentProvider } from '../../infra/payments/index.ts';
import { completeWithoutPayment, syncOrderTransactions } from '../payments/service.ts';
import { periodicJob } from '../../lib/periodic.ts';
import { SYSTEM_ACTOR } from '../../lib/order-log.ts';
import { AfterCommit, transitionOrder } from '../orders/index.ts';
import { dutchToday } from '../../lib/dutch-time.ts';
import { expireWaitlistHolds } from '../waitlist/service.ts';
import type { DocumentStep, PaymentStep } from './mails.ts';
import { amountOpen, orderFacts, queueDocumentReminder, queuePaymentReminder } from './service.ts';

// The scheduler inside the server: payment reminders before the trip's payment deadline, document
// reminders before departure (REMINDER_PLAN_DAYS, default 30, 14 and 7 days before), and unpaid
// leads of customers let go after LEAD_EXPIRY_HOURS.
//
// Several API processes may run it at once. Each run is one transaction that first takes a
// transaction-scoped advisory lock (the other processes skip that round); the real guarantee is the
// unique key of reminder_steps for reminders and the locked status check for leads, so a run that
// overlaps another (or repeats after a crash) sends nothing twice. Each order is handled in its own
// savepoint: one bad order is logged and skipped, the others still go out.

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail' | 'events'>;

/** Any fixed number, different from the visa retention's lock. */
const SCHEDULER_LOCK_ID = 71_046_012;
/** At most this many orders per kind per run; the next run takes the rest. */
const BATCH = 200;
/**
 * A lead whose open payments could not be checked with the provider waits this much longer than
 * its expiry (the provider may be down for a while); after that it is let go all the same, and a
 * payment that still comes in is booked for the office to refund.
 */
const UNCHECKED_GRACE_HOURS = 24;

export interface SentStep {
  order_id: number;
  days_before: number;
  type: number;
}
export interface RunResult {
  /** Another process held the lock: it is running this round. */
  skipped: boolean;
  payments: SentStep[];
  documents: SentStep[];
  expired: number[];
  /** Orders whose step failed (logged); retried by the next run. */
  failed: number;
}

const MAY_PAY_STATUSES = Object.values(OrderStatus).filter((s) => mayPay(s));
const DOCUMENT_STATUSES = Object.values(OrderStatus).filter((s) => mayDeliverDocuments(s));

async function tryLock(tx: Tx): Promise<boolean> {
  const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(${SCHEDULER_LOCK_ID}) as ok`)) as unknown as { rows: { ok: boolean }[] };
  return res.rows[0]?.ok === true;
}

/**
 * The plan step due today for a date `daysLeft` days away: the nearest step that has been reached
 * (e.g. 10 days left with 30/14/7 → the 14-day step), and the earlier ones it makes redundant.
 */
export function dueSteps(plan: readonly number[], daysLeft: number): { current: number; index: number; earlier: number[] } | null {
  const sorted = [...plan].sort((a, b) => b - a);
  const reached = sorted.filter((d) => daysLeft <= d);
  const current = reached.at(-1);
  if (current === undefined) return null;
  return { current, index: sorted.indexOf(current), earlier: reached.slice(0, -1) };
}

/**
 * Records the steps in reminder_steps: the current one 'sent', earlier ones it passed over 'skipped'
 * (an order placed late gets one reminder, not three). True only when this call inserted the current
 * step; a conflicting insert (another process, an earlier run) waits for that one and sends nothing.
 */
async function claimStep(tx: Tx, orderId: number, kind: 'payment' | 'documents', due: NonNullable<ReturnType<typeof dueSteps>>) {
  const rows = [
    ...due.earlier.map((d) => ({ orderId, kind, daysBefore: d, status: 'skipped' })),
    { orderId, kind, daysBefore: due.current, status: 'sent' },
  ];
  const inserted = await tx.insert(reminderSteps).values(rows).onConflictDoNothing().returning({ daysBefore: reminderSteps.daysBefore });
  return inserted.some((r) => r.daysBefore === due.current);
}

const daysBetween = (today: string, date: string) => dayjs(date).diff(dayjs(today), 'day');

/** Orders with a trip product whose date column falls within [from, to] (Dutch dates). */
function tripDateWithin(column: 'payment_deadline' | 'start', from: string, to: string) {
  return sql`exists (select 1 from order_lines l join products p on p.id = l.product_id
    where l.order_id = ${orders.id} and p.type between 2 and 10 and p.${sql.raw(column)} between ${from} and ${to})`;
}

export interface RunOptions {
  now?: Date;
  log?: { error: (obj: unknown, msg: string) => void };
}

/** What one run shares between its parts. */
interface Run {
  ctx: Ctx;
  now: Date;
  today: string;
  plan: readonly number[];
  /** The last day a reminder step can be due for (today plus the longest step). */
  horizon: string;
  /** A customer's lead made at or before this is LEAD_EXPIRY_HOURS old (customerLeadPastExpiry). */
  leadCutoff: Date;
  result: RunResult;
  after: AfterCommit;
  /** One order in its own savepoint: a failure undoes that order only (and what it left for after the commit). */
  each: (tx: Tx, orderId: number, fn: (sp: Tx) => Promise<void>) => Promise<void>;
}

/** One run of the scheduler (the timer calls it; tests call it with a fixed `now`). */
export async function runScheduledJobs(ctx: Ctx, opts: RunOptions = {}): Promise<RunResult> {
  const now = opts.now ?? new Date();
  const today = dutchToday(now);
  const plan = ctx.config.reminderPlanDays;
  const horizon = dayjs(today)
    .add(Math.max(0, ...plan), 'day')
    .format('YYYY-MM-DD');
  const result: RunResult = { skipped: false, payments: [], documents: [], expired: [], failed: 0 };
  const after = new AfterCommit(ctx);
  const each: Run['each'] = async (tx, orderId, fn) => {
    try {
      await after.savepoint(tx, fn);
    } catch (err) {
      result.failed++;
      opts.log?.error({ err, orderId }, 'scheduler: order skipped');
    }
  };
  const leadCutoff = new Date(now.getTime() - ctx.config.leadExpiryHours * 3600_000);
  const run: Run = { ctx, now, today, plan, horizon, leadCutoff, result, after, each };

  const provider = providerFor(ctx);
  // Before a lead is let go, the provider is asked about its open payments (outside the run's
  // transaction: the booking locks the order in its own): one it reports paid is booked, and the
  // order is then no unpaid lead any more (docs/MONEY.md). Leads the provider could not answer for wait.
  const unchecked = await checkOpenPaymentsOfExpiringLeads(ctx, provider, leadCutoff, opts.log);

  await ctx.db.transaction(async (tx) => {
    if (!(await tryLock(tx))) {
      result.skipped = true;
      return;
    }
    // Leads first: a lead that expires now gets no payment reminder as well.
    await expireLeads(run, tx, provider, unchecked);
    await remindPayments(run, tx);
    await remindDocuments(run, tx);
  });

  // Waiting-list holds past their time: their places go to the next (docs/WAITLIST.md; own transaction).
  const lapsed = await expireWaitlistHolds(ctx, now);

  // Stock came back (expired leads, lapsed holds): every process's cached catalog is read again;
  // queued mails go out.
  if (lapsed) after.catalogChanged();
  if (result.payments.length || result.documents.length) after.mailQueued();
  await after.run();
  return result;
}

/** A lead the customer made themself that is LEAD_EXPIRY_HOURS old by `cutoff`: it is let go (expireLeads), or waits for the provider. */
const customerLeadPastExpiry = (cutoff: Date): SQL =>
  and(eq(orders.status, OrderStatus.LEAD), isNull(orders.createdByUserId), lte(orders.createdAt, cutoff)) ?? sql`false`;

/**
 * Unpaid leads let go: made by the customer themself (staff-made orders wait for a bank transfer
 * and are never expired), nothing paid, LEAD_EXPIRY_HOURS after it was made. A payment started
 * before that moment holds it only as long as the provider keeps that payment open; one started
 * later holds nothing, so pressing 'Betalen' again and again cannot keep the places (docs/MONEY.md).
 */
async function expireLeads(run: Run, tx: Tx, provider: PaymentProvider, unchecked: ReadonlySet<number>) {
  const { ctx, now, leadCutoff } = run;
  const hours = ctx.config.leadExpiryHours;
  const openAtProvider = new Date(now.getTime() - provider.paymentExpiryMinutes * 60_000);
  const leads = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        customerLeadPastExpiry(leadCutoff),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(eq(payments.orderId, orders.id)),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(transactions)
            .where(
              and(
                eq(transactions.orderId, orders.id),
                inArray(transactions.status, [...ACTIVE_TRANSACTION_STATUSES]),
                gt(transactions.createdAt, openAtProvider),
                lte(transactions.createdAt, sql`${orders.createdAt} + make_interval(hours => ${hours})`),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  for (const { id } of leads) await run.each(tx, id, (sp) => letLeadGo(run, sp, id, unchecked));
}

async function letLeadGo(run: Run, sp: Tx, id: number, unchecked: ReadonlySet<number>) {
  const { now, after } = run;
  const hours = run.ctx.config.leadExpiryHours;
  // Locked and read again: a payment or a cancel that committed meanwhile wins.
  const [order] = await sp.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order || order.status !== OrderStatus.LEAD) return;
  const [anyPayment] = await sp.select({ id: payments.id }).from(payments).where(eq(payments.orderId, id)).limit(1);
  if (anyPayment) return;
  if (unchecked.has(id) && now.getTime() - order.createdAt.getTime() < (hours + UNCHECKED_GRACE_HOURS) * 3600_000) return;
  if (order.totalPrice <= 0) {
    // Nothing to pay (made before such orders completed at once): completed, not let go.
    await completeWithoutPayment(sp, after, order);
    return;
  }
  // The state machine decides (system may cancel a customer's unpaid lead past its time);
  // the places go back and the customer is mailed (orders/transition.ts).
  await transitionOrder(sp, after, {
    order,
    to: OrderStatus.CANCELLED,
    actor: 'system',
    facts: {
      paid: 0,
      ageHours: (now.getTime() - order.createdAt.getTime()) / 3600_000,
      leadExpiryHours: hours,
      madeByStaff: order.createdByUserId !== null,
    },
    log: {
      message: `Lead vervallen: ${hours} uur na het plaatsen niets betaald. Automatisch geannuleerd; de plaatsen zijn terug in de voorraad.`,
      by: SYSTEM_ACTOR,
    },
    at: now,
  });
  run.result.expired.push(id);
}

/**
 * Payment reminders: orders that may still be paid, with something open, before the deadline. Not a
 * customer's lead past its expiry: it is let go in this run or waits for the provider, and a lead that
 * came due between this run's statements (each reads what is committed at its start) would otherwise
 * get a reminder to pay just before the mail that it lapsed.
 */
async function remindPayments(run: Run, tx: Tx) {
  const { ctx, today, plan, horizon, leadCutoff, result } = run;
  const payable = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, MAY_PAY_STATUSES), tripDateWithin('payment_deadline', today, horizon), not(customerLeadPastExpiry(leadCutoff))))
    .orderBy(asc(orders.id))
    .limit(BATCH);
  for (const f of await orderFacts(
    tx,
    payable.map((r) => r.id),
  )) {
    if (!f.deadline || amountOpen(f) <= 0) continue;
    const due = dueSteps(plan, daysBetween(today, f.deadline));
    if (!due) continue;
    const step = (LogType.PAYMENT_REQUEST + Math.min(due.index, LogType.PAYMENT_THIRD - LogType.PAYMENT_REQUEST)) as PaymentStep;
    await run.each(tx, f.id, async (sp) => {
      if (!(await claimStep(sp, f.id, 'payment', due))) return;
      await queuePaymentReminder(sp, ctx, f, step, SYSTEM_ACTOR, ` (automatisch, ${due.current} dagen voor de betaaltermijn)`, today);
      result.payments.push({ order_id: f.id, days_before: due.current, type: step });
    });
  }
}

/** Document reminders: (down-)paid orders with a guest whose documents are missing, before departure. */
async function remindDocuments(run: Run, tx: Tx) {
  const { ctx, today, plan, horizon, result } = run;
  const missingDocs = tx
    .select({ one: sql`1` })
    .from(guests)
    .where(
      and(
        eq(guests.orderId, orders.id),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(visaDocuments)
            .where(eq(visaDocuments.guestId, guests.id)),
        ),
      ),
    );
  const departing = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, DOCUMENT_STATUSES),
        tripDateWithin('start', dayjs(today).add(1, 'day').format('YYYY-MM-DD'), horizon),
        sql`exists (${missingDocs})`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
  for (const f of await orderFacts(
    tx,
    departing.map((r) => r.id),
  )) {
    if (!f.tripStart || f.missingGuests.length === 0) continue;
    const due = dueSteps(plan, daysBetween(today, f.tripStart));
    if (!due) continue;
    const step = (LogType.DOCUMENT_REQUEST + Math.min(due.index, LogType.DOCUMENT_SECOND - LogType.DOCUMENT_REQUEST)) as DocumentStep;
    await run.each(tx, f.id, async (sp) => {
      if (!(await claimStep(sp, f.id, 'documents', due))) return;
      await queueDocumentReminder(sp, ctx, f, step, SYSTEM_ACTOR, ` (automatisch, ${due.current} dagen voor vertrek)`);
      result.documents.push({ order_id: f.id, days_before: due.current, type: step });
    });
  }
}

/**
 * Asks the provider about the open payments of the leads due to expire and books those it reports
 * paid (processExchange). Returns the leads whose payments could not be checked.
 */
async function checkOpenPaymentsOfExpiringLeads(ctx: Ctx, provider: PaymentProvider, cutoff: Date, log: RunOptions['log']): Promise<Set<number>> {
  const open = await ctx.db
    .select()
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .where(
      and(customerLeadPastExpiry(cutoff), inArray(transactions.status, [...ACTIVE_TRANSACTION_STATUSES]), eq(transactions.provider, provider.name)),
    )
    .orderBy(asc(transactions.orderId), asc(transactions.id))
    .limit(BATCH);
  const byOrder = new Map<number, (typeof transactions.$inferSelect)[]>();
  for (const { transactions: t } of open) {
    if (t.orderId !== null) byOrder.set(t.orderId, [...(byOrder.get(t.orderId) ?? []), t]);
  }
  const unchecked = new Set<number>();
  for (const [orderId, rows] of byOrder) {
    try {
      await syncOrderTransactions(ctx, provider, orderId, rows);
    } catch (err) {
      unchecked.add(orderId);
      log?.error({ err, orderId }, 'scheduler: open payments of an expiring lead not checked');
    }
  }
  return unchecked;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  runNow(now?: Date): Promise<RunResult | null>;
}

/**
 * The timer: a first run shortly after start-up, then every SCHEDULER_INTERVAL_SECONDS. Unref'd, so
 * it never keeps the process alive; runs never overlap within a process; stop() waits for a run.
 */
export function createScheduler(app: FastifyInstance): Scheduler {
  return periodicJob({
    run: async (now?: Date) => {
      const result = await runScheduledJobs(app.ctx, { now, log: app.log });
      // Each finished run, for whoever watches the rounds (a test waits for them instead of sleeping).
      app.log.debug({ skipped: result.skipped, failed: result.failed }, 'scheduler run done');
      return result;
    },
    failure: 'scheduler run failed',
    log: app.log,
    enabled: () => app.ctx.config.schedulerEnabled,
    intervalMs: () => app.ctx.config.schedulerIntervalMs,
    firstDelayMs: () => Math.min(app.ctx.config.schedulerIntervalMs, 10_000),
  });
}
