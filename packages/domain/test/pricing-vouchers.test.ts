// Vouchers that stack, and the down-payment rule, on the pure pricing rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOWN_PAYMENT_MSG,
  OrderRuleError,
  VOUCHER_MSG,
  discountableItemCount,
  downPaymentProblem,
  earliestDeadline,
  orderSchema,
  priceOrder,
  voucherLabelsProblem,
  vouchersFitItems,
  type PricingCatalog,
  type PricingProduct,
  type PricingVoucher,
} from '../src/index.ts';

const TRIP = { label: 'Umrah maart 2027', start: '2027-03-10', end: '2027-03-24', region: 'NL', active: true, typeClass: 0 };
const product = (id: number, type: number, price: number, extra: Partial<PricingProduct> = {}): PricingProduct => ({
  id,
  type,
  label: `Product ${id}`,
  price,
  start: null,
  end: null,
  region: 'NL',
  active: true,
  typeClass: 0,
  extras: [],
  ...extra,
});
// A 3-person package (adult 1745, child 1395, baby 450), a lesson of 25 euro, a plain product of 15.
const products: PricingProduct[] = [
  product(105, 5, 174500, { ...TRIP, extras: [{ label: 'Ziyarat Taif', price: 7500 }] }),
  product(106, 6, 139500, TRIP),
  product(107, 7, 45000, TRIP),
  product(1, 1, 30000),
  product(999, 1, 85000),
  product(2001, 11, 2500),
  product(2002, 12, 3000),
  product(3001, 1, 1500),
];
const voucher = (id: number, label: string, amount: number, bound: number[] = []): PricingVoucher => ({
  id,
  label,
  amount,
  expireDate: null,
  active: true,
  products: bound,
});
const vouchers: PricingVoucher[] = [
  voucher(1, 'kid-without-bed', 25000),
  voucher(2, 'WELKOM50', 5000),
  voucher(3, 'ALLES', 10_000_000),
  voucher(4, 'LES10', 1000, [2001]),
  voucher(5, 'LESALLES', 1_000_000, [2001]),
  voucher(6, 'REIS100', 10000, [105]),
  voucher(7, 'KLEIN', 1),
];
const catalog: PricingCatalog = {
  products,
  vouchers,
  crowdfunds: [{ id: 7, label: 'Waterput', goalAmount: 100_000_000, funded: 0, active: true }],
};
const NOW = new Date('2026-11-23T10:00:00Z');
const price = (input: unknown) => priceOrder(orderSchema.parse(input), catalog, { now: NOW, today: '2026-11-23' });
const adult = (n = 'Ahmed') => ({ first_name: n, last_name: 'Yilmaz', age_category: 0 });
// A male 3-person room: one guest is enough there (a mix room must be full).
const room = (guests: unknown[]) => ({ product_id: 105, room_type: 3, room_gender: 0, guests });
const fullRoom = () => room([adult('A'), adult('B'), adult('C')]);
const lessons = (ids: number[]) => ({
  products: ids,
  flex: { arabia_availibilities: [...new Set(ids)].map((id) => ({ id, days: ['Maandag'], times: ['09:00-12:00'] })) },
});
function ruleError(fn: () => unknown): OrderRuleError {
  try {
    fn();
  } catch (err) {
    if (err instanceof OrderRuleError) return err;
    throw err;
  }
  throw new Error('expected an OrderRuleError');
}

describe('vouchers do not stack', () => {
  it('one room + 19 donations of 1 cent + WELKOM50 ×20 is refused (donations are no items, a code counts once)', () => {
    const input = {
      rooms: [fullRoom()],
      crowdfunds: Array.from({ length: 19 }, () => ({ funding_id: 7, funding_amount: 1 })),
      flex: { discounts: Array.from({ length: 20 }, () => 'WELKOM50') },
    };
    expect(ruleError(() => price(input)).message).toBe(VOUCHER_MSG.overused);
    // With the code once the room gets its 50 euro off, the donations stay whole.
    const once = price({ ...input, flex: { discounts: ['WELKOM50'] } });
    expect(once.total).toBe(3 * 174500 - 5000 + 19);
    expect(once.donationTotal).toBe(19);
  });

  it('three lessons + WELKOM50 ×3 (also as case variants) is refused; once it takes at most the lessons', () => {
    for (const discounts of [
      ['WELKOM50', 'WELKOM50', 'WELKOM50'],
      ['WELKOM50', 'welkom50', ' Welkom50 '],
    ]) {
      expect(ruleError(() => price({ ...lessons([2001, 2001, 2002]), flex: { ...lessons([2001, 2002]).flex, discounts } })).message).toBe(
        VOUCHER_MSG.overused,
      );
    }
    const once = price({ ...lessons([2001, 2001, 2002]), flex: { ...lessons([2001, 2002]).flex, discounts: ['WELKOM50'] } });
    // 2 × 25 + 30 = 80 euro, 50 off.
    expect(once.total).toBe(8000 - 5000);
  });

  it('donations never count as items: one lesson and a donation carry one code, not two', () => {
    const base = { ...lessons([2001]), crowdfunds: [{ funding_id: 7, funding_amount: 500 }] };
    expect(price({ ...base, flex: { ...base.flex, discounts: ['WELKOM50'] } }).total).toBe(500);
    expect(ruleError(() => price({ ...base, flex: { ...base.flex, discounts: ['WELKOM50', 'KLEIN'] } })).message).toBe(VOUCHER_MSG.overused);
    // A donation alone has nothing a code can discount.
    expect(ruleError(() => price({ crowdfunds: [{ funding_id: 7, funding_amount: 500 }], flex: { discounts: ['KLEIN'] } })).message).toBe(
      VOUCHER_MSG.overused,
    );
  });

  it('counts each guest of a room as an item', () => {
    const p = price({ rooms: [fullRoom()], flex: { discounts: ['WELKOM50', 'ALLES', 'KLEIN'] } });
    expect(p.total).toBe(0);
    expect(ruleError(() => price({ rooms: [room([adult()])], flex: { discounts: ['WELKOM50', 'KLEIN'] } })).message).toBe(VOUCHER_MSG.overused);
  });

  it('a product-bound code needs an item of its own products', () => {
    // One lesson 2001 and a plain product: two codes, but both bound to the one lesson.
    const input = (discounts: string[]) => ({ ...lessons([2001, 3001]), flex: { ...lessons([2001]).flex, discounts } });
    expect(ruleError(() => price(input(['LES10', 'LESALLES']))).message).toBe(VOUCHER_MSG.overused);
    // One bound to the lesson and one for the whole order fit.
    const p = price(input(['LES10', 'WELKOM50']));
    expect(p.total).toBe(0);
    // A bound code takes at most what its lessons cost, never the plain product.
    const big = price(input(['LESALLES']));
    expect(big.total).toBe(1500);
    expect(big.lines.find((l) => l.kind === 'voucher')!.total).toBe(-2500);
  });

  it('a bound code discounts its trip: the guests, their extras and surcharges, not a lesson', () => {
    const p = price({
      rooms: [{ ...room([adult()]), extras: ['Ziyarat Taif'] }],
      ...lessons([2001]),
      flex: { ...lessons([2001]).flex, discounts: ['REIS100'] },
    });
    expect(p.total).toBe(174500 + 7500 + 2500 - 10000);
  });

  it('no line below 0: a child without bed keeps at least 0 after every code', () => {
    const p = price({
      rooms: [room([adult(), { first_name: 'Sara', last_name: 'Y', age_category: 1, bed_included: false }])],
      flex: { discounts: ['ALLES', 'WELKOM50'] },
    });
    expect(p.total).toBe(0);
    for (const l of p.lines) if (l.net !== undefined) expect(l.net).toBeGreaterThanOrEqual(0);
    expect(p.discountTotal).toBe(p.subtotal);
  });

  it('the label rules on their own (used by POST /api/requestVoucher)', () => {
    expect(voucherLabelsProblem(['WELKOM50', ' welkom50'], 5)).toBe(VOUCHER_MSG.overused);
    expect(voucherLabelsProblem(['WELKOM50', 'kid-without-bed', ''], 1)).toBeNull();
    expect(voucherLabelsProblem(['A', 'B'], 1)).toBe(VOUCHER_MSG.overused);
    expect(discountableItemCount({ rooms: [{ guests: [1, 2, 3] }], products: [2001, 1, 999, 3001] })).toBe(5);
    expect(vouchersFitItems([{ products: [1] }, { products: [] }], [{ productIds: [1] }, { productIds: [2] }])).toBe(true);
    expect(vouchersFitItems([{ products: [] }, { products: [1] }], [{ productIds: [1] }, { productIds: [2] }])).toBe(true);
    expect(vouchersFitItems([{ products: [1] }, { products: [1] }], [{ productIds: [1] }, { productIds: [2] }])).toBe(false);
  });
});

describe('property: no voucher list makes a cart cost less than its donations', () => {
  const labels = [...vouchers.map((v) => v.label), 'welkom50', ' ALLES ', 'les10', 'ONBEKEND'];
  const guest = fc.record({
    first_name: fc.constant('G'),
    last_name: fc.constant('H'),
    age_category: fc.constantFrom(0, 1, 2),
    gender: fc.constant(0),
    european_passport: fc.boolean(),
    bed_included: fc.boolean(),
  });
  const cart = fc.record({
    rooms: fc.array(
      fc.record({
        product_id: fc.constant(105),
        room_type: fc.constant(3),
        room_gender: fc.constant(2),
        guests: fc.array(guest, { minLength: 3, maxLength: 3 }),
        extras: fc.subarray(['Ziyarat Taif']),
      }),
      { maxLength: 2 },
    ),
    products: fc.array(fc.constantFrom(2001, 2002, 3001), { maxLength: 4 }),
    crowdfunds: fc.array(fc.record({ funding_id: fc.constant(7), funding_amount: fc.integer({ min: 1, max: 100_000 }) }), { maxLength: 20 }),
    // Mostly short lists (those get priced), sometimes long ones with repeats (those are refused).
    discounts: fc.oneof(
      { weight: 3, arbitrary: fc.uniqueArray(fc.constantFrom(...labels), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom(...labels), { maxLength: 25 }) },
    ),
  });

  it('total ≥ donations, no line below 0, discount ≤ discountable amount', () => {
    fc.assert(
      fc.property(cart, (c) => {
        if (c.rooms.length + c.products.length + c.crowdfunds.length === 0) return;
        const input = {
          rooms: c.rooms,
          products: c.products,
          crowdfunds: c.crowdfunds,
          flex: {
            discounts: c.discounts,
            arabia_availibilities: lessons([...new Set(c.products)].filter((id) => id !== 3001)).flex.arabia_availibilities,
          },
        };
        // Carts the schema refuses (a room rule) never reach the pricing.
        const parsed = orderSchema.safeParse(input);
        fc.pre(parsed.success);
        let p;
        try {
          p = priceOrder(parsed.data!, catalog, { now: NOW, today: '2026-11-23' });
        } catch (err) {
          // A refused list is fine; only the rules' own Dutch refusals are.
          expect(err).toBeInstanceOf(OrderRuleError);
          return;
        }
        const donations = c.crowdfunds.reduce((s, d) => s + d.funding_amount, 0);
        expect(p.donationTotal).toBe(donations);
        expect(p.total).toBeGreaterThanOrEqual(donations);
        expect(p.total).toBe(p.subtotal - p.discountTotal + donations);
        expect(p.discountTotal).toBeLessThanOrEqual(p.subtotal);
        for (const l of p.lines) {
          if (l.kind === 'voucher' || l.kind === 'kid_without_bed') expect(l.total).toBeLessThanOrEqual(0);
          else expect(l.total).toBeGreaterThanOrEqual(0);
          if (l.net !== undefined) {
            expect(l.net).toBeGreaterThanOrEqual(0);
            expect(l.net).toBeLessThanOrEqual(l.total);
          }
        }
        // What the lines lost is exactly the discount: nothing came out of a donation.
        const lost = p.lines.reduce((s, l) => s + (l.net !== undefined ? l.total - l.net : 0), 0);
        expect(lost).toBe(p.discountTotal);
        // Never more codes than discountable items, never one code twice.
        const typed = c.discounts.filter((l) => l.trim().toLowerCase() !== 'kid-without-bed');
        expect(new Set(typed.map((l) => l.trim().toLowerCase())).size).toBe(typed.length);
        expect(typed.length).toBeLessThanOrEqual(c.rooms.length * 3 + c.products.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('down payment rule', () => {
  it('up to and including the deadline, whatever the order was placed as', () => {
    expect(downPaymentProblem({ deadline: '2026-11-23', today: '2026-11-23' })).toBeNull();
    expect(downPaymentProblem({ deadline: null, today: '2026-11-23' })).toBeNull();
    expect(downPaymentProblem({ deadline: '2026-11-22', today: '2026-11-23' })).toBe(DOWN_PAYMENT_MSG.deadlinePassed('2026-11-22'));
    expect(DOWN_PAYMENT_MSG.deadlinePassed('2026-11-22')).toContain('22-11-2026');
    expect(earliestDeadline([null, '2027-02-01', '2026-12-31', undefined])).toBe('2026-12-31');
    expect(earliestDeadline([null])).toBeNull();
  });
});
