// The cart entries kept in localStorage ('cart' and 'admin_cart'), docs/RULES.md, 'Entities: Cart entry kinds'. The
// `type` field names the kind; the other fields are what the order payload needs (see
// features/checkout/cart.ts, which turns entries into POST /api/order) plus a few display fields.
// Prices are never stored: the server computes them (POST /api/order/preview).
import type { Region } from '@umrah/domain/enums';

export interface CartGuest {
  first_name: string;
  last_name: string;
  /** 0 adult, 1 child, 2 baby */
  age_category: 0 | 1 | 2;
  /** 0 male, 1 female; in a male or female room the room's gender */
  gender: 0 | 1 | null;
  european_passport: boolean;
  /** Own bed; an adult always has one. */
  bed_included: boolean;
  /** disabled: uses a wheelchair */
  flex: { disabled: boolean };
}

/** Display details of the trip a room belongs to (the server only needs `product_id`). */
export interface CartTrip {
  label: string;
  start: string;
  end: string;
  type_class: 0 | 1;
  region: Region;
}

export interface UmrahEntry {
  type: 'umrah';
  /** A product of the chosen package for the room's size (the adult one when it exists). */
  product_id: number;
  room_type: 2 | 3 | 4;
  max_guests: 2 | 3 | 4;
  /** 0 male, 1 female, 2 mix/family */
  room_gender: 0 | 1 | 2;
  exclusive: boolean;
  /** Labels of the trip's extras chosen for this room. */
  extras: string[];
  guests: CartGuest[];
  trip: CartTrip;
  /** Voucher labels (the cart keeps its codes on its first entry). */
  discounts?: string[];
}

export interface ArabiaEntry {
  type: 'arabia';
  /** The lesson product's id. */
  id: number;
  label: string;
  available_days: string[];
  available_times: string[];
  exclusive: boolean;
  discounts?: string[];
}

export interface FundEntry {
  type: 'fund';
  /** The crowdfund's id. */
  id: number;
  /** cents */
  value: number;
  label: string;
  /** What the goal still needed when the donation was added (cents), for the edit form. */
  remaining?: number;
  discounts?: string[];
}

export interface ProductEntry {
  type: 'product';
  id: number;
  label: string;
  discounts?: string[];
}

export type CartEntry = UmrahEntry | ArabiaEntry | FundEntry | ProductEntry;
