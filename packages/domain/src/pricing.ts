import {
  AgeCategory,
  EXCLUSIVE_ROOM_PRODUCT_ID,
  KID_WITHOUT_BED_VOUCHER,
  NON_EU_PASSPORT_PRODUCT_ID,
  ageCategoryLabels,
  isLessonType,
  isUmrahType,
  umrahType,
} from './enums.ts';
import { donationProblem, remainingGoal, DONATION_MSG } from './validation/donation.ts';
import { ORDER_MSG, type Order } from './validation/order.ts';
import { VOUCHER_MSG } from './validation/voucher.ts';

// The order-building rules (docs/RULES.md, 'Validation: Order-building rules', 'Constants') as pure functions over the
// product, voucher and crowdfund rows they are given. The API runs them on database rows inside the
// order transaction; the web app may run them for a preview. Every amount is in cents.

// ------------------------------------------------------------------------------------------------
// Inputs

/** What pricing needs of a product. */
export interface PricingProduct {
  id: number;
  type: number;
  label: string;
  /** cents, per person for Umrah types */
  price: number;
  start: string | null;
  end: string | null;
  region: string;
  active: boolean;
  typeClass: number;
  /** Optional extras of a trip, price per person in cents. */
  extras: { label: string; price: number }[];
}

/** A product row of the database (`isActive`) or of GET /api/products (`is_active`). */
export interface ProductLike extends Pick<PricingProduct, 'id' | 'type' | 'label' | 'price' | 'start' | 'end' | 'region'> {
  isActive?: boolean;
  is_active?: boolean;
  flex: unknown;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function toPricingProduct(p: ProductLike): PricingProduct {
  const flex = record(p.flex);
  const extras = Array.isArray(flex.extras)
    ? flex.extras
        .map(record)
        .filter((e) => typeof e.label === 'string' && typeof e.price === 'number' && Number.isInteger(e.price) && e.price >= 0)
        .map((e) => ({ label: e.label as string, price: e.price as number }))
    : [];
  return {
    id: p.id,
    type: p.type,
    label: p.label,
    price: p.price,
    start: p.start,
    end: p.end,
    region: p.region,
    active: p.isActive ?? p.is_active ?? true,
    typeClass: typeof flex.type_class === 'number' ? flex.type_class : 0,
    extras,
  };
}

export interface PricingVoucher {
  id: number;
  label: string;
  /** cents */
  amount: number;
  expireDate: Date | null;
  active: boolean;
  /** Product ids it is bound to; empty: the whole order. */
  products: number[];
}

export function toPricingVoucher(v: {
  id: number;
  label: string;
  amount: number;
  expireDate?: Date | string | null;
  expire_date?: Date | string | null;
  active: boolean;
  flex: unknown;
}): PricingVoucher {
  const expire = v.expireDate ?? v.expire_date ?? null;
  const products = record(v.flex).products;
  return {
    id: v.id,
    label: v.label,
    amount: v.amount,
    expireDate: expire ? new Date(expire) : null,
    active: v.active,
    products: Array.isArray(products)
      ? products.map((p) => (typeof p === 'number' ? p : Number(record(p).id ?? record(p).product_id))).filter((n) => Number.isInteger(n) && n > 0)
      : [],
  };
}

export interface PricingCrowdfund {
  id: number;
  label: string;
  /** cents */
  goalAmount: number;
  /** cents already pledged by other orders */
  funded: number;
  active: boolean;
}

export interface PricingCatalog {
  /** Every product the order may need: the rooms' packages, lessons, plain products, 1 and 999. */
  products: PricingProduct[];
  /** The vouchers found for the order's labels, and 'kid-without-bed'. */
  vouchers: PricingVoucher[];
  crowdfunds: PricingCrowdfund[];
}

export interface PricingOptions {
  now: Date;
  /** 'YYYY-MM-DD' in Dutch local time; trips that started before it are refused. */
  today: string;
  /** Staff may book a trip that has already started. */
  allowDeparted?: boolean;
  /** Labels already on the order being edited: they stay valid after their expiry. */
  keepVouchers?: readonly string[];
}

// ------------------------------------------------------------------------------------------------
// Outputs

export type LineKind = 'room' | 'extra' | 'non_eu_passport' | 'exclusive_room' | 'kid_without_bed' | 'lesson' | 'product' | 'donation' | 'voucher';

/** Lines of these kinds sell a product and take its stock. */
export const STOCK_KINDS: readonly LineKind[] = ['room', 'non_eu_passport', 'exclusive_room', 'lesson', 'product'];

export interface PricedLine {
  kind: LineKind;
  /** The product sold; null for extras, donations and discounts. */
  productId: number | null;
  label: string;
  quantity: number;
  /** cents; negative for discounts */
  unitPrice: number;
  total: number;
  /** Index of the room / guest in the payload. */
  room?: number;
  guest?: number;
  /** The package product of the room a line belongs to (for product-bound vouchers). */
  tripProductId?: number;
  voucherId?: number;
  voucherLabel?: string;
  crowdfundId?: number;
  /**
   * Product, extra and surcharge lines: what is left of the line after 'kid-without-bed' and
   * vouchers (never below 0). Not set on donation and discount lines.
   */
  net?: number;
}

export interface PricedRoom {
  /** The adult product of the room's size in its package: the trip the room belongs to. */
  tripProductId: number;
  /** Each guest's product (by room size and age category). */
  guestProductIds: number[];
}

export interface PricedOrder {
  lines: PricedLine[];
  rooms: PricedRoom[];
  /** Sum of the product and extra lines before discounts. */
  subtotal: number;
  /** Sum of all discounts, as a positive number. */
  discountTotal: number;
  donationTotal: number;
  /** What the order costs: subtotal − discounts + donations, never below 0. */
  total: number;
  /** The discount labels applied, one per use ('kid-without-bed' once per child without bed). */
  discounts: string[];
  /** Units to take from stock per product, sorted by product id (the lock order). */
  stock: { productId: number; quantity: number }[];
}

/** A broken rule, with the Dutch message to show and the HTTP status it maps to. */
export class OrderRuleError extends Error {
  constructor(
    message: string,
    public readonly status: 400 | 404 | 409 = 400,
    public readonly path?: string,
  ) {
    super(message);
    this.name = 'OrderRuleError';
  }
}

// ------------------------------------------------------------------------------------------------
// Rules

/** Same package: products the admin form created together (same title, dates, region and class). */
export const samePackage = (a: PricingProduct, b: PricingProduct) =>
  a.label === b.label && a.start === b.start && a.end === b.end && a.region === b.region && a.typeClass === b.typeClass;

/**
 * The product of a package for a room size and age category: the active one, the cheapest when the
 * package holds two of a type (as the catalog shows it), else undefined.
 */
export function packageProduct(
  products: readonly PricingProduct[],
  trip: PricingProduct,
  capacity: 2 | 3 | 4,
  age: AgeCategory,
): PricingProduct | undefined {
  const type = umrahType(capacity, age);
  return products.filter((p) => p.active && p.type === type && samePackage(p, trip)).sort((a, b) => a.price - b.price || a.id - b.id)[0];
}

/** The amount to pay now: 50 % (down payment) or 100 % of the total, less what is paid already. */
export function amountToPay(totalCents: number, percent: 50 | 100, paidCents = 0): number {
  const due = percent === 50 ? Math.round(totalCents / 2) : totalCents;
  return Math.max(0, due - paidCents);
}

export const PAY_PERCENTAGES = [50, 100] as const;

export const DOWN_PAYMENT_MSG = {
  deadlinePassed: (deadline: string) =>
    `De betaaltermijn van deze reis is verstreken: de reis moest uiterlijk op ${deadline.slice(8, 10)}-${deadline.slice(5, 7)}-${deadline.slice(0, 4)} betaald zijn, daarom is alleen het volledige bedrag mogelijk.`,
} as const;

/** The earliest payment deadline ('YYYY-MM-DD') of the given ones, or null when none is set. */
export const earliestDeadline = (deadlines: readonly (string | null | undefined)[]): string | null =>
  deadlines.filter((d): d is string => typeof d === 'string' && d !== '').sort()[0] ?? null;

/**
 * Why a 50 % down payment is not allowed, or null. The product's payment_deadline is the day by
 * which the trip must be paid in full ('Betaal uiterlijk op ...'), so a down payment is possible
 * up to and including that day (Dutch date), on every order without payments (docs/RULES.md,
 * 'Screens: My orders': 'Aanbetaling 50%' when no payments yet), also one placed for full payment
 * whose payment failed: the amount asked is still exactly half. After the deadline only the full
 * (remaining) amount can be paid; a payment after a down payment is always the rest.
 */
export function downPaymentProblem(o: { deadline: string | null; today: string }): string | null {
  if (o.deadline && o.today > o.deadline) return DOWN_PAYMENT_MSG.deadlinePassed(o.deadline);
  return null;
}

/** True when the voucher's expiry moment has passed. */
export const voucherExpired = (v: Pick<PricingVoucher, 'expireDate'>, now: Date) => v.expireDate !== null && v.expireDate.getTime() < now.getTime();

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
export const isKidWithoutBed = (label: string) => sameLabel(label, KID_WITHOUT_BED_VOUCHER);

/**
 * Why a typed voucher code cannot be used, or null. 'kid-without-bed' is not a code a customer
 * types: the order rules add it, so it counts as unknown here.
 */
export function voucherProblem(v: PricingVoucher | undefined, now: Date, keep = false): { status: 400 | 404; message: string } | null {
  if (!v || !v.active || isKidWithoutBed(v.label)) return { status: 404, message: VOUCHER_MSG.unknown };
  if (!keep && voucherExpired(v, now)) return { status: 400, message: VOUCHER_MSG.expired };
  return null;
}

/** More vouchers than cart items: 'Kortingscode kan niet vaker worden gebruikt.' */
export const tooManyVouchers = (voucherCount: number, itemCount: number) => voucherCount > itemCount;

// ------------------------------------------------------------------------------------------------
// Voucher rules (docs/RULES.md, 'Validation: Cart voucher'), hardened against stacking:
// - A code is the same code however it is capitalised or padded: listing it twice is refused with
//   'Kortingscode kan niet vaker worden gebruikt.' (not silently merged, so the customer sees why).
// - 'More codes than items' counts only items a code can discount: each guest's trip place, each
//   lesson and each plain product bought on its own, with a value above 0. Donations, extras,
//   visa fees and the exclusive-room surcharge are never items. Each code needs an item of its own
//   that it applies to (a product-bound code: an item of its products), so two codes bound to one
//   lesson need two such lessons.
// - Discounts are spread over the lines they apply to and never take a line below 0; donations are
//   never discounted.

/** The form in which voucher labels are compared: trimmed, without regard to case. */
export const voucherKey = (label: string) => label.trim().toLowerCase();

/** The labels a customer typed: empty ones and 'kid-without-bed' (added by the rules) left out. */
export const typedVoucherLabels = (labels: readonly string[]) => labels.filter((l) => l.trim() !== '' && !isKidWithoutBed(l));

/**
 * The count rule on labels alone: a repeated code, or more codes than items.
 * `itemCount` is the number of items a code can discount (see `discountableItemCount`).
 */
export function voucherLabelsProblem(labels: readonly string[], itemCount: number): string | null {
  const typed = typedVoucherLabels(labels);
  if (new Set(typed.map(voucherKey)).size !== typed.length) return VOUCHER_MSG.overused;
  if (tooManyVouchers(typed.length, itemCount)) return VOUCHER_MSG.overused;
  return null;
}

/**
 * How many items of an order payload a code could discount, before prices are known: one per guest
 * and one per listed product (lessons, plain products), never donations. The cart sends it with
 * POST /api/requestVoucher; the order itself counts exactly (`priceOrder`).
 */
export function discountableItemCount(order: { rooms?: readonly { guests?: readonly unknown[] }[]; products?: readonly number[] }): number {
  const guests = (order.rooms ?? []).reduce((n, r) => n + (r.guests?.length ?? 0), 0);
  const products = (order.products ?? []).filter((id) => id !== NON_EU_PASSPORT_PRODUCT_ID && id !== EXCLUSIVE_ROOM_PRODUCT_ID).length;
  return guests + products;
}

/** One item a code can be used on, with the product ids a product-bound code may match. */
export interface DiscountableItem {
  productIds: readonly number[];
}

const voucherFits = (v: Pick<PricingVoucher, 'products'>, productIds: readonly number[]) =>
  v.products.length === 0 || productIds.some((id) => v.products.includes(id));

/**
 * True when every voucher can have an item of its own (a bipartite matching: a bound code takes
 * an item of its products, an unbound one any item). Small inputs (≤ 50 codes), so the simple
 * augmenting-path search is plenty.
 */
export function vouchersFitItems(vouchers: readonly Pick<PricingVoucher, 'products'>[], items: readonly DiscountableItem[]): boolean {
  if (vouchers.length > items.length) return false;
  const owner: number[] = items.map(() => -1);
  const assign = (v: number, seen: boolean[]): boolean => {
    for (let i = 0; i < items.length; i++) {
      if (seen[i] || !voucherFits(vouchers[v], items[i].productIds)) continue;
      seen[i] = true;
      if (owner[i] === -1 || assign(owner[i], seen)) {
        owner[i] = v;
        return true;
      }
    }
    return false;
  };
  return vouchers.every((_, v) =>
    assign(
      v,
      items.map(() => false),
    ),
  );
}

const fullName = (g: { first_name: string; last_name: string }) => `${g.first_name} ${g.last_name}`;

/**
 * Prices an order: per-person room prices by age category, product 1 per guest without a European
 * passport, 'kid-without-bed' per child without own bed, product 999 per exclusive room, extras per
 * guest, lessons (with availability) and plain products, donations and vouchers.
 * Throws OrderRuleError with the Dutch message when a rule is broken.
 */
export function priceOrder(order: Order, catalog: PricingCatalog, opts: PricingOptions): PricedOrder {
  const byId = new Map(catalog.products.map((p) => [p.id, p]));
  const special = (id: number) => {
    const p = byId.get(id);
    // Products 1 and 999 and 'kid-without-bed' are part of the shop; without them it is misconfigured.
    if (!p) throw new Error(`special product ${id} is missing`);
    return p;
  };
  const lines: PricedLine[] = [];
  const rooms: PricedRoom[] = [];

  order.rooms.forEach((room, r) => {
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

    room.guests.forEach((guest, g) => {
      const age = guest.age_category as AgeCategory;
      const product = packageProduct(catalog.products, given, capacity, age);
      if (!product) {
        throw new OrderRuleError(ORDER_MSG.noAgeRate(capacity, ageCategoryLabels[age].toLowerCase()), 400, `${path}.guests.${g}`);
      }
      guestProductIds.push(product.id);
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
    });

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
        label: `${excl.label}: ${fullName(room.guests[0])}`,
        quantity: 1,
        unitPrice: excl.price,
        total: excl.price,
      });
    }
    rooms.push({ tripProductId: trip.id, guestProductIds });
  });

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
    if (lines[i].total > 0) lines[i].net = n;
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
    if (own >= 0) left[own] = Math.max(0, left[own] + l.total);
  });
  if (typed.length === 0) return left;
  const items: DiscountableItem[] = [];
  lines.forEach((l, i) => {
    if (left[i] <= 0 || l.productId === null) return;
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
    if (v.products.length > 0 && !lines.some((l, i) => left[i] > 0 && applies(v, l))) {
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
      if (rest === 0 || left[j] <= 0 || !applies(v, l)) return;
      const part = Math.min(rest, left[j]);
      left[j] -= part;
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
