// The admin's products ('Producten'): the region's products searched by label (the API answers with
// all matches at once, no pages), and deleting one.
import { queryOptions } from '@tanstack/react-query';
import type { Region } from '@umrah/domain/enums';
import { useAdminMutation } from '../../../components/admin-kit/useAdminMutation';
import { apiDelete, apiGet } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { catalogKeys } from '../../catalog';
import type { ProductDeleted, ProductList } from '@umrah/domain/contracts';

/** SPEC 8 success messages. */
export const PRODUCT_SUCCESS = {
  created: 'Product is succesvol aangemaakt.',
  updated: 'Product is succesvol gewijzigd.',
  deleted: 'Product succesvol verwijderd',
} as const;

export const adminProductKeys = {
  all: catalogKeys.admin,
  list: (region: Region, q: string) => [...catalogKeys.admin, region, q] as const,
};

export const adminProductsQuery = (region: Region, q: string) =>
  queryOptions({
    queryKey: adminProductKeys.list(region, q),
    queryFn: ({ signal }) => apiGet<ProductList>('/api/admin/products', { region, q }, signal).then((r) => r.products),
  });

/**
 * Deletes a product; one that orders refer to is deactivated by the server instead, and it says so.
 * The admin list and the shop's catalog are fetched again. The error stays in the dialog.
 */
export const useDeleteProduct = () =>
  useAdminMutation({
    mutationFn: (id: number) => apiDelete<ProductDeleted>(`/api/product/${id}`),
    invalidates: [catalogKeys.admin, catalogKeys.all],
    onSuccess: (res) => notifySuccess(res.deactivated ? res.message : PRODUCT_SUCCESS.deleted, { color: res.deactivated ? 'yellow' : 'green' }),
  });
