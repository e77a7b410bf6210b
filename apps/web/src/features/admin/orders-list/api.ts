// The orders list of the dashboard and the bookkeeper's 'Bestellingen': its queries are the orders
// feature's (../orders/api); refreshing after an action refetches the orders and the payments. And
// the order the admin cart places for a customer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderInput } from '@umrah/domain/validation/order';
import { apiPost } from '../../../lib/api';
import { adminOrderKeys } from '../orders';
import { adminPaymentKeys } from '../payments';

export { ADMIN_ORDERS_PAGE_SIZE, LEADS_PAGE_SIZE, adminLeadsQuery, adminOrdersQuery, type AdminOrder } from '../orders';

/** After an action on an order: the orders (and leads) and the payments list are fetched again. */
export function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }), queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all })]);
}

/** POST /api/order with `user`: the admin cart's order for that customer; every admin list is fetched again. */
export function useCreateAdminOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderInput & { user: number }) => apiPost('/api/order', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
