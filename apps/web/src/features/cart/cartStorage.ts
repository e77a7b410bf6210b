// The carts live in localStorage as arrays: 'cart' for everyone, 'admin_cart' for the admin cart
// (docs/RULES.md, 'Entities', local state). The cart feature itself builds on these; the header only counts them.
// docs/RULES.md, 'States: Cart operations': add, update at index, remove at index, clear.
import { useMemo, useSyncExternalStore } from 'react';
import { readJson, readString, subscribeKey, writeJson } from '../../lib/storage';

export const CART_KEY = 'cart';
export const ADMIN_CART_KEY = 'admin_cart';
export type CartKey = typeof CART_KEY | typeof ADMIN_CART_KEY;

export function readCart<T = unknown>(key: CartKey = CART_KEY): T[] {
  const value = readJson<unknown>(key, []);
  return Array.isArray(value) ? (value as T[]) : [];
}

export function writeCart(key: CartKey, items: unknown[]): void {
  writeJson(key, items);
}

function useCartLength(key: CartKey): number {
  return useSyncExternalStore(
    (cb) => subscribeKey(key, cb),
    () => readCart(key).length,
    () => 0,
  );
}

export const useCartCount = () => useCartLength(CART_KEY);
export const useAdminCartCount = () => useCartLength(ADMIN_CART_KEY);

/** The entries of a cart, following every change (this tab and others). */
export function useCartEntries<T = unknown>(key: CartKey): T[] {
  const raw = useSyncExternalStore(
    (cb) => subscribeKey(key, cb),
    () => readString(key),
    () => null,
  );
  // Parsed once per change of the stored text, so the array is stable between renders.
  return useMemo(() => readCart<T>(key), [key, raw]);
}

// ------------------------------------------------------------------------------------------------
// Voucher codes. The order payload collects the labels of every entry (features/checkout/cart.ts);
// the cart keeps them together on its first entry, and never more codes than entries (docs/RULES.md, 'Validation': more
// vouchers than cart items is refused).

type WithDiscounts = { discounts?: unknown };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The voucher labels of a cart, once each, in the order they were added. */
export function cartDiscounts(entries: readonly unknown[]): string[] {
  const labels: string[] = [];
  for (const e of entries) {
    if (!isRecord(e) || !Array.isArray(e.discounts)) continue;
    for (const l of e.discounts) if (typeof l === 'string' && !labels.some((x) => x.toLowerCase() === l.toLowerCase())) labels.push(l);
  }
  return labels;
}

/** The entries with `labels` as the cart's codes (on the first entry, at most one code per entry). */
export function withDiscounts<T>(entries: readonly T[], labels: readonly string[]): T[] {
  const kept = labels.slice(0, entries.length);
  return entries.map((e, i) => {
    if (!isRecord(e)) return e;
    const { discounts: _old, ...rest } = e as T & WithDiscounts;
    return (i === 0 && kept.length > 0 ? { ...rest, discounts: [...kept] } : rest) as T;
  });
}

export function addCartItem(key: CartKey, entry: unknown): void {
  const entries = readCart(key);
  writeCart(key, withDiscounts([...entries, entry], cartDiscounts(entries)));
}

/** Replaces the entry at `index`; the cart's codes stay. */
export function updateCartItem(key: CartKey, index: number, entry: unknown): void {
  const entries = readCart(key);
  if (index < 0 || index >= entries.length) return;
  const next = entries.map((e, i) => (i === index ? entry : e));
  writeCart(key, withDiscounts(next, cartDiscounts(entries)));
}

/** Removes the entry at `index`; codes beyond the number of entries left are dropped. */
export function removeCartItem(key: CartKey, index: number): void {
  const entries = readCart(key);
  if (index < 0 || index >= entries.length) return;
  writeCart(
    key,
    withDiscounts(
      entries.filter((_, i) => i !== index),
      cartDiscounts(entries),
    ),
  );
}

export function clearCart(key: CartKey): void {
  writeCart(key, []);
}

export function addCartDiscount(key: CartKey, label: string): void {
  const entries = readCart(key);
  writeCart(key, withDiscounts(entries, [...cartDiscounts(entries), label]));
}

export function removeCartDiscount(key: CartKey, label: string): void {
  const entries = readCart(key);
  writeCart(
    key,
    withDiscounts(
      entries,
      cartDiscounts(entries).filter((l) => l.toLowerCase() !== label.toLowerCase()),
    ),
  );
}
