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

// The order-building rules (SPEC 5 'Order-building rules', SPEC 9) as pure functions over the
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
export interface ProductLike {
  id: number;
  type: number;
  label: string;
  price: number;
  start: string | null;
  end: string | null;
  region: string;
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
      ? products
          .map((p) => (typeof p === 'number' ? p : Number(record(p).id ?? record(p).product_id)))
          .filter((n) => Number.isInteger(n) && n > 0)
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

export type LineKind =
  | 'room'
  | 'extra'
  | 'non_eu_passport'
  | 'exclusive_room'
  | 'kid_without_bed'
  | 'lesson'
  | 'product'
  | 'donation'
  | 'voucher';

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
  return products
    .filter((p) => p.active && p.type === type && samePackage(p, trip))
    .sort((a, b) => a.price - b.price || a.id - b.id)[0];
}

/** The amount to pay now: 50 % (down payment) or 100 % of the total, less what is paid already. */
export function amountToPay(totalCents: number, percent: 50 | 100, paidCents = 0): number {
  const due = percent === 50 ? Math.round(totalCents / 2) : totalCents;
  return Math.max(0, due - paidCents);
}

export const PAY_PERCENTAGES = [50, 100] as const;

/** True when the voucher's expiry moment has passed. */
export const voucherExpired = (v: Pick<PricingVoucher, 'expireDate'>, now: Date) =>
  v.expireDate !== null && v.expireDate.getTime() < now.getTime();

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
        lines.push({ ...base, kind: 'non_eu_passport', productId: visa.id, label: `${visa.label}: ${name}`, unitPrice: visa.price, total: visa.price });
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

  // Vouchers, after every priced line so bound vouchers can find their products. They never
  // discount donations and never take the total below 0.
  const typed = order.flex.discounts.filter((l) => l.trim() !== '' && !isKidWithoutBed(l));
  if (tooManyVouchers(typed.length, itemCount)) throw new OrderRuleError(VOUCHER_MSG.overused, 400, 'flex.discounts');
  let pool = lines.reduce((s, l) => s + l.total, 0);
  for (const label of typed) {
    const v = catalog.vouchers.find((x) => sameLabel(x.label, label));
    const keep = (opts.keepVouchers ?? []).some((k) => sameLabel(k, label));
    const problem = voucherProblem(v, opts.now, keep);
    if (problem) throw new OrderRuleError(problem.message, 400, 'flex.discounts');
    let base = pool;
    if (v!.products.length > 0) {
      const bound = new Set(v!.products);
      const matching = lines.filter(
        (l) => l.total > 0 && ((l.productId !== null && bound.has(l.productId)) || (l.tripProductId !== undefined && bound.has(l.tripProductId))),
      );
      if (matching.length === 0) throw new OrderRuleError(VOUCHER_MSG.noMatch, 400, 'flex.discounts');
      base = Math.min(pool, matching.reduce((s, l) => s + l.total, 0));
    }
    const amount = Math.max(0, Math.min(v!.amount, base));
    pool -= amount;
    lines.push({
      kind: 'voucher',
      productId: null,
      voucherId: v!.id,
      voucherLabel: v!.label,
      label: `Kortingscode ${v!.label}`,
      quantity: 1,
      unitPrice: -amount,
      total: -amount,
    });
  }

  // Donations: per crowdfund, the sum of this order's amounts must fit in what the goal still needs.
  const perFund = new Map<number, number>();
  for (const c of order.crowdfunds) perFund.set(c.funding_id, (perFund.get(c.funding_id) ?? 0) + c.funding_amount);
  for (const [id, amount] of perFund) {
    const fund = catalog.crowdfunds.find((c) => c.id === id);
    if (!fund) throw new OrderRuleError(DONATION_MSG.unknownFund, 400, 'crowdfunds');
    if (!fund.active) throw new OrderRuleError(DONATION_MSG.inactiveFund, 400, 'crowdfunds');
    const problem = donationProblem(amount, remainingGoal(fund.goalAmount, fund.funded));
    if (problem) throw new OrderRuleError(problem, 400, 'crowdfunds');
    lines.push({ kind: 'donation', productId: null, crowdfundId: id, label: `Donatie: ${fund.label}`, quantity: 1, unitPrice: amount, total: amount });
  }

  const subtotal = sum(lines.filter((l) => l.total > 0 && l.kind !== 'donation'));
  const discountTotal = -sum(lines.filter((l) => l.kind === 'kid_without_bed' || l.kind === 'voucher'));
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
