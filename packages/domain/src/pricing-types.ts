// What pricing an order takes (products, vouchers, crowdfunds as the API's rows or the web's
// answers give them) and what it gives (priced lines, rooms and totals). The rules are in
// pricing-rules.ts, the pricing itself in pricing.ts.

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

export const LINE_KINDS = [
  'room',
  'extra',
  'non_eu_passport',
  'exclusive_room',
  'kid_without_bed',
  'lesson',
  'product',
  'donation',
  'voucher',
] as const;
export type LineKind = (typeof LINE_KINDS)[number];

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
