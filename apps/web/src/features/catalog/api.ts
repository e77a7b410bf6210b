// Server state of the catalog: the region's products, refetched when the region changes.
import { useQuery } from '@tanstack/react-query';
import type { Region } from '@umrah/domain/enums';
import { apiGet } from '../../lib/api';

export const catalogKeys = {
  all: ['products'] as const,
  region: (region: Region) => ['products', region] as const,
  admin: ['admin-products'] as const,
};

/** GET /api/products for a region: the browser revalidates with the ETag, so a refetch is cheap. */
export function useCatalog(region: Region) {
  return useQuery({
    queryKey: catalogKeys.region(region),
    queryFn: ({ signal }) => apiGet('/api/products', { query: { region }, signal }).then((r) => r.products),
  });
}
