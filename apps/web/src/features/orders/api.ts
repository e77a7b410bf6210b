// Server state of 'Mijn bestellingen': the customer's orders (GET /api/orders), refetched on every
// visit of the page (a payment or delivered documents change them meanwhile).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

interface OrderGuest {
  id: number;
  first_name: string;
  last_name: string;
  age_category: number;
  /** The guest's visa documents (passport data and photo) are in. */
  has_documents?: boolean;
}
interface OrderRoom {
  id: number;
  room_type: number;
  room_gender: number;
  exclusive: boolean;
  guests: OrderGuest[];
}
interface OrderLine {
  id: number;
  label: string;
  quantity: number;
  total: number;
}
export interface MyOrder {
  id: number;
  order_number: string;
  status: number;
  total_price: number;
  total_payments: number;
  amount_open: number;
  created_at: string;
  rooms: OrderRoom[];
  lines: OrderLine[];
  /** Every guest of the order has delivered documents. */
  documents_complete?: boolean;
  /** 50 % may be asked now: placed as a down payment and the trip's payment deadline not passed. */
  down_payment_allowed?: boolean;
}

export const orderKeys = {
  mine: ['my-orders'] as const,
};

export const myOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.mine,
    queryFn: ({ signal }) => apiGet<{ orders: MyOrder[] }>('/api/orders', undefined, signal).then((r) => r.orders),
    staleTime: 0,
  });

export const useMyOrders = () => useQuery(myOrdersQuery());
