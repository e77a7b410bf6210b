// The order lifecycle and the payment-transaction lifecycle as data, in one place for the API and
// the web. Every status the API writes goes through `assertTransition`; every status rule the web
// shows (pay buttons, cancel action, documents) is one of the functions below.
import { OrderStatus, orderStatusLabels } from './enums.ts';

/** The spec's nine order statuses (docs/RULES.md, 'Entities'), in their numeric order. */
export const ORDER_STATES: readonly OrderStatus[] = [
  OrderStatus.PENDING,
  OrderStatus.LEAD,
  OrderStatus.COMPLETED,
  OrderStatus.CANCELLED,
  OrderStatus.DECLINED,
  OrderStatus.REFUNDED,
  OrderStatus.MANUAL_VERIFICATION_REQUIRED,
  OrderStatus.PARTIALLY_REFUNDED,
  OrderStatus.DOWN_PAYMENT,
];

/**
 * Who causes a change: the customer (own account), staff (admin or bookkeeper acting in the
 * dashboard), the payment provider (its exchange, or our catch-up sync asking it), or the system
 * (the scheduler: unpaid leads that expire).
 */
export type OrderActor = 'customer' | 'staff' | 'provider' | 'system';
export const ORDER_ACTORS: readonly OrderActor[] = ['customer', 'staff', 'provider', 'system'];

/**
 * Named conditions a transition needs besides its from/to/actor. The caller that has the numbers
 * passes them to `assertTransition`; `checkGuard` evaluates them the same way everywhere.
 */
export type OrderGuard =
  /** payments cover the total (a total of 0 is covered by nothing) */
  | 'fullyPaid'
  /** at least the down-payment share of the current total paid, less than the total */
  | 'downPaymentPaid'
  /** something paid, less than the down-payment share of the current total */
  | 'belowDownPayment'
  /** nothing paid (a payment was removed, or the total rose above nothing) */
  | 'nothingPaid'
  /** a LEAD made by the customer, unpaid past its time (the scheduler) */
  | 'unpaidLeadExpired'
  /** no condition beyond the actor's right */
  | 'none';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  actors: readonly OrderActor[];
  guard: OrderGuard;
  /** Why this edge exists (shown nowhere; read by people). */
  note: string;
}

const { PENDING, LEAD, COMPLETED, CANCELLED, DECLINED, REFUNDED, MANUAL_VERIFICATION_REQUIRED, PARTIALLY_REFUNDED, DOWN_PAYMENT } = OrderStatus;

const payment = (from: OrderStatus, to: OrderStatus, guard: OrderGuard, actors: readonly OrderActor[], note: string): OrderTransition => ({
  from,
  to,
  actors,
  guard,
  note,
});

/**
 * Every allowed order status change. Anything not listed is refused. Payments move an order up
 * (booked by the provider, or by staff as a manual payment / a repriced order); only staff move it
 * back down (a manual payment removed or changed, a total raised). Cancel is a staff decision, or
 * the scheduler's for an unpaid lead. Refunds, declines and manual verification are staff
 * decisions on a live order; a refunded or declined order is final.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  payment(LEAD, DOWN_PAYMENT, 'downPaymentPaid', ['provider', 'staff'], 'first payment: the down-payment share, less than the total'),
  // 'system': an order of 0 completes without a payment, through the same path as a full payment.
  payment(LEAD, COMPLETED, 'fullyPaid', ['provider', 'staff', 'system'], 'paid in full (or nothing to pay)'),
  payment(LEAD, PENDING, 'belowDownPayment', ['provider', 'staff'], 'paid less than the down-payment share: not a down payment'),
  payment(PENDING, DOWN_PAYMENT, 'downPaymentPaid', ['provider', 'staff'], 'the down-payment share reached'),
  payment(PENDING, COMPLETED, 'fullyPaid', ['provider', 'staff', 'system'], 'paid in full (or nothing to pay)'),
  payment(DOWN_PAYMENT, COMPLETED, 'fullyPaid', ['provider', 'staff'], 'rest paid, or the total lowered'),
  payment(DOWN_PAYMENT, PENDING, 'belowDownPayment', ['staff'], 'a manual payment removed or lowered, or the total raised'),
  payment(COMPLETED, DOWN_PAYMENT, 'downPaymentPaid', ['staff'], 'a manual payment removed or lowered, or the total raised'),
  payment(COMPLETED, PENDING, 'belowDownPayment', ['staff'], 'a manual payment removed or lowered, or the total raised'),
  payment(COMPLETED, LEAD, 'nothingPaid', ['staff'], 'every manual payment removed'),
  payment(DOWN_PAYMENT, LEAD, 'nothingPaid', ['staff'], 'every manual payment removed'),
  payment(MANUAL_VERIFICATION_REQUIRED, LEAD, 'nothingPaid', ['staff'], 'verified: nothing paid'),
  payment(MANUAL_VERIFICATION_REQUIRED, PENDING, 'belowDownPayment', ['staff'], 'verified: paid less than the down-payment share'),
  payment(MANUAL_VERIFICATION_REQUIRED, DOWN_PAYMENT, 'downPaymentPaid', ['staff'], 'verified: down payment paid'),
  payment(MANUAL_VERIFICATION_REQUIRED, COMPLETED, 'fullyPaid', ['staff'], 'verified: paid in full'),

  { from: LEAD, to: PENDING, actors: ['staff'], guard: 'nothingPaid', note: 'taken into treatment (e.g. a bank transfer agreed)' },
  { from: LEAD, to: MANUAL_VERIFICATION_REQUIRED, actors: ['staff'], guard: 'none', note: 'payment to be checked by hand' },
  { from: PENDING, to: MANUAL_VERIFICATION_REQUIRED, actors: ['staff'], guard: 'none', note: 'payment to be checked by hand' },
  { from: DOWN_PAYMENT, to: MANUAL_VERIFICATION_REQUIRED, actors: ['staff'], guard: 'none', note: 'payment to be checked by hand' },

  ...[LEAD, PENDING, DOWN_PAYMENT, COMPLETED, MANUAL_VERIFICATION_REQUIRED].map((from): OrderTransition => ({
    from,
    to: CANCELLED,
    actors: ['staff'],
    guard: 'none',
    note: 'cancelled by staff; places back in stock',
  })),
  { from: LEAD, to: CANCELLED, actors: ['system'], guard: 'unpaidLeadExpired', note: 'unpaid lead let go by the scheduler' },

  { from: LEAD, to: DECLINED, actors: ['staff'], guard: 'nothingPaid', note: 'refused by staff before any payment' },
  { from: PENDING, to: DECLINED, actors: ['staff'], guard: 'nothingPaid', note: 'refused by staff before any payment' },
  { from: MANUAL_VERIFICATION_REQUIRED, to: DECLINED, actors: ['staff'], guard: 'none', note: 'verification failed' },

  ...[COMPLETED, DOWN_PAYMENT, CANCELLED, PARTIALLY_REFUNDED].map((from): OrderTransition => ({
    from,
    to: REFUNDED,
    actors: ['staff'],
    guard: 'none',
    note: 'money returned in full',
  })),
  ...[COMPLETED, DOWN_PAYMENT, CANCELLED].map((from): OrderTransition => ({
    from,
    to: PARTIALLY_REFUNDED,
    actors: ['staff'],
    guard: 'none',
    note: 'part of the money returned',
  })),
];

export const ORDER_TRANSITION_REFUSED = (from: number, to: number) =>
  `Deze statuswijziging is niet toegestaan: ${statusName(from)} → ${statusName(to)}.`;
const statusName = (s: number) => (s === LEAD ? 'Niet betaald' : (orderStatusLabels[s as OrderStatus] ?? String(s)));

/** The edges from `from` to `to` (one per guard); empty when the change does not exist. */
export const transitionsBetween = (from: number, to: number) => ORDER_TRANSITIONS.filter((t) => t.from === from && t.to === to);

/** What a guard needs to know; only the fields the guard reads must be given. */
export interface GuardFacts {
  total?: number;
  paid?: number;
  /** Hours since the order was made (unpaidLeadExpired). */
  ageHours?: number;
  /** After how many hours an unpaid customer lead is let go. */
  leadExpiryHours?: number;
  /** The order was made by staff for the customer (bank transfer): never expired automatically. */
  madeByStaff?: boolean;
}

/** true, false, or undefined when the facts the guard needs were not given. */
export function checkGuard(guard: OrderGuard, f: GuardFacts): boolean | undefined {
  switch (guard) {
    case 'none':
      return true;
    case 'fullyPaid':
      return f.total === undefined || f.paid === undefined ? undefined : f.paid >= f.total;
    case 'downPaymentPaid':
      return f.total === undefined || f.paid === undefined ? undefined : f.paid >= downPaymentDue(f.total) && f.paid < f.total;
    case 'belowDownPayment':
      return f.total === undefined || f.paid === undefined ? undefined : f.paid > 0 && f.paid < downPaymentDue(f.total) && f.paid < f.total;
    case 'nothingPaid':
      return f.paid === undefined ? undefined : f.paid <= 0;
    case 'unpaidLeadExpired':
      if (f.paid === undefined || f.ageHours === undefined || f.leadExpiryHours === undefined) return undefined;
      return f.paid <= 0 && f.madeByStaff !== true && f.ageHours >= f.leadExpiryHours;
  }
}

/**
 * May `actor` move an order from `from` to `to`? Staying in the same status is not a transition
 * (false): callers write nothing then. With `facts`, the edge's guard must hold too; without, only
 * the edge and the actor are checked.
 */
export function canTransition(from: number, to: number, actor: OrderActor, facts?: GuardFacts): boolean {
  return transitionsBetween(from, to).some((t) => t.actors.includes(actor) && (facts === undefined || checkGuard(t.guard, facts) !== false));
}

/** null when allowed, else the Dutch refusal (the API answers it with 409). */
export function transitionProblem(from: number, to: number, actor: OrderActor, facts?: GuardFacts): string | null {
  return canTransition(from, to, actor, facts) ? null : ORDER_TRANSITION_REFUSED(from, to);
}

export class OrderTransitionError extends Error {
  readonly status = 409;
  constructor(
    readonly from: number,
    readonly to: number,
    readonly actor: OrderActor,
  ) {
    super(ORDER_TRANSITION_REFUSED(from, to));
    this.name = 'OrderTransitionError';
  }
}

/** Throws OrderTransitionError (409, Dutch message) unless the change is allowed. */
export function assertTransition(from: number, to: number, actor: OrderActor, facts?: GuardFacts): void {
  if (!canTransition(from, to, actor, facts)) throw new OrderTransitionError(from, to, actor);
}

// ------------------------------------------------------------------------------------------------
// Derived rules (docs/RULES.md, 'Screens: My orders', 'States')

const is = (list: readonly number[]) => (status: number) => list.includes(status);

/** docs/RULES.md, 'States': the pay action exists for PENDING, LEAD and DOWN_PAYMENT. */
export const PAYABLE_STATUSES: readonly number[] = [PENDING, LEAD, DOWN_PAYMENT];
export const mayPay = is(PAYABLE_STATUSES);

/**
 * Statuses no payment moves: staff decided them (cancel, decline, refund, a check by hand).
 * `statusAfterPayments` leaves them alone.
 */
export const SETTLED_STATUSES: readonly number[] = [CANCELLED, DECLINED, REFUNDED, PARTIALLY_REFUNDED, MANUAL_VERIFICATION_REQUIRED];
export const isSettled = is(SETTLED_STATUSES);

/**
 * Who may change the order's contents: the customer only before anything is paid (LEAD, PENDING);
 * staff any order that is not cancelled, declined or (partly) refunded.
 */
export function mayEdit(status: number, actor: 'customer' | 'staff'): boolean {
  if (actor === 'customer') return status === LEAD || status === PENDING;
  return !([CANCELLED, DECLINED, REFUNDED, PARTIALLY_REFUNDED] as number[]).includes(status);
}

/** Statuses whose donations no longer count towards a crowdfund's goal. */
export const DEAD_STATUSES: readonly number[] = [CANCELLED, DECLINED, REFUNDED];
export const countsForCrowdfund = (status: number) => !DEAD_STATUSES.includes(status);

/** docs/RULES.md, 'States': trip overviews include only orders in DOWN_PAYMENT or COMPLETED. */
export const TRIP_OVERVIEW_STATUSES: readonly number[] = [DOWN_PAYMENT, COMPLETED];
export const showsInTripOverview = is(TRIP_OVERVIEW_STATUSES);

/** docs/RULES.md, 'Screens: Visa wizard': documents can be delivered for COMPLETED and DOWN_PAYMENT orders. */
export const mayDeliverDocuments = is(TRIP_OVERVIEW_STATUSES);

/** docs/RULES.md, 'States': cancel (and change) actions show for orders staff may still cancel. */
export const mayCancel = (status: number) => canTransition(status, CANCELLED, 'staff');

/** docs/RULES.md, 'Constants': a down payment is 50 % of the total. */
export const DOWN_PAYMENT_PERCENT = 50;

/**
 * What must be paid before an order counts as down-paid: the down-payment share of its current
 * total, rounded like the 50 % payment itself (pricing.ts amountToPay), so paying that amount is enough.
 */
export const downPaymentDue = (total: number): number => Math.round((total * DOWN_PAYMENT_PERCENT) / 100);

/**
 * The status that follows from what is paid against the CURRENT total: everything → COMPLETED (an
 * order of 0 too: nothing to pay), at least the down-payment share → DOWN_PAYMENT, less than that
 * → PENDING ('In behandeling', the amount paid shown; not a down payment: it holds no right to the
 * places or the visa wizard), nothing (after a payment was removed) → LEAD, shown as 'Niet betaald'.
 * Settled statuses stay. The result may still be refused for the actor (a provider never moves an
 * order down): callers pass it to `assertTransition`.
 */
export function statusAfterPayments(current: number, paid: number, total: number): number {
  if (isSettled(current)) return current;
  if (paid >= total) return COMPLETED;
  if (paid >= downPaymentDue(total)) return DOWN_PAYMENT;
  if (paid > 0) return PENDING;
  if (current === COMPLETED || current === DOWN_PAYMENT) return LEAD;
  return current;
}

// ------------------------------------------------------------------------------------------------
// Payment transactions (our `transactions` rows): one vocabulary for every provider

/**
 * open: our row exists, the provider has not reported yet; pending: the provider says not decided
 * yet. The adapters (simulator, PAY., Mollie) map their own codes onto the last five.
 */
export const TRANSACTION_STATUSES = ['open', 'pending', 'paid', 'cancelled', 'expired', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** What a provider can report: everything but our own 'open'. */
export type ProviderTransactionStatus = Exclude<TransactionStatus, 'open'>;

/** Still able to become paid at the provider: reused for a new press on 'Betalen', polled by the sync. */
export const ACTIVE_TRANSACTION_STATUSES: readonly TransactionStatus[] = ['open', 'pending'];
export const isTransactionActive = (status: string): boolean => (ACTIVE_TRANSACTION_STATUSES as readonly string[]).includes(status);

/**
 * Allowed transaction changes. Paid is final (the payment row is booked once). A cancelled,
 * expired or failed payment can still turn paid when the provider reports it late: money
 * received is always booked.
 */
export const TRANSACTION_TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  open: ['pending', 'paid', 'cancelled', 'expired', 'failed'],
  pending: ['paid', 'cancelled', 'expired', 'failed'],
  paid: [],
  cancelled: ['paid'],
  expired: ['paid'],
  failed: ['paid'],
};

export const canTransactionTransition = (from: string, to: string): boolean =>
  (TRANSACTION_TRANSITIONS[from as TransactionStatus] ?? []).includes(to as TransactionStatus);

/** The statuses a transaction may be in to move to `to` (for a guarded UPDATE ... WHERE status IN). */
export const transactionStatusesBefore = (to: TransactionStatus): TransactionStatus[] =>
  TRANSACTION_STATUSES.filter((from) => canTransactionTransition(from, to));
