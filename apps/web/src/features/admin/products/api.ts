// The admin's products ('Producten'): the region's products searched by label (the API answers with
// all matches at once, no pages), and deleting one.
import { queryOptions } from '@tanstack/react-query';
import type { Region } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import type { ProductInputRaw } from '@umrah/domain/validation/product';
import { useAdminMutation } from '../../../components/admin-kit/useAdminMutation';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { catalogKeys } from '../../catalog';

/** docs/RULES.md, 'Messages' success messages. */
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
    queryFn: ({ signal }) => apiGet('/api/admin/products', { query: { region, q }, signal }).then((r) => r.products),
  });

/**
 * Deletes a product; one that orders refer to is deactivated by the server instead, and it says so.
 * The admin list and the shop's catalog are fetched again. The error stays in the dialog.
 */
export const useDeleteProduct = () =>
  useAdminMutation({
    mutationFn: (id: number) => apiDelete('/api/product/:id', { params: { id } }),
    invalidates: [catalogKeys.admin, catalogKeys.all],
    onSuccess: (res) => notifySuccess(res.deactivated ? res.message : PRODUCT_SUCCESS.deleted, { color: res.deactivated ? 'yellow' : 'green' }),
  });

/**
 * The admin's product form: one product changed (PUT /api/product/{id}) or new ones added (POST
 * /api/products, one per type); the admin list and the shop's catalog are fetched again (docs/RULES.md, 'States').
 */
export const useSaveProduct = (productId: number | null) =>
  useAdminMutation({
    mutationFn: async (bodies: ProductInputRaw[]) => {
      if (productId === null) return void (await apiPost('/api/products', { body: bodies }));
      const [body] = bodies;
      if (!body) throw new ApiError(400, MSG.invalidInput);
      const res = await apiPut('/api/product/:id', { params: { id: productId }, body });
      if (res.message !== 'UPDATED') throw new ApiError(500, MSG.unknownError);
    },
    invalidates: [catalogKeys.admin, catalogKeys.all],
  });
