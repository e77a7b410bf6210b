// Server state of 'Mijn bestellingen': the customer's orders (GET /api/orders), refetched on every
// visit of the page (a payment or delivered documents change them meanwhile).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export type { MyOrder } from '@umrah/domain/contracts/orders';

export const orderKeys = {
  mine: ['my-orders'] as const,
};

export const myOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.mine,
    queryFn: ({ signal }) => apiGet('/api/orders', { signal }).then((r) => r.orders),
    staleTime: 0,
  });

export const useMyOrders = () => useQuery(myOrdersQuery());
