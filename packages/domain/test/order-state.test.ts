import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTORS,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  OrderStatus,
  OrderTransitionError,
  TRANSACTION_STATUSES,
  TRANSACTION_TRANSITIONS,
  assertTransition,
  canTransactionTransition,
  canTransition,
  checkGuard,
  countsForCrowdfund,
  isSettled,
  isTransactionActive,
  mayCancel,
  mayDeliverDocuments,
  mayEdit,
  mayPay,
  showsInTripOverview,
  statusAfterPayments,
  transactionStatusesBefore,
  transitionProblem,
  type OrderActor,
} from '../src/index.ts';

const S = OrderStatus;
const key = (from: number, to: number, actor: OrderActor) => `${from}>${to}:${actor}`;
/** The allowed (from, to, actor) triples, written out by hand: the table must say exactly this. */
const EXPECTED = new Set(
  (
    [
      [S.LEAD, S.DOWN_PAYMENT, ['provider', 'staff']],
      [S.LEAD, S.COMPLETED, ['provider', 'staff', 'system']],
      [S.PENDING, S.DOWN_PAYMENT, ['provider', 'staff']],
      [S.PENDING, S.COMPLETED, ['provider', 'staff', 'system']],
      [S.DOWN_PAYMENT, S.PENDING, ['staff']],
      [S.COMPLETED, S.PENDING, ['staff']],
      [S.MANUAL_VERIFICATION_REQUIRED, S.PENDING, ['staff']],
      [S.DOWN_PAYMENT, S.COMPLETED, ['provider', 'staff']],
      [S.COMPLETED, S.DOWN_PAYMENT, ['staff']],
      [S.COMPLETED, S.LEAD, ['staff']],
      [S.DOWN_PAYMENT, S.LEAD, ['staff']],
      [S.MANUAL_VERIFICATION_REQUIRED, S.LEAD, ['staff']],
      [S.MANUAL_VERIFICATION_REQUIRED, S.DOWN_PAYMENT, ['staff']],
      [S.MANUAL_VERIFICATION_REQUIRED, S.COMPLETED, ['staff']],
      [S.LEAD, S.PENDING, ['provider', 'staff']],
      [S.LEAD, S.MANUAL_VERIFICATION_REQUIRED, ['staff']],
      [S.PENDING, S.MANUAL_VERIFICATION_REQUIRED, ['staff']],
      [S.DOWN_PAYMENT, S.MANUAL_VERIFICATION_REQUIRED, ['staff']],
      [S.LEAD, S.CANCELLED, ['staff', 'system']],
      [S.PENDING, S.CANCELLED, ['staff']],
      [S.DOWN_PAYMENT, S.CANCELLED, ['staff']],
      [S.COMPLETED, S.CANCELLED, ['staff']],
      [S.MANUAL_VERIFICATION_REQUIRED, S.CANCELLED, ['staff']],
      [S.LEAD, S.DECLINED, ['staff']],
      [S.PENDING, S.DECLINED, ['staff']],
      [S.MANUAL_VERIFICATION_REQUIRED, S.DECLINED, ['staff']],
      [S.COMPLETED, S.REFUNDED, ['staff']],
      [S.DOWN_PAYMENT, S.REFUNDED, ['staff']],
      [S.CANCELLED, S.REFUNDED, ['staff']],
      [S.PARTIALLY_REFUNDED, S.REFUNDED, ['staff']],
      [S.COMPLETED, S.PARTIALLY_REFUNDED, ['staff']],
      [S.DOWN_PAYMENT, S.PARTIALLY_REFUNDED, ['staff']],
      [S.CANCELLED, S.PARTIALLY_REFUNDED, ['staff']],
    ] as const
  ).flatMap(([from, to, actors]) => actors.map((a) => key(from, to, a))),
);

describe('order state machine', () => {
  it('knows the nine statuses of the spec', () => {
    expect([...ORDER_STATES].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('the table holds exactly the expected edges', () => {
    const inTable = new Set(ORDER_TRANSITIONS.flatMap((t) => t.actors.map((a) => key(t.from, t.to, a))));
    expect([...inTable].sort()).toEqual([...EXPECTED].sort());
  });

  // Every (from, to, actor) of 9 × 9 × 4: allowed exactly when expected, refused otherwise.
  const all = ORDER_STATES.flatMap((from) => ORDER_STATES.flatMap((to) => ORDER_ACTORS.map((actor) => [from, to, actor] as const)));
  it.each(all.filter(([f, t, a]) => EXPECTED.has(key(f, t, a))))('allows %i → %i by %s', (from, to, actor) => {
    expect(canTransition(from, to, actor)).toBe(true);
    expect(transitionProblem(from, to, actor)).toBeNull();
    expect(() => assertTransition(from, to, actor)).not.toThrow();
  });
  it.each(all.filter(([f, t, a]) => !EXPECTED.has(key(f, t, a))))('refuses %i → %i by %s', (from, to, actor) => {
    expect(canTransition(from, to, actor)).toBe(false);
    expect(transitionProblem(from, to, actor)).toMatch(/^Deze statuswijziging is niet toegestaan: .+ → .+\.$/);
    expect(() => assertTransition(from, to, actor)).toThrow(OrderTransitionError);
  });

  it('refuses with the Dutch status names and status 409', () => {
    try {
      assertTransition(S.CANCELLED, S.COMPLETED, 'provider');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(OrderTransitionError);
      expect((err as OrderTransitionError).status).toBe(409);
      expect((err as Error).message).toBe('Deze statuswijziging is niet toegestaan: Geannuleerd → Voltooid.');
    }
    expect(transitionProblem(S.LEAD, S.REFUNDED, 'staff')).toBe('Deze statuswijziging is niet toegestaan: Niet betaald → Terugbetaald.');
  });

  it('checks guards when facts are given', () => {
    expect(canTransition(S.LEAD, S.COMPLETED, 'provider', { total: 1000, paid: 1000 })).toBe(true);
    expect(canTransition(S.LEAD, S.COMPLETED, 'provider', { total: 1000, paid: 500 })).toBe(false);
    expect(canTransition(S.LEAD, S.DOWN_PAYMENT, 'provider', { total: 1000, paid: 500 })).toBe(true);
    expect(canTransition(S.LEAD, S.DOWN_PAYMENT, 'provider', { total: 1000, paid: 0 })).toBe(false);
    expect(canTransition(S.DOWN_PAYMENT, S.LEAD, 'staff', { total: 1000, paid: 0 })).toBe(true);
    expect(canTransition(S.DOWN_PAYMENT, S.LEAD, 'staff', { total: 1000, paid: 1 })).toBe(false);
    // The scheduler: only a customer's lead, unpaid, old enough.
    const lead = { paid: 0, ageHours: 49, leadExpiryHours: 48 };
    expect(canTransition(S.LEAD, S.CANCELLED, 'system', lead)).toBe(true);
    expect(canTransition(S.LEAD, S.CANCELLED, 'system', { ...lead, ageHours: 47 })).toBe(false);
    expect(canTransition(S.LEAD, S.CANCELLED, 'system', { ...lead, paid: 100 })).toBe(false);
    expect(canTransition(S.LEAD, S.CANCELLED, 'system', { ...lead, madeByStaff: true })).toBe(false);
    // Staff cancel has no guard.
    expect(canTransition(S.LEAD, S.CANCELLED, 'staff', { ...lead, paid: 100 })).toBe(true);
    expect(checkGuard('fullyPaid', {})).toBeUndefined();
    // An order of 0 is covered by nothing (docs/MONEY.md: it completes without a payment).
    expect(checkGuard('fullyPaid', { total: 0, paid: 0 })).toBe(true);
    expect(canTransition(S.LEAD, S.COMPLETED, 'system', { total: 0, paid: 0 })).toBe(true);
    expect(canTransition(S.LEAD, S.COMPLETED, 'system', { total: 1000, paid: 0 })).toBe(false);
    // docs/MONEY.md: a payment below the down-payment share is no down payment.
    expect(canTransition(S.LEAD, S.DOWN_PAYMENT, 'provider', { total: 3_032_000, paid: 1250 })).toBe(false);
    expect(canTransition(S.LEAD, S.PENDING, 'provider', { total: 3_032_000, paid: 1250 })).toBe(true);
    expect(canTransition(S.LEAD, S.DOWN_PAYMENT, 'provider', { total: 1001, paid: 501 })).toBe(true);
    expect(canTransition(S.LEAD, S.DOWN_PAYMENT, 'provider', { total: 1001, paid: 500 })).toBe(false);
  });
});

describe('derived rules', () => {
  const only = (fn: (s: number) => boolean) => ORDER_STATES.filter((s) => fn(s)).sort();
  it('pay, settle, crowdfund, trip overview, documents, cancel', () => {
    expect(only(mayPay)).toEqual([S.PENDING, S.LEAD, S.DOWN_PAYMENT].sort());
    expect(only(isSettled)).toEqual([S.CANCELLED, S.DECLINED, S.REFUNDED, S.PARTIALLY_REFUNDED, S.MANUAL_VERIFICATION_REQUIRED].sort());
    expect(only(countsForCrowdfund)).toEqual(
      [S.PENDING, S.LEAD, S.COMPLETED, S.MANUAL_VERIFICATION_REQUIRED, S.PARTIALLY_REFUNDED, S.DOWN_PAYMENT].sort(),
    );
    expect(only(showsInTripOverview)).toEqual([S.COMPLETED, S.DOWN_PAYMENT].sort());
    expect(only(mayDeliverDocuments)).toEqual([S.COMPLETED, S.DOWN_PAYMENT].sort());
    expect(only(mayCancel)).toEqual([S.PENDING, S.LEAD, S.COMPLETED, S.MANUAL_VERIFICATION_REQUIRED, S.DOWN_PAYMENT].sort());
  });
  it('edit: the customer before payment, staff until cancelled, declined or refunded', () => {
    expect(only((s) => mayEdit(s, 'customer'))).toEqual([S.PENDING, S.LEAD].sort());
    expect(only((s) => mayEdit(s, 'staff'))).toEqual([S.PENDING, S.LEAD, S.COMPLETED, S.MANUAL_VERIFICATION_REQUIRED, S.DOWN_PAYMENT].sort());
  });
  it('status after payments', () => {
    expect(statusAfterPayments(S.LEAD, 0, 1000)).toBe(S.LEAD);
    expect(statusAfterPayments(S.PENDING, 0, 1000)).toBe(S.PENDING);
    expect(statusAfterPayments(S.LEAD, 500, 1000)).toBe(S.DOWN_PAYMENT);
    // docs/MONEY.md: €12.50 of €30,320 is no down payment; the share counts against the current total.
    expect(statusAfterPayments(S.LEAD, 1250, 3_032_000)).toBe(S.PENDING);
    expect(statusAfterPayments(S.LEAD, 499, 1000)).toBe(S.PENDING);
    expect(statusAfterPayments(S.DOWN_PAYMENT, 500, 2000)).toBe(S.PENDING);
    expect(statusAfterPayments(S.PENDING, 1000, 2000)).toBe(S.DOWN_PAYMENT);
    expect(statusAfterPayments(S.LEAD, 1000, 1000)).toBe(S.COMPLETED);
    expect(statusAfterPayments(S.DOWN_PAYMENT, 1200, 1000)).toBe(S.COMPLETED);
    expect(statusAfterPayments(S.COMPLETED, 500, 1000)).toBe(S.DOWN_PAYMENT);
    expect(statusAfterPayments(S.COMPLETED, 0, 1000)).toBe(S.LEAD);
    expect(statusAfterPayments(S.LEAD, 0, 0)).toBe(S.COMPLETED);
    for (const s of [S.CANCELLED, S.DECLINED, S.REFUNDED, S.PARTIALLY_REFUNDED, S.MANUAL_VERIFICATION_REQUIRED]) {
      expect(statusAfterPayments(s, 1000, 1000)).toBe(s);
    }
  });
  it('whatever statusAfterPayments answers for a live order is a transition staff may make', () => {
    for (const s of ORDER_STATES.filter((x) => !isSettled(x))) {
      for (const [paid, total] of [
        [0, 1000],
        [1, 1000],
        [500, 1000],
        [1000, 1000],
        [2000, 1000],
        [0, 0],
      ]) {
        const next = statusAfterPayments(s, paid!, total!);
        if (next !== s) expect(canTransition(s, next, 'staff', { paid, total }), `${s} → ${next}`).toBe(true);
      }
    }
  });
});

describe('payment transactions', () => {
  it('one vocabulary; open and pending are active', () => {
    expect(TRANSACTION_STATUSES).toEqual(['open', 'pending', 'paid', 'cancelled', 'expired', 'failed']);
    expect(TRANSACTION_STATUSES.filter(isTransactionActive)).toEqual(['open', 'pending']);
    expect(isTransactionActive('whatever')).toBe(false);
  });
  const pairs = TRANSACTION_STATUSES.flatMap((a) => TRANSACTION_STATUSES.map((b) => [a, b] as const));
  const allowed = new Set([
    'open>pending',
    'open>paid',
    'open>cancelled',
    'open>expired',
    'open>failed',
    'pending>paid',
    'pending>cancelled',
    'pending>expired',
    'pending>failed',
    'cancelled>paid',
    'expired>paid',
    'failed>paid',
  ]);
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransactionTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
    expect(TRANSACTION_TRANSITIONS[from].includes(to)).toBe(allowed.has(`${from}>${to}`));
  });
  it('statuses before', () => {
    expect(transactionStatusesBefore('paid')).toEqual(['open', 'pending', 'cancelled', 'expired', 'failed']);
    expect(transactionStatusesBefore('pending')).toEqual(['open']);
  });
});
