// The calls of the trip page's 'Reisinformatie' tab: the practical details 'Mijn reis' shows the
// pilgrims, and the visa PDF per guest.
import { queryOptions } from '@tanstack/react-query';
import type { MessageAnswer, TripDetailsDto } from '@umrah/domain/contracts';
import type { TripDetailsInput } from '@umrah/domain/validation/my-trip';
import { apiDelete, apiGet, apiPut } from '../../../lib/api';
import { useAdminMutation } from '../../../components/admin-kit/useAdminMutation';
import type { MutationHooks } from '../../../lib/notify';

export type { TripDetailsDto };

export const tripInfoKey = (start: string) => ['admin', 'trips', start, 'details'] as const;

export const tripInfoQuery = (start: string) =>
  queryOptions({
    queryKey: tripInfoKey(start),
    queryFn: ({ signal }) => apiGet('/api/admin/trips/:start_date/details', { params: { start_date: start }, signal }),
  });

export const useSaveTripInfo = (start: string, options?: MutationHooks<TripDetailsDto, TripDetailsInput>) =>
  useAdminMutation({
    ...options,
    mutationFn: (body: TripDetailsInput) => apiPut('/api/admin/trips/:start_date/details', { params: { start_date: start }, body }),
    invalidates: [tripInfoKey(start)],
  });

/** Upload (a base64 PDF) or delete (null) the visa PDF of one guest. */
export const useVisaPdf = (start: string, options?: MutationHooks<MessageAnswer, { guestId: number; pdf: string | null }>) =>
  useAdminMutation({
    ...options,
    mutationFn: ({ guestId, pdf }: { guestId: number; pdf: string | null }) =>
      pdf === null
        ? apiDelete('/api/admin/guests/:id/visa-pdf', { params: { id: guestId } })
        : apiPut('/api/admin/guests/:id/visa-pdf', { params: { id: guestId }, body: { pdf } }),
    invalidates: [tripInfoKey(start)],
  });
