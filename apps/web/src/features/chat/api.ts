// The public configuration the chat button needs: the external chat link (CHAT_URL via GET /api/config).
import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@umrah/domain/contracts/system';
import { apiGet } from '../../lib/api';

export const configKeys = { public: ['public-config'] as const };

/** Read once per visit: the link changes only with a new deployment. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: configKeys.public,
    queryFn: ({ signal }) => apiGet<PublicConfig>('/api/config', undefined, signal),
    staleTime: Infinity,
    retry: false,
  });
