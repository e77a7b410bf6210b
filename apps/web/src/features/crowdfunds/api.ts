// Server state of the crowdfunds (docs/RULES.md, 'Entities', 'Calls'): the active goals with what is funded and still needed,
// and the admin's calls (the crowdfund admin): every goal (closed ones too), create, change, close and reopen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrowdfundDto } from '@umrah/domain/contracts';
import type { CrowdfundInput, CrowdfundUpdate } from '@umrah/domain/validation/crowdfund';
import { useAdminMutation } from '../../components/admin-kit/useAdminMutation';
import { apiGet, apiPost, apiPut } from '../../lib/api';
import type { MutationHooks } from '../../lib/notify';

export const crowdfundKeys = {
  all: ['crowdfunds'] as const,
  admin: ['admin', 'crowdfunds'] as const,
};

/** GET /api/crowdfunds: amounts in cents; the browser revalidates with the ETag, so a refetch is cheap. */
export const crowdfundsQuery = queryOptions({
  queryKey: crowdfundKeys.all,
  queryFn: ({ signal }) => apiGet('/api/crowdfunds', { signal }).then((r) => r.crowdfunds),
});

export const useCrowdfunds = () => useQuery(crowdfundsQuery);

/** The share of the goal that is funded, 0-100 (a goal of 0 counts as reached). */
export const fundedPercent = (c: Pick<CrowdfundDto, 'goal_amount' | 'funded_amount'>) =>
  c.goal_amount <= 0 ? 100 : Math.min(100, Math.round((c.funded_amount / c.goal_amount) * 100));

// ---------------------------------------------------------------------------------------------
// Admin

/** GET /api/admin/crowdfunds: every goal, closed ones too. */
export const adminCrowdfundsQuery = queryOptions({
  queryKey: crowdfundKeys.admin,
  queryFn: ({ signal }) => apiGet('/api/admin/crowdfunds', { signal }).then((r) => r.crowdfunds),
});

export type SaveCrowdfund = { id: null; body: CrowdfundInput } | { id: number; body: CrowdfundUpdate };

const saveCrowdfund = async (save: SaveCrowdfund): Promise<CrowdfundDto> => {
  if (save.id !== null) return (await apiPut('/api/crowdfund/:id', { params: { id: save.id }, body: save.body })).crowdfund;
  const [created] = (await apiPost('/api/crowdfund', { body: save.body })).result;
  if (!created) throw new Error('POST /api/crowdfund answered without the new goal');
  return created;
};

/** Create or change a goal (closing and reopening is a change of is_active); both lists follow. */
export const useSaveCrowdfund = (options?: MutationHooks<CrowdfundDto, SaveCrowdfund>) =>
  // The admin list and the public one (home page, admin cart) both change with a goal.
  useAdminMutation({ ...options, mutationFn: saveCrowdfund, invalidates: [crowdfundKeys.admin, crowdfundKeys.all] });
