// The admin's vouchers ('Maak kortingscode aan'): the paged list searched by code, adding and deleting.
import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '@umrah/domain/contracts/routes';
import { apiDelete, apiGet, apiPost } from '../../../lib/api';
import { useListMutation } from '../../../components/admin-kit/useListMutation';

export const VOUCHERS_PAGE_SIZE = 25;

export const voucherKeys = {
  all: ['admin', 'vouchers'] as const,
  list: (q: string, page: number) => ['admin', 'vouchers', q, page] as const,
};

export const vouchersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: voucherKeys.list(q, page),
    queryFn: ({ signal }) => apiGet('/api/vouchers', { query: { q: q.trim() || undefined, page, pageSize: VOUCHERS_PAGE_SIZE }, signal }),
  });

/** Adds a voucher (created active); the form shows a failure itself (a taken code at its field). */
export const useAddVoucher = () =>
  useListMutation({
    mutationFn: (body: BodyOf<'POST', '/api/voucher'>) => apiPost('/api/voucher', { body }),
    list: voucherKeys.all,
  });

export const useDeleteVoucher = () =>
  useListMutation({ mutationFn: (id: number) => apiDelete('/api/voucher/:id', { params: { id } }), list: voucherKeys.all, notifyErrors: true });
