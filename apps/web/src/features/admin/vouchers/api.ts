// The admin's vouchers ('Maak kortingscode aan'): the paged list searched by code, adding and deleting.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoucherDto } from '@umrah/domain/validation/voucher';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';

export const VOUCHERS_PAGE_SIZE = 25;

interface VouchersPage {
  vouchers: VoucherDto[];
  total: number;
}

export const voucherKeys = {
  all: ['admin', 'vouchers'] as const,
  list: (q: string, page: number) => ['admin', 'vouchers', q, page] as const,
};

export const vouchersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: voucherKeys.list(q, page),
    queryFn: ({ signal }) => apiGet<VouchersPage>('/api/vouchers', { q: q.trim() || undefined, page, pageSize: VOUCHERS_PAGE_SIZE }, signal),
  });

/** Adds a voucher (created active); the caller handles the error (a taken code belongs to its field). */
export function useAddVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiPost<{ message: string; voucher: VoucherDto }>('/api/voucher', body),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
  });
}

export function useDeleteVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ message: string }>(`/api/voucher/${id}`),
    onSuccess: (res) => {
      notifySuccess(res.message);
      return queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
    onError: notifyError,
  });
}
