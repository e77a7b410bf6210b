// The calls of the visa wizard and of the staff's document screens (docs/RULES.md, 'Calls': order/guest/visa,
// order/guest/update_name/{order_id}, order/remind/documents/finish and /faulty). The shapes are the
// domain's DTOs, the bodies the domain's schemas (the server checks the same ones).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestNameInput, ResetDocumentsInput, VisaInput } from '@umrah/domain/validation/visa';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { authorisedFetch } from '../../lib/authorisedFetch';
import { saveBlob } from '../../lib/saveBlob';
import { orderKeys } from '../orders';

export const visaKeys = {
  order: (id: number) => ['visa', 'order', id] as const,
  admin: (id: number) => ['admin', 'visa', id] as const,
  photo: (guestId: number) => ['admin', 'visa', 'photo', guestId] as const,
};

export const fetchVisaOrder = (orderId: number, signal?: AbortSignal) => apiGet('/api/order/:id/visa', { params: { id: orderId }, signal });

export const updateGuestName = (body: GuestNameInput) =>
  apiPost('/api/order/guest/update_name/:order_id', { params: { order_id: body.order_id }, body });

export const submitVisa = (body: VisaInput) => apiPost('/api/order/guest/visa', { body });

export const finishDocuments = (orderId: number) => apiPost('/api/order/remind/documents/finish', { body: { order_id: orderId } });

/** The order's visa state; a 4xx (not found, not allowed) is final and not retried. */
export const visaOrderQuery = (orderId: number) =>
  queryOptions({
    queryKey: visaKeys.order(orderId),
    queryFn: ({ signal }) => fetchVisaOrder(orderId, signal),
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  });

/** One guest's documents: the name as in the passport first, then the passport data and photo. */
export const useSaveGuestVisa = () =>
  useMutation({
    mutationFn: async ({ name, visa }: { name: GuestNameInput; visa: VisaInput }) => {
      await updateGuestName(name);
      return submitVisa(visa);
    },
  });

/** After a guest's documents: the wizard's order and 'Mijn bestellingen' show them delivered. */
export function useRefreshVisaOrder(orderId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: visaKeys.order(orderId) }), queryClient.invalidateQueries({ queryKey: orderKeys.mine })]);
}

/** 'Afronden': the server mails the confirmation; 'Mijn bestellingen' is reloaded. */
export function useFinishDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishDocuments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.mine }),
  });
}

export const fetchAdminVisa = (orderId: number, signal?: AbortSignal) => apiGet('/api/admin/order/:id/visa', { params: { id: orderId }, signal });

export const resetDocuments = (body: ResetDocumentsInput) => apiPost('/api/order/remind/documents/faulty', { body });

/** docs/RULES.md, 'Constants''s photo download: the passport photo as a 200x200 JPEG (quality 80), saved as a file. */
export async function downloadGuestPhoto(guestId: number): Promise<string> {
  const res = await authorisedFetch(`/api/order/guest/${guestId}/visa/photo/download`);
  const name = `pasfoto-${guestId}-200x200.jpg`;
  saveBlob(await res.blob(), name);
  return name;
}

/** A guest's passport photo as a Blob: never public, so no <img src> (it needs the bearer token). */
export const fetchGuestPhoto = (guestId: number, signal?: AbortSignal): Promise<Blob> =>
  authorisedFetch(`/api/order/guest/${guestId}/visa/photo`, signal).then((res) => res.blob());
