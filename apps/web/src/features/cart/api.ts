// Server state of the cart: its price (POST /api/order/preview prices a cart with the same rules and
// rows as POST /api/order, without ordering or taking stock), a donation amount checked against its
// goal, and a voucher code checked against the cart (POST /api/requestVoucher).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderPreview } from '@umrah/domain/contracts/orders';
import { discountableItemCount } from '@umrah/domain/pricing';
import { apiPost } from '../../lib/api';
import { cartKind, cartToOrder } from './order';
import type { BodyOf } from '@umrah/domain/contracts/routes';

export type { OrderPreview } from '@umrah/domain/contracts/orders';

export const DISCOUNT_KINDS = ['voucher', 'kid_without_bed'];

/** A preview's lines as items and discounts (vouchers, a child without bed). */
export function splitPreviewLines(data: OrderPreview | undefined) {
  const lines = data?.lines ?? [];
  return { items: lines.filter((l) => !DISCOUNT_KINDS.includes(l.kind)), discounts: lines.filter((l) => DISCOUNT_KINDS.includes(l.kind)) };
}

export const previewKeys = {
  all: ['order-preview'] as const,
  cart: (payload: unknown) => [...previewKeys.all, payload] as const,
};

const fetchPreview = (payload: BodyOf<'POST', '/api/order/preview'>, signal?: AbortSignal) =>
  apiPost('/api/order/preview', { body: payload, signal });

/** The server's price of these cart entries (disabled for an empty list). */
export function useCartPreview(entries: readonly unknown[]) {
  const payload = cartToOrder(entries, false);
  return useQuery({
    queryKey: previewKeys.cart(payload),
    queryFn: ({ signal }) => fetchPreview(payload, signal),
    enabled: entries.length > 0,
    retry: false,
    staleTime: 0,
  });
}

/** A donation's amount (cents) priced alone: the server refuses more than the goal still needs. */
export const useCheckDonation = () =>
  useMutation({
    mutationFn: (d: { fundingId: number; amount: number }) => fetchPreview({ crowdfunds: [{ funding_id: d.fundingId, funding_amount: d.amount }] }),
  });

/** Product ids in the cart, for product-bound vouchers. */
export function cartProductIds(entries: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const e of entries) {
    const kind = cartKind(e);
    const r = e as { product_id?: unknown; id?: unknown };
    const id = kind === 'umrah' ? r.product_id : kind === 'arabia' || kind === 'product' ? r.id : undefined;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

/** POST /api/requestVoucher: the code checked with the cart's codes, item count and products. */
export const useRequestVoucher = () =>
  useMutation({
    mutationFn: ({ label, applied, entries }: { label: string; applied: string[]; entries: readonly unknown[] }) =>
      apiPost('/api/requestVoucher', {
        body: {
          label,
          discounts: applied,
          // Items a code can discount (guests, lessons, products; donations never count), as the order counts them.
          items: discountableItemCount(cartToOrder(entries, false)),
          products: cartProductIds(entries),
        },
      }),
  });
