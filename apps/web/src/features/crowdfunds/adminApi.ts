// The admin's crowdfund calls (issue 13): every goal (closed ones too), create, change and close.
import type { CrowdfundDto, CrowdfundInput, CrowdfundUpdate } from '@umrah/domain/validation/crowdfund';
import { apiGet, apiPost, apiPut } from '../../lib/api';

export const adminCrowdfundKeys = { all: ['admin', 'crowdfunds'] as const };

export const fetchAdminCrowdfunds = (signal?: AbortSignal) =>
  apiGet<{ crowdfunds: CrowdfundDto[] }>('/api/admin/crowdfunds', undefined, signal).then((r) => r.crowdfunds);

export const createCrowdfund = (body: CrowdfundInput) =>
  apiPost<{ success: true; result: CrowdfundDto[] }>('/api/crowdfund', body).then((r) => r.result[0]);

export const updateCrowdfund = (id: number, body: CrowdfundUpdate) =>
  apiPut<{ message: string; crowdfund: CrowdfundDto }>(`/api/crowdfund/${id}`, body).then((r) => r.crowdfund);
