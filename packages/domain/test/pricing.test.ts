import { describe, expect, it } from 'vitest';
import {
  ORDER_MSG,
  OrderRuleError,
  VOUCHER_MSG,
  amountToPay,
  orderSchema,
  priceOrder,
  roomFormSchema,
  roomSchema,
  toPricingProduct,
  toPricingVoucher,
  voucherProblem,
  type PricingCatalog,
  type PricingProduct,
} from '../src/index.ts';

// A catalog like the demo seed: one Firstclass and one Premiumclass package of the same trip.
const TRIP = { start: '2027-03-10', end: '2027-03-24', region: 'NL' };
const PRICES: Record<2 | 3 | 4, [number, number, number]> = {
  2: [189500, 149500, 45000],
  3: [174500, 139500, 45000],
  4: [164500, 129500, 45000],
};
const tripId = (cls: 0 | 1, type: number) => 1000 + cls * 100 + type;
function packageProducts(cls: 0 | 1): PricingProduct[] {
  const rows: PricingProduct[] = [];
  for (const size of [2, 3, 4] as const) {
    PRICES[size].forEach((price, age) => {
      const type = { 2: 2, 3: 5, 4: 8 }[size] + age;
      rows.push({
        id: tripId(cls, type),
        type,
        label: 'Umrah maart 2027',
        price: cls === 1 && age < 2 ? price - 15000 : price,
        ...TRIP,
        active: true,
        typeClass: cls,
        extras: [{ label: 'Ziyarat Taif', price: 7500 }],
      });
    });
  }
  return rows;
}
const plain = (id: number, type: number, label: string, price: number): PricingProduct => ({
  id,
  type,
  label,
  price,
  start: null,
  end: null,
  region: 'NL',
  active: true,
  typeClass: 0,
  extras: [],
});

const NOW = new Date('2026-11-23T10:00:00Z');
const TODAY = '2026-11-23';
const V = {
  kid: { id: 1, label: 'kid-without-bed', amount: 25000, expireDate: null, active: true, products: [] },
  welkom: { id: 2, label: 'WELKOM50', amount: 5000, expireDate: new Date('2027-11-23T10:00:00Z'), active: true, products: [] },
  expired: { id: 3, label: 'VERLOPEN', amount: 10000, expireDate: new Date('2026-10-23T10:00:00Z'), active: true, products: [] },
  lessonOnly: { id: 4, label: 'LESKORTING', amount: 1000, expireDate: null, active: true, products: [2001] },
  huge: { id: 5, label: 'ALLES', amount: 10_000_000, expireDate: null, active: true, products: [] },
  off: { id: 6, label: 'UIT', amount: 1000, expireDate: null, active: false, products: [] },
};

const catalog = (over: Partial<PricingCatalog> = {}): PricingCatalog => ({
  products: [
    ...packageProducts(0),
    ...packageProducts(1),
    plain(1, 1, 'Visumkosten niet-Europees paspoort', 30000),
    plain(999, 1, 'Exclusief gebruik 2-persoonskamer', 85000),
    plain(2001, 11, 'Arabisch voor beginners', 2500),
    plain(3001, 1, 'Gebedsmat', 1500),
  ],
  vouchers: Object.values(V),
  crowdfunds: [{ id: 7, label: 'Waterput in Senegal', goalAmount: 500000, funded: 100000, active: true }],
  ...over,
});

const adult = (first = 'Ahmed', extra: Record<string, unknown> = {}) => ({ first_name: first, last_name: 'Yilmaz', age_category: 0, ...extra });
const child = (first = 'Sara', extra: Record<string, unknown> = {}) => ({ first_name: first, last_name: 'Yilmaz', age_category: 1, ...extra });
const baby = (first = 'Adam', extra: Record<string, unknown> = {}) => ({ first_name: first, last_name: 'Yilmaz', age_category: 2, ...extra });

/** A male 2-person room of the Firstclass package. */
const room = (guests: unknown[], extra: Record<string, unknown> = {}) => ({
  product_id: tripId(0, 2),
  room_type: 2,
  room_gender: 0,
  guests,
  ...extra,
});

function price(input: unknown, cat = catalog(), opts: { allowDeparted?: boolean; keepVouchers?: string[]; today?: string } = {}) {
  return priceOrder(orderSchema.parse(input), cat, { now: NOW, today: opts.today ?? TODAY, ...opts });
}
function ruleError(fn: () => unknown): OrderRuleError {
  try {
    fn();
  } catch (err) {
    if (err instanceof OrderRuleError) return err;
    throw err;
  }
  throw new Error('expected an OrderRuleError');
}
function schemaMessages(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => i.message);
}

describe('room prices by age category', () => {
  it('one adult in a male 2-person room pays the 2-person adult price', () => {
    const p = price({ rooms: [room([adult()])] });
    expect(p.total).toBe(189500);
    expect(p.lines).toEqual([expect.objectContaining({ kind: 'room', productId: tripId(0, 2), unitPrice: 189500, quantity: 1, guest: 0, room: 0 })]);
    expect(p.stock).toEqual([{ productId: tripId(0, 2), quantity: 1 }]);
    expect(p.rooms).toEqual([{ tripProductId: tripId(0, 2), guestProductIds: [tripId(0, 2)] }]);
  });

  it('a mix 3-person room: adult 1745 + child 1395 + baby with bed 450 = 3590 euro', () => {
    const p = price({
      rooms: [
        {
          product_id: tripId(0, 2),
          room_type: 3,
          room_gender: 2,
          guests: [adult('A', { gender: 0 }), child('B', { gender: 1 }), baby('C', { gender: 0, bed_included: true })],
        },
      ],
    });
    expect(p.lines.map((l) => [l.productId, l.unitPrice])).toEqual([
      [tripId(0, 5), 174500],
      [tripId(0, 6), 139500],
      [tripId(0, 7), 45000],
    ]);
    expect(p.total).toBe(359000);
    // The room belongs to the adult product of its own size, whatever package product was sent.
    expect(p.rooms[0]?.tripProductId).toBe(tripId(0, 5));
  });

  it('takes the prices of the package the product belongs to (Premiumclass is 150 euro cheaper)', () => {
    const p = price({ rooms: [room([adult()], { product_id: tripId(1, 3) })] });
    expect(p.lines[0]?.productId).toBe(tripId(1, 2));
    expect(p.total).toBe(174500);
  });

  it('refuses an age category the package has no product for, an inactive or departed trip', () => {
    const noBaby = catalog({ products: catalog().products.filter((p) => p.id !== tripId(0, 4)) });
    expect(ruleError(() => price({ rooms: [room([adult(), baby('B', { bed_included: false })])] }, noBaby)).message).toBe(
      ORDER_MSG.noAgeRate(2, 'baby'),
    );
    const inactive = catalog({ products: catalog().products.map((p) => (p.id === tripId(0, 2) ? { ...p, active: false } : p)) });
    expect(ruleError(() => price({ rooms: [room([adult()])] }, inactive)).message).toBe(ORDER_MSG.unavailable('Umrah maart 2027'));
    expect(ruleError(() => price({ rooms: [room([adult()])] }, catalog(), { today: '2027-03-11' })).message).toBe(ORDER_MSG.departed);
    expect(price({ rooms: [room([adult()])] }, catalog(), { today: '2027-03-11', allowDeparted: true }).total).toBe(189500);
  });
});

describe('product 1 for a guest without a European passport', () => {
  it('adds 300 euro per such guest', () => {
    const p = price({ rooms: [room([adult('A', { european_passport: false }), adult('B', { european_passport: false })])] });
    expect(p.lines.filter((l) => l.kind === 'non_eu_passport')).toEqual([
      expect.objectContaining({ productId: 1, unitPrice: 30000, guest: 0 }),
      expect.objectContaining({ productId: 1, unitPrice: 30000, guest: 1 }),
    ]);
    expect(p.total).toBe(2 * 189500 + 2 * 30000);
    expect(p.stock).toEqual([
      { productId: 1, quantity: 2 },
      { productId: tripId(0, 2), quantity: 2 },
    ]);
  });

  it('ignores product 1 and 999 and trip products sent in `products`', () => {
    const p = price({ products: [1, 999, tripId(0, 2)], rooms: [room([adult()])] });
    expect(p.total).toBe(189500);
  });
});

describe("'kid-without-bed' per child without own bed", () => {
  it('subtracts the voucher amount from the database (250 euro) per child without bed', () => {
    const p = price({ rooms: [room([adult(), child('S', { bed_included: false })])] });
    expect(p.lines.find((l) => l.kind === 'kid_without_bed')).toMatchObject({ unitPrice: -25000, guest: 1, voucherLabel: 'kid-without-bed' });
    expect(p.total).toBe(189500 + 149500 - 25000);
    expect(p.discounts).toEqual(['kid-without-bed']);
    expect(p.discountTotal).toBe(25000);
  });

  it('uses whatever amount the voucher row holds, and only for children', () => {
    const cheap = catalog({ vouchers: [{ ...V.kid, amount: 20000 }] });
    const p = price({ rooms: [room([adult(), child('S', { bed_included: false }), baby('B', { bed_included: false })])] }, cheap);
    expect(p.lines.filter((l) => l.kind === 'kid_without_bed').map((l) => l.total)).toEqual([-20000]);
    expect(p.total).toBe(189500 + 149500 + 45000 - 20000);
  });

  it('a child with its own bed pays the full child price; a client-sent kid-without-bed label is ignored', () => {
    const p = price({ rooms: [room([adult(), child('S')])], flex: { discounts: ['kid-without-bed', 'kid-without-bed'] } });
    expect(p.total).toBe(189500 + 149500);
    expect(p.discounts).toEqual([]);
  });
});

describe('product 999 for an exclusive room', () => {
  it('adds 850 euro for one guest alone in a male or female 2-person room', () => {
    const p = price({ rooms: [room([adult()], { exclusive: true, room_gender: 1 })] });
    expect(p.lines.find((l) => l.kind === 'exclusive_room')).toMatchObject({ productId: 999, unitPrice: 85000 });
    expect(p.total).toBe(189500 + 85000);
    expect(p.stock).toContainEqual({ productId: 999, quantity: 1 });
  });

  it('is refused for a mix room, a 3-person room or more than one guest', () => {
    const msg = (r: unknown) => schemaMessages(roomSchema, r);
    expect(msg(room([adult('A', { gender: 0 }), adult('B', { gender: 1 })], { exclusive: true, room_gender: 2 }))).toContain(ORDER_MSG.exclusive);
    expect(msg(room([adult()], { exclusive: true, room_type: 3 }))).toContain(ORDER_MSG.exclusive);
    expect(msg(room([adult(), adult('B')], { exclusive: true }))).toContain(ORDER_MSG.exclusive);
    expect(msg(room([adult()], { exclusive: true }))).toEqual([]);
  });
});

describe('extras', () => {
  it('prices a chosen extra of the trip per guest; an unknown one is refused', () => {
    const p = price({ rooms: [room([adult(), adult('B')], { extras: ['Ziyarat Taif'] })] });
    expect(p.lines.find((l) => l.kind === 'extra')).toMatchObject({ quantity: 2, unitPrice: 7500, total: 15000 });
    expect(p.total).toBe(2 * 189500 + 15000);
    expect(ruleError(() => price({ rooms: [room([adult()], { extras: [{ label: 'Helikopter', price: 1 }] })] })).message).toBe(
      ORDER_MSG.unknownExtra('Helikopter'),
    );
  });
});

describe('vouchers', () => {
  it('subtracts the amount in cents; the label is matched without regard to case', () => {
    const p = price({ rooms: [room([adult()])], flex: { discounts: ['welkom50'] } });
    expect(p.total).toBe(189500 - 5000);
    expect(p.lines.at(-1)).toMatchObject({ kind: 'voucher', voucherId: 2, unitPrice: -5000 });
    expect(p.discounts).toEqual(['WELKOM50']);
  });

  it('refuses an unknown, inactive or expired code with the spec messages', () => {
    const order = (code: string) => ({ rooms: [room([adult()])], flex: { discounts: [code] } });
    expect(ruleError(() => price(order('BESTAATNIET'))).message).toBe(VOUCHER_MSG.unknown);
    expect(ruleError(() => price(order('UIT'))).message).toBe(VOUCHER_MSG.unknown);
    expect(ruleError(() => price(order('VERLOPEN'))).message).toBe(VOUCHER_MSG.expired);
    // A code already on an order that is edited keeps working after its expiry.
    expect(price(order('VERLOPEN'), catalog(), { keepVouchers: ['VERLOPEN'] }).total).toBe(189500 - 10000);
  });

  it('allows no more vouchers than cart items, and a code only once', () => {
    // Vouchers do not stack: the same code twice (any case) is refused, it no longer counts again.
    const sameTwice = { discounts: ['WELKOM50', 'welkom50'] };
    expect(ruleError(() => price({ rooms: [room([adult()])], products: [3001], flex: sameTwice })).message).toBe(VOUCHER_MSG.overused);
    const twoCodes = { discounts: ['WELKOM50', 'ALLES'] };
    expect(ruleError(() => price({ rooms: [room([adult()])], flex: twoCodes })).message).toBe(VOUCHER_MSG.overused);
    // Two items (a guest's place and a plain product): two different codes are fine.
    const second = { id: 8, label: 'TWEEDE', amount: 1000, expireDate: null, active: true, products: [] };
    const ok = price(
      { rooms: [room([adult()])], products: [3001], flex: { discounts: ['WELKOM50', 'TWEEDE'] } },
      catalog({ vouchers: [...Object.values(V), second] }),
    );
    expect(ok.total).toBe(189500 + 1500 - 5000 - 1000);
  });

  it('applies a product-bound voucher only when its product is ordered, and at most its price', () => {
    const lessonFlex = { arabia_availibilities: [{ id: 2001, days: ['Maandag'], times: ['09:00-12:00'] }] };
    expect(ruleError(() => price({ rooms: [room([adult()])], flex: { discounts: ['LESKORTING'] } })).message).toBe(VOUCHER_MSG.noMatch);
    const p = price({ products: [2001, 3001], flex: { ...lessonFlex, discounts: ['LESKORTING'] } });
    // 10 euro off, bound to the 25 euro lesson.
    expect(p.total).toBe(2500 + 1500 - 1000);
    const bigBound = catalog({ vouchers: [{ ...V.lessonOnly, amount: 100000 }] });
    expect(price({ products: [2001, 3001], flex: { ...lessonFlex, discounts: ['LESKORTING'] } }, bigBound).total).toBe(1500);
  });

  it('never takes the total below 0 and never eats a donation', () => {
    const p = price({ products: [3001], crowdfunds: [{ funding_id: 7, funding_amount: 2000 }], flex: { discounts: ['ALLES'] } });
    expect(p.lines.find((l) => l.kind === 'voucher')!.total).toBe(-1500);
    expect(p.total).toBe(2000);
  });

  it('voucherProblem: the cart lookup rules', () => {
    expect(voucherProblem(undefined, NOW)).toEqual({ status: 404, message: VOUCHER_MSG.unknown });
    expect(voucherProblem(V.kid, NOW)).toEqual({ status: 404, message: VOUCHER_MSG.unknown });
    expect(voucherProblem(V.expired, NOW)).toEqual({ status: 400, message: VOUCHER_MSG.expired });
    expect(voucherProblem(V.welkom, NOW)).toBeNull();
  });

  it('reads database rows: flex.products and the expiry date', () => {
    const v = toPricingVoucher({
      id: 9,
      label: 'X',
      amount: 100,
      expireDate: '2027-01-01T00:00:00Z',
      active: true,
      flex: { products: [5, { id: 6 }] },
    });
    expect(v).toEqual({ id: 9, label: 'X', amount: 100, expireDate: new Date('2027-01-01T00:00:00Z'), active: true, products: [5, 6] });
  });
});

describe('donations', () => {
  it('adds the amount to the total when it fits in what the goal still needs', () => {
    const p = price({ crowdfunds: [{ funding_id: 7, funding_amount: 400000 }] });
    expect(p.total).toBe(400000);
    expect(p.donationTotal).toBe(400000);
    expect(p.stock).toEqual([]);
  });

  it("refuses more than the remaining goal with 'Bedrag moet lager zijn dan {remaining}'", () => {
    const err = ruleError(() =>
      price({
        crowdfunds: [
          { funding_id: 7, funding_amount: 300000 },
          { funding_id: 7, funding_amount: 100001 },
        ],
      }),
    );
    expect(err.message).toBe('Bedrag moet lager zijn dan € 4.000,-');
  });

  it("requires an amount above 0: 'Bedrag is verplicht!', 'Bedrag moet boven 0 zijn'", () => {
    expect(schemaMessages(orderSchema, { crowdfunds: [{ funding_id: 7 }] })).toContain('Bedrag is verplicht!');
    expect(schemaMessages(orderSchema, { crowdfunds: [{ funding_id: 7, funding_amount: 0 }] })).toContain('Bedrag moet boven 0 zijn');
    expect(ruleError(() => price({ crowdfunds: [{ funding_id: 8, funding_amount: 100 }] })).message).toBe('Dit doel bestaat niet.');
  });
});

describe('lessons with availability', () => {
  it('needs days and time slots for each lesson', () => {
    expect(ruleError(() => price({ products: [2001] })).message).toBe(ORDER_MSG.days);
    expect(
      schemaMessages(orderSchema, { products: [2001], flex: { arabia_availibilities: [{ id: 2001, days: [], times: ['09:00-12:00'] }] } }),
    ).toContain(ORDER_MSG.days);
    expect(
      schemaMessages(orderSchema, { products: [2001], flex: { arabia_availibilities: [{ id: 2001, days: ['Maandag'], times: ['08:00-09:00'] }] } }),
    ).toContain(ORDER_MSG.times);
  });

  it('prices a lesson (a repeated id is a quantity) and keeps the days in week order', () => {
    const input = {
      products: [2001, 2001],
      flex: JSON.stringify({ arabia_availibilities: [{ id: 2001, days: ['Zondag', 'Maandag'], times: ['18:00-21:00', '09:00-12:00'] }] }),
    };
    const parsed = orderSchema.parse(input);
    expect(parsed.flex.arabia_availibilities[0]).toEqual({ id: 2001, days: ['Maandag', 'Zondag'], times: ['09:00-12:00', '18:00-21:00'] });
    const p = price(input);
    expect(p.lines).toEqual([expect.objectContaining({ kind: 'lesson', productId: 2001, quantity: 2, total: 5000 })]);
    expect(p.stock).toEqual([{ productId: 2001, quantity: 2 }]);
  });
});

describe('room validation (docs/RULES.md, Validation: Room wizard)', () => {
  const msgs = (r: unknown) => schemaMessages(roomSchema, r);

  it('requires room type, room kind, names and age category', () => {
    expect(msgs({ product_id: 1001, guests: [adult()] })).toEqual(expect.arrayContaining([ORDER_MSG.roomType, ORDER_MSG.roomGender]));
    expect(msgs(room([{ first_name: ' ', last_name: '', age_category: 5 }]))).toEqual(
      expect.arrayContaining([ORDER_MSG.firstName, ORDER_MSG.lastName, ORDER_MSG.ageCategory]),
    );
    expect(msgs(room([]))).toEqual([ORDER_MSG.minGuests]);
  });

  it("requires the gender of each guest in a mix room, and a full room: 'Er moet(en) minimaal 3 bed(den) gevuld zijn'", () => {
    expect(msgs(room([adult(), adult('B'), adult('C')], { room_type: 3, room_gender: 2 }))).toEqual([
      ORDER_MSG.gender,
      ORDER_MSG.gender,
      ORDER_MSG.gender,
    ]);
    expect(msgs(room([adult('A', { gender: 0 }), adult('B', { gender: 1 })], { room_type: 3, room_gender: 2 }))).toEqual([
      'Er moet(en) minimaal 3 bed(den) gevuld zijn in deze kamer.',
    ]);
    // A child without bed does not fill a bed.
    expect(msgs(room([adult('A', { gender: 0 }), child('B', { gender: 1, bed_included: false })], { room_gender: 2 }))).toEqual([
      'Er moet(en) minimaal 2 bed(den) gevuld zijn in deze kamer.',
    ]);
  });

  it('needs 1 filled bed in a male or female room, and no more beds than the capacity', () => {
    expect(msgs(room([child('A', { bed_included: false })]))).toEqual(['Er moet(en) minimaal 1 bed(den) gevuld zijn in deze kamer.']);
    expect(msgs(room([adult(), adult('B'), adult('C')]))).toEqual([ORDER_MSG.maxBeds(2)]);
    // Children without a bed may come on top of the full beds.
    expect(msgs(room([adult(), adult('B'), child('C', { bed_included: false })]))).toEqual([]);
  });

  it('keeps the 4-person room for adults only', () => {
    expect(msgs(room([adult(), adult('B'), adult('C'), child('D')], { room_type: 4 }))).toEqual([ORDER_MSG.adultsOnly]);
    expect(msgs(room([adult(), adult('B'), adult('C'), adult('D')], { room_type: 4 }))).toEqual([]);
  });

  it('normalises: adults always have a bed, guests of a male or female room get its gender', () => {
    const r = roomSchema.parse(room([adult('A', { bed_included: false, gender: 1 })], { max_guests: 9999 }));
    expect(r.guests[0]).toMatchObject({ bed_included: true, gender: 0, european_passport: true, flex: { disabled: false } });
    expect(r.max_guests).toBe(2);
  });

  it('the wizard form schema gives the same messages without a trip', () => {
    expect(schemaMessages(roomFormSchema, { room_type: 2, room_gender: 2, guests: [adult('A', { gender: 0 })] })).toEqual([
      'Er moet(en) minimaal 2 bed(den) gevuld zijn in deze kamer.',
    ]);
  });
});

describe('the order payload', () => {
  it('drops client prices and unknown fields', () => {
    const parsed = orderSchema.parse({
      rooms: [{ ...room([{ ...adult(), price: 1 }]), price: 1, total_price: 1 }],
      total_price: 1,
      flex: { discounts: [], total: 1 },
    });
    expect(JSON.stringify(parsed)).not.toMatch(/price|total/);
  });

  it('refuses an empty cart and unreadable flex text', () => {
    expect(schemaMessages(orderSchema, {})).toEqual([ORDER_MSG.emptyCart]);
    expect(schemaMessages(orderSchema, { products: [3001], flex: '{nope' })).toContain(ORDER_MSG.invalidFlex);
    // Only ignored products left: still an empty cart.
    expect(ruleError(() => price({ products: [1, 999] })).message).toBe(ORDER_MSG.emptyCart);
  });
});

describe('combined worked example', () => {
  it('2 guests: an adult without European passport and a child without bed, with WELKOM50', () => {
    // 1895 (adult, 2-person) + 300 (visa, product 1) + 1495 (child) − 250 (kid-without-bed) − 50 (WELKOM50)
    // = 3390 euro.
    const p = price({
      rooms: [room([adult('Ahmed', { european_passport: false }), child('Sara', { bed_included: false })])],
      flex: { discounts: ['WELKOM50'], pay_partly: true },
    });
    expect(p.lines.map((l) => [l.kind, l.total])).toEqual([
      ['room', 189500],
      ['non_eu_passport', 30000],
      ['room', 149500],
      ['kid_without_bed', -25000],
      ['voucher', -5000],
    ]);
    expect(p.subtotal).toBe(369000);
    expect(p.discountTotal).toBe(30000);
    expect(p.total).toBe(339000);
    expect(p.discounts).toEqual(['kid-without-bed', 'WELKOM50']);
    expect(amountToPay(p.total, 50)).toBe(169500);
    expect(amountToPay(p.total, 100)).toBe(339000);
  });

  it('an exclusive room, a lesson, a donation and a voucher together', () => {
    // 1895 + 850 (exclusive) + 25 (lesson) − 50 (voucher) + 100 (donation) = 2820 euro.
    const p = price({
      rooms: [room([adult()], { exclusive: true })],
      products: [2001],
      crowdfunds: [{ funding_id: 7, funding_amount: 10000 }],
      flex: { discounts: ['WELKOM50'], arabia_availibilities: [{ id: 2001, days: ['Dinsdag'], times: ['12:00-15:00'] }] },
    });
    expect(p.total).toBe(282000);
    expect(p.donationTotal).toBe(10000);
    expect(p.stock).toEqual([
      { productId: 999, quantity: 1 },
      { productId: tripId(0, 2), quantity: 1 },
      { productId: 2001, quantity: 1 },
    ]);
  });
});

describe('amountToPay', () => {
  it('is 50 % or 100 % of the total, less what is paid', () => {
    expect(amountToPay(100001, 50)).toBe(50001);
    expect(amountToPay(100000, 100, 50000)).toBe(50000);
    expect(amountToPay(100000, 50, 60000)).toBe(0);
  });
});

describe('toPricingProduct', () => {
  it('reads a database row or an API product', () => {
    const row = {
      id: 5,
      type: 2,
      label: 'T',
      price: 100,
      start: '2027-01-01',
      end: '2027-01-10',
      region: 'NL',
      isActive: false,
      flex: { type_class: 1, extras: [{ label: 'E', price: 5 }, { label: 'bad' }] },
    };
    expect(toPricingProduct(row)).toMatchObject({ active: false, typeClass: 1, extras: [{ label: 'E', price: 5 }] });
    expect(toPricingProduct({ ...row, isActive: undefined, is_active: true, flex: {} })).toMatchObject({ active: true, typeClass: 0, extras: [] });
  });
});
