// The agency's own details (footer, contact and legal pages). One source: the API's configuration
// (COMPANY_* in its environment), served at GET /api/company; until that answers (and in tests that
// do not serve it) the demo details shown so far stand in.
import { useQuery } from '@tanstack/react-query';
import { DEMO_COMPANY, type CompanyDetails } from '@umrah/domain/company-details';
import { apiGet } from './api';

export type { CompanyDetails };

export const companyQuery = {
  queryKey: ['company'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiGet('/api/company', { signal }),
  // The details change with a deployment, not while a page is open.
  staleTime: Infinity,
  retry: false,
};

/** The configured company details; the demo details until the API has answered. */
export function useCompany(): CompanyDetails {
  return useQuery(companyQuery).data ?? DEMO_COMPANY;
}
