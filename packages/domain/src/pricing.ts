import {
  AgeCategory,
  EXCLUSIVE_ROOM_PRODUCT_ID,
  KID_WITHOUT_BED_VOUCHER,
  NON_EU_PASSPORT_PRODUCT_ID,
  ageCategoryLabels,
  isLessonType,
  isUmrahType,
} from './enums.ts';
import { donationProblem, remainingGoal, DONATION_MSG } from './validation/donation.ts';
import { ORDER_MSG, type Order } from './validation/order.ts';
import { VOUCHER_MSG } from './validation/voucher.ts';
import {
  packageProduct,
  voucherKey,
  isKidWithoutBed,
  voucherProblem,
  typedVoucherLabels,
  voucherLabelsProblem,
  type DiscountableItem,
  vouchersFitItems,
} from './pricing-rules.ts';
import {
  type PricingProduct,
  type PricingVoucher,
  type PricingCatalog,
  type PricingOptions,
  STOCK_KINDS,
  type PricedLine,
  type PricedRoom,
  type PricedOrder,
  OrderRuleError,
} from './pricing-types.ts';

// The order-building rules (docs/RULES.md, 'Validation: Order-building rules', 'Constants') as pure functions over the
// product, voucher and crowdfund rows they are given. The API runs them on database rows inside the
// order transaction; the web app may run them for a preview. Every amount is in cents.

export * from './pricing-types.ts';
export * from './pricing-rules.ts';

/** Labels (extras, vouchers) are the same however capitalised or padded. */
const sameLabel = (a: string, b: string) => voucherKey(a) === voucherKey(b);
const fullName = (g: { first_name: string; last_name: string }) => `${g.first_name} ${g.last_name}`;

/** What pricing one room or guest needs of the whole order: the rows, the options, the lines so far. */
interface PricingRun {
  catalog: PricingCatalog;
  opts: PricingOptions;
  byId: Map<number, PricingProduct>;
  special: (id: number) => PricingProduct;
  lines: PricedLine[];
}

type OrderRoom = Order['rooms'][number];

/**
 * One guest's lines: the trip place at the age category's price, the visa fee without a European
 * passport, a child without bed's discount. Gives the place's product id.
 */
function priceGuest(
  run: PricingRun,
  { path, r, given, capacity, trip }: { path: string; r: number; given: PricingProduct; capacity: OrderRoom['room_type']; trip: PricingProduct },
  guest: Pick<OrderRoom['guests'][number], 'first_name' | 'last_name' | 'age_category' | 'european_passport' | 'bed_included'>,
  g: number,
): number {
  const { catalog, special, lines } = run;
  const age = guest.age_category as AgeCategory;
  const product = packageProduct(catalog.products, given, capacity, age);
  if (!product) {
    throw new OrderRuleError(ORDER_MSG.noAgeRate(capacity, ageCategoryLabels[age].toLowerCase()), 400, `${path}.guests.${g}`);
  }
  const name = fullName(guest);
  const base = { room: r, guest: g, tripProductId: trip.id, quantity: 1 };
  lines.push({
    ...base,
    kind: 'room',
    productId: product.id,
    label: `${product.label} – ${capacity}-persoonskamer, ${ageCategoryLabels[age].toLowerCase()}: ${name}`,
    unitPrice: product.price,
    total: product.price,
  });
  if (!guest.european_passport) {
    const visa = special(NON_EU_PASSPORT_PRODUCT_ID);
    lines.push({
      ...base,
      kind: 'non_eu_passport',
      productId: visa.id,
      label: `${visa.label}: ${name}`,
      unitPrice: visa.price,
      total: visa.price,
    });
  }
  if (age === AgeCategory.CHILD && !guest.bed_included) {
    const kid = catalog.vouchers.find((v) => isKidWithoutBed(v.label));
    if (!kid) throw new Error(`voucher ${KID_WITHOUT_BED_VOUCHER} is missing`);
    // The discount never makes the child's own line negative.
    const amount = Math.min(kid.amount, product.price);
    lines.push({
      ...base,
      kind: 'kid_without_bed',
      productId: null,
      voucherId: kid.id,
      voucherLabel: KID_WITHOUT_BED_VOUCHER,
      label: `Kind zonder bed: ${name}`,
      unitPrice: -amount,
      total: -amount,
    });
  }
  return product.id;
}

/** One room of the order: its guests' lines, its extras and the exclusive-room surcharge. */
function priceRoom(run: PricingRun, room: OrderRoom, r: number): PricedRoom {
  const { byId, catalog, opts, special, lines } = run;
  const path = `rooms.${r}`;
  const given = byId.get(room.product_id);
  if (!given) throw new OrderRuleError(ORDER_MSG.productNotFound, 400, `${path}.product_id`);
  if (!isUmrahType(given.type)) throw new OrderRuleError(ORDER_MSG.notATrip, 400, `${path}.product_id`);
  if (!given.active) throw new OrderRuleError(ORDER_MSG.unavailable(given.label), 400, `${path}.product_id`);
  if (!opts.allowDeparted && given.start && given.start < opts.today) {
    throw new OrderRuleError(ORDER_MSG.departed, 400, `${path}.product_id`);
  }
  const capacity = room.room_type;
  const trip = packageProduct(catalog.products, given, capacity, AgeCategory.ADULT) ?? given;
  const guestProductIds: number[] = [];

  room.guests.forEach((guest, g) => guestProductIds.push(priceGuest(run, { path, r, given, capacity, trip }, guest, g)));

  for (const extraLabel of room.extras) {
    const extra = given.extras.find((e) => sameLabel(e.label, extraLabel)) ?? trip.extras.find((e) => sameLabel(e.label, extraLabel));
    if (!extra) throw new OrderRuleError(ORDER_MSG.unknownExtra(extraLabel), 400, `${path}.extras`);
    const quantity = room.guests.length;
    lines.push({
      kind: 'extra',
      productId: null,
      room: r,
      tripProductId: trip.id,
      label: `Extra: ${extra.label} (kamer ${r + 1})`,
      quantity,
      unitPrice: extra.price,
      total: extra.price * quantity,
    });
  }

  if (room.exclusive) {
    const excl = special(EXCLUSIVE_ROOM_PRODUCT_ID);
    lines.push({
      kind: 'exclusive_room',
      productId: excl.id,
      room: r,
      guest: 0,
      tripProductId: trip.id,
      label: `${excl.label}: ${fullName(room.guests[0]!)}`,
      quantity: 1,
      unitPrice: excl.price,
      total: excl.price,
    });
  }
  return { tripProductId: trip.id, guestProductIds };
}

/** Products 1 and 999 are part of the shop; without them it is misconfigured. */
function specialProduct(byId: Map<number, PricingProduct>, id: number): PricingProduct {
  const p = byId.get(id);
  if (!p) throw new Error(`special product ${id} is missing`);
  return p;
}

/**
 * Prices an order: per-person room prices by age category, product 1 per guest without a European
 * passport, 'kid-without-bed' per child without own bed, product 999 per exclusive room, extras per
 * guest, lessons (with availability) and plain products, donations and vouchers.
 * Throws OrderRuleError with the Dutch message when a rule is broken.
 */
export function priceOrder(order: Order, catalog: PricingCatalog, opts: PricingOptions): PricedOrder {
  const byId = new Map(catalog.products.map((p) => [p.id, p]));
  const special = (id: number) => specialProduct(byId, id);
  const lines: PricedLine[] = [];
  const rooms: PricedRoom[] = [];

  const run: PricingRun = { byId, catalog, opts, special, lines };
  for (const [r, room] of order.rooms.entries()) rooms.push(priceRoom(run, room, r));

  // Lessons and plain products. Products 1 and 999 and trip products are not bought on their own:
  // the rooms decide them, so a client that lists them here is ignored.
  const counts = new Map<number, number>();
  for (const id of order.products) {
    if (id === NON_EU_PASSPORT_PRODUCT_ID || id === EXCLUSIVE_ROOM_PRODUCT_ID) continue;
    const p = byId.get(id);
    if (p && isUmrahType(p.type)) continue;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  let productItems = 0;
  for (const [id, quantity] of counts) {
    const p = byId.get(id);
    if (!p) throw new OrderRuleError(ORDER_MSG.productNotFound, 400, 'products');
    if (!p.active) throw new OrderRuleError(ORDER_MSG.unavailable(p.label), 400, 'products');
    const lesson = isLessonType(p.type);
    if (lesson) {
      const availability = order.flex.arabia_availibilities.find((a) => a.id === id);
      if (!availability || availability.days.length === 0) throw new OrderRuleError(ORDER_MSG.days, 400, 'flex.arabia_availibilities');
      if (availability.times.length === 0) throw new OrderRuleError(ORDER_MSG.times, 400, 'flex.arabia_availibilities');
    }
    productItems += quantity;
    lines.push({ kind: lesson ? 'lesson' : 'product', productId: p.id, label: p.label, quantity, unitPrice: p.price, total: p.price * quantity });
  }

  const itemCount = order.rooms.length + productItems + order.crowdfunds.length;
  if (itemCount === 0) throw new OrderRuleError(ORDER_MSG.emptyCart, 400);

  // Vouchers, after every priced line so bound vouchers can find their products.
  const left = applyVouchers(lines, order.flex.discounts, catalog.vouchers, opts);
  left.forEach((n, i) => {
    if (lines[i]!.total > 0) lines[i]!.net = n;
  });

  // Donations: per crowdfund, the sum of this order's amounts must fit in what the goal still needs.
  const perFund = new Map<number, number>();
  for (const c of order.crowdfunds) perFund.set(c.funding_id, (perFund.get(c.funding_id) ?? 0) + c.funding_amount);
  for (const [id, amount] of perFund) {
    const fund = catalog.crowdfunds.find((c) => c.id === id);
    if (!fund) throw new OrderRuleError(DONATION_MSG.unknownFund, 400, 'crowdfunds');
    if (!fund.active) throw new OrderRuleError(DONATION_MSG.inactiveFund, 400, 'crowdfunds');
    const problem = donationProblem(amount, remainingGoal(fund.goalAmount, fund.funded));
    if (problem) throw new OrderRuleError(problem, 400, 'crowdfunds');
    lines.push({
      kind: 'donation',
      productId: null,
      crowdfundId: id,
      label: `Donatie: ${fund.label}`,
      quantity: 1,
      unitPrice: amount,
      total: amount,
    });
  }

  const subtotal = sum(lines.filter((l) => l.total > 0 && l.kind !== 'donation'));
  const discountTotal = 0 - sum(lines.filter((l) => l.kind === 'kid_without_bed' || l.kind === 'voucher'));
  const donationTotal = sum(lines.filter((l) => l.kind === 'donation'));
  const stock = new Map<number, number>();
  for (const l of lines) {
    if (l.productId !== null && STOCK_KINDS.includes(l.kind)) stock.set(l.productId, (stock.get(l.productId) ?? 0) + l.quantity);
  }
  return {
    lines,
    rooms,
    subtotal,
    discountTotal,
    donationTotal,
    total: Math.max(0, subtotal - discountTotal) + donationTotal,
    discounts: lines.filter((l) => l.voucherLabel).map((l) => l.voucherLabel!),
    stock: [...stock.entries()].sort((a, b) => a[0] - b[0]).map(([productId, quantity]) => ({ productId, quantity })),
  };
}

const sum = (lines: PricedLine[]) => lines.reduce((s, l) => s + l.total, 0);

/**
 * Checks the typed codes and appends one voucher line per code (in the order typed). Each code's
 * amount is taken from what is still left on the lines it applies to (bound codes first, so an
 * order-wide code does not use up what only a bound code could discount); what is left per line
 * never goes below 0, and donation lines are not there yet, so they are never touched.
 */
function applyVouchers(lines: PricedLine[], labels: readonly string[], vouchers: readonly PricingVoucher[], opts: PricingOptions): number[] {
  const typed = typedVoucherLabels(labels);
  // What is left on each line: product, extra and surcharge lines, less 'kid-without-bed' on the
  // child's own room line.
  const left = lines.map((l) => (l.total > 0 && l.kind !== 'donation' ? l.total : 0));
  lines.forEach((l) => {
    if (l.kind !== 'kid_without_bed') return;
    const own = lines.findIndex((x) => x.kind === 'room' && x.room === l.room && x.guest === l.guest);
    if (own >= 0) left[own] = Math.max(0, left[own]! + l.total);
  });
  if (typed.length === 0) return left;
  const items: DiscountableItem[] = [];
  lines.forEach((l, i) => {
    if (left[i]! <= 0 || l.productId === null) return;
    if (l.kind === 'room') items.push({ productIds: l.tripProductId !== undefined ? [l.productId, l.tripProductId] : [l.productId] });
    if (l.kind === 'lesson' || l.kind === 'product') for (let q = 0; q < l.quantity; q++) items.push({ productIds: [l.productId] });
  });
  const early = voucherLabelsProblem(typed, items.length);
  if (early) throw new OrderRuleError(early, 400, 'flex.discounts');

  const found = typed.map((label) => {
    const v = vouchers.find((x) => sameLabel(x.label, label));
    const keep = (opts.keepVouchers ?? []).some((k) => sameLabel(k, label));
    const problem = voucherProblem(v, opts.now, keep);
    if (problem) throw new OrderRuleError(problem.message, 400, 'flex.discounts');
    return v!;
  });
  const applies = (v: PricingVoucher, l: PricedLine) =>
    v.products.length === 0 ||
    (l.productId !== null && v.products.includes(l.productId)) ||
    (l.tripProductId !== undefined && v.products.includes(l.tripProductId));
  for (const v of found) {
    if (v.products.length > 0 && !lines.some((l, i) => left[i]! > 0 && applies(v, l))) {
      throw new OrderRuleError(VOUCHER_MSG.noMatch, 400, 'flex.discounts');
    }
  }
  if (!vouchersFitItems(found, items)) throw new OrderRuleError(VOUCHER_MSG.overused, 400, 'flex.discounts');

  const amounts = new Map<number, number>();
  const order = found.map((v, i) => ({ v, i })).sort((a, b) => Number(a.v.products.length === 0) - Number(b.v.products.length === 0));
  for (const { v, i } of order) {
    let rest = Math.max(0, v.amount);
    let taken = 0;
    lines.forEach((l, j) => {
      if (rest === 0 || left[j]! <= 0 || !applies(v, l)) return;
      const part = Math.min(rest, left[j]!);
      left[j]! -= part;
      rest -= part;
      taken += part;
    });
    amounts.set(i, taken);
  }
  found.forEach((v, i) => {
    const amount = amounts.get(i) ?? 0;
    lines.push({
      kind: 'voucher',
      productId: null,
      voucherId: v.id,
      voucherLabel: v.label,
      label: `Kortingscode ${v.label}`,
      quantity: 1,
      // 0 − amount, so an exhausted code shows 0 and not −0.
      unitPrice: 0 - amount,
      total: 0 - amount,
    });
  });
  return left;
}
