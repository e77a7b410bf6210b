// The public configuration the chat button needs: the external chat link (CHAT_URL via GET /api/config).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export const configKeys = { public: ['public-config'] as const };

/** Read once per visit: the link changes only with a new deployment. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: configKeys.public,
    queryFn: ({ signal }) => apiGet('/api/config', { signal }),
    staleTime: Infinity,
    retry: false,
  });
