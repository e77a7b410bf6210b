// The admin's payments: the list searched by order number, and adding, changing and deleting a
// manual payment (an online one starts at the provider). The calls are the checkout feature's.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_MSG } from '@umrah/domain/validation/payment';
import { useAdminMutation } from '../../../components/admin-kit/useAdminMutation';
import { notifyErrorWith, notifySuccess } from '../../../lib/notify';
import {
  createPayment,
  deletePayment,
  fetchPayments,
  goToPayment,
  paymentKeys,
  startPayment,
  updatePayment,
  type ManualPaymentBody,
} from '../../checkout';

export type { PaymentDto } from '../../checkout';

export const PAYMENTS_PAGE_SIZE = 25;

export const adminPaymentKeys = {
  all: paymentKeys.admin,
  list: (orderId: number | null, page: number) => [...paymentKeys.admin, orderId, page] as const,
};

/** One page of payments, of one order or of all; `enabled` false while the search is no order number. */
export const adminPaymentsQuery = (orderId: number | null, page: number, enabled = true) =>
  queryOptions({
    queryKey: adminPaymentKeys.list(orderId, page),
    queryFn: ({ signal }) => fetchPayments({ order_id: orderId ?? undefined, page, pageSize: PAYMENTS_PAGE_SIZE }, signal),
    enabled,
  });

/** Refetch the payments list (the orders list refetches its own). */
export function useRefreshPayments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
}

/**
 * Add (id null) or change a manual payment, or, for an online method, go to the provider's page for
 * the order's open amount (its amount is the server's).
 */
export function useSavePayment() {
  return useMutation({
    mutationFn: async ({ id, body, online }: { id: number | null; body: ManualPaymentBody; online: boolean }) => {
      if (online) {
        goToPayment(await startPayment(body.order_id, { trans: 'other', paymentType: body.payment_type, amount: 0 }));
        return 'redirected' as const;
      }
      if (id === null) await createPayment(body);
      else await updatePayment(id, body);
      notifySuccess(id === null ? PAYMENT_MSG.created : PAYMENT_MSG.updated);
      return 'saved' as const;
    },
  });
}

export const useDeletePayment = () =>
  useAdminMutation({
    mutationFn: (id: number) => deletePayment(id),
    invalidates: [adminPaymentKeys.all],
    onSuccess: () => notifySuccess(PAYMENT_MSG.deleted),
    onError: notifyErrorWith(PAYMENT_MSG.unknownError, () => null),
  });
