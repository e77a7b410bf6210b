// Server state of the catalog: the region's products, refetched when the region changes.
import { useQuery } from '@tanstack/react-query';
import type { Region } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import type { ProductInputRaw } from '@umrah/domain/validation/product';
import { useAdminMutation } from '../../components/admin-kit/useAdminMutation';
import { ApiError, apiGet, apiPost, apiPut } from '../../lib/api';
import type { ProductList, ProductSaved, ProductsCreated } from '@umrah/domain/contracts';

export const catalogKeys = {
  all: ['products'] as const,
  region: (region: Region) => ['products', region] as const,
  admin: ['admin-products'] as const,
};

/** GET /api/products for a region: the browser revalidates with the ETag, so a refetch is cheap. */
export function useCatalog(region: Region) {
  return useQuery({
    queryKey: catalogKeys.region(region),
    queryFn: ({ signal }) => apiGet<ProductList>('/api/products', { region }, signal).then((r) => r.products),
  });
}

/**
 * The admin's product form: one product changed (PUT /api/product/{id}) or new ones added (POST
 * /api/products, one per type); the admin list and the shop's catalog are fetched again (SPEC 4).
 */
export const useSaveProduct = (productId: number | null) =>
  useAdminMutation({
    mutationFn: async (bodies: ProductInputRaw[]) => {
      if (productId === null) return void (await apiPost<ProductsCreated>('/api/products', bodies));
      const res = await apiPut<ProductSaved>(`/api/product/${productId}`, bodies[0]);
      if (res.message !== 'UPDATED') throw new ApiError(500, MSG.unknownError);
    },
    invalidates: [catalogKeys.admin, catalogKeys.all],
  });
