// Prices come from the server only: POST /api/order/preview prices a cart with the same rules and
// rows as POST /api/order, without ordering or taking stock.
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { cartToOrder } from '../checkout/cart';

export interface PreviewLine {
  kind: string;
  product_id: number | null;
  label: string;
  quantity: number;
  unit_price: number;
  total: number;
  room: number | null;
  guest: number | null;
}

export interface OrderPreview {
  lines: PreviewLine[];
  subtotal: number;
  discount_total: number;
  donation_total: number;
  total_price: number;
  discounts: string[];
  amount_to_pay: number;
}

export const DISCOUNT_KINDS = ['voucher', 'kid_without_bed'];

export const previewKeys = { all: ['order-preview'] as const };

/** The server's price of these cart entries (disabled for an empty list). */
export function useCartPreview(entries: readonly unknown[]) {
  const payload = cartToOrder(entries, false);
  return useQuery({
    queryKey: [...previewKeys.all, payload],
    queryFn: ({ signal }) => apiPost<OrderPreview>('/api/order/preview', payload, { signal }),
    enabled: entries.length > 0,
    retry: false,
    staleTime: 0,
  });
}
