import { AgeCategory, EXCLUSIVE_ROOM_PRODUCT_ID, KID_WITHOUT_BED_VOUCHER, NON_EU_PASSPORT_PRODUCT_ID, umrahType } from './enums.ts';
import { VOUCHER_MSG } from './validation/voucher.ts';
import type { PricingProduct, PricingVoucher } from './pricing-types.ts';

// The order rules that stand apart from pricing a whole order: packages, payment percentages and
// deadlines, and what makes a voucher usable (docs/RULES.md, 'Validation: Order-building rules').

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
      if (seen[i] || !voucherFits(vouchers[v]!, items[i]!.productIds)) continue;
      seen[i] = true;
      if (owner[i] === -1 || assign(owner[i]!, seen)) {
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
