// Server state of the waiting list (docs/WAITLIST.md): the customer's entries, joining and leaving; the
// trip page's list for staff.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistJoin } from '@umrah/domain/validation/waitlist';
import { apiDelete, apiGet, apiPost } from '../../lib/api';

export const waitlistKeys = {
  mine: ['my-waitlist'] as const,
  trip: (start: string) => ['trip-waitlist', start] as const,
};

export const useMyWaitlist = (enabled = true) =>
  useQuery({
    queryKey: waitlistKeys.mine,
    queryFn: ({ signal }) => apiGet('/api/waitlist', { signal }).then((r) => r.entries),
    enabled,
    staleTime: 0,
  });

export function useJoinWaitlist(opts: { onSuccess?: (r: { message: string }) => void; onError?: (err: unknown) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WaitlistJoin) => apiPost('/api/waitlist', { body }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: waitlistKeys.mine });
      opts.onSuccess?.(r);
    },
    onError: opts.onError,
  });
}

export function useLeaveWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete('/api/waitlist/:id', { params: { id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: waitlistKeys.mine });
      // A released hold changes the catalog's stock (the catalog's query key, features/catalog/api.ts).
      void qc.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export const useTripWaitlist = (start: string) =>
  useQuery({
    queryKey: waitlistKeys.trip(start),
    queryFn: ({ signal }) => apiGet('/api/admin/trips/:start_date/waitlist', { params: { start_date: start }, signal }).then((r) => r.entries),
  });

export function useEditTripWaitlist(start: string) {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: waitlistKeys.trip(start) });
  const remove = useMutation({ mutationFn: (id: number) => apiDelete('/api/admin/waitlist/:id', { params: { id } }), onSuccess: done });
  const move = useMutation({
    mutationFn: (p: { id: number; direction: 'up' | 'down' }) =>
      apiPost('/api/admin/waitlist/:id/move', { params: { id: p.id }, body: { direction: p.direction } }),
    onSuccess: done,
  });
  return { remove, move };
}
