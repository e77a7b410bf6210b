// Server state of the crowdfunds (SPEC 3, 7): the active goals with what is funded and still needed.
import { useQuery } from '@tanstack/react-query';
import type { CrowdfundDto } from '@umrah/domain/validation/crowdfund';
import { apiGet } from '../../lib/api';

export const crowdfundKeys = { all: ['crowdfunds'] as const };

/** GET /api/crowdfunds: amounts in cents; the browser revalidates with the ETag, so a refetch is cheap. */
export function useCrowdfunds() {
  return useQuery({
    queryKey: crowdfundKeys.all,
    queryFn: ({ signal }) => apiGet<{ crowdfunds: CrowdfundDto[] }>('/api/crowdfunds', undefined, signal).then((r) => r.crowdfunds),
  });
}

/** The share of the goal that is funded, 0-100 (a goal of 0 counts as reached). */
export const fundedPercent = (c: Pick<CrowdfundDto, 'goal_amount' | 'funded_amount'>) =>
  c.goal_amount <= 0 ? 100 : Math.min(100, Math.round((c.funded_amount / c.goal_amount) * 100));
