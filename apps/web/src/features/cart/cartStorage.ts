// The carts live in localStorage as arrays: 'cart' for everyone, 'admin_cart' for the admin cart
// (SPEC 3, local state). The cart feature itself builds on these; the header only counts them.
import { useSyncExternalStore } from 'react';
import { readJson, subscribeKey, writeJson } from '../../lib/storage';

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
