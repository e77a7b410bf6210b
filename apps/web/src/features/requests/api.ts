// The lead forms' calls (docs/RULES.md, 'Calls' contact/individual, contact/individual_hadj) and the admin's leads list.
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@umrah/domain/messages';
import type { z } from 'zod';
import { REQUEST_SENT_MS, customTripBodySchema, moroccoRequestSchema, type RequestStatus } from '@umrah/domain/validation/requests';
import { ApiError, apiGet, apiPost, apiPut } from '../../lib/api';
import { showNotification } from '../../lib/notify';

export type { LeadRow } from '@umrah/domain/contracts/requests';

/** The forms check their values with the same schema before they send; parsing again gives the body its type. */
function parsed<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const result = schema.safeParse(values);
  if (!result.success) throw new ApiError(400, result.error.issues[0]?.message ?? MSG.invalidInput);
  return result.data;
}

export const useSendMoroccoRequest = () =>
  useMutation({ mutationFn: (values: unknown) => apiPost('/api/contact/individual_hadj', { body: parsed(moroccoRequestSchema, values) }) });
export const useSendCustomTrip = () =>
  useMutation({ mutationFn: (values: unknown) => apiPost('/api/contact/individual', { body: parsed(customTripBodySchema, values) }) });

export interface LeadsFilter {
  status?: RequestStatus;
  q?: string;
  page: number;
}
export const leadKeys = {
  all: ['admin', 'requests'] as const,
  list: (f: LeadsFilter) => [...leadKeys.all, f.status ?? 'all', f.q ?? '', f.page] as const,
};

export const leadsQuery = (f: LeadsFilter) =>
  queryOptions({
    queryKey: leadKeys.list(f),
    queryFn: ({ signal }) => apiGet('/api/admin/requests', { query: { status: f.status, q: f.q?.trim() || undefined, page: f.page }, signal }),
    placeholderData: keepPreviousData,
  });

/** A lead's status and note; the list is reloaded afterwards (which remounts the lead's card). */
export function useUpdateLead(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: RequestStatus; note: string }) => apiPut('/api/admin/requests/:id', { params: { id }, body }),
    onSuccess: () => {
      showNotification({ color: 'green', message: 'Aanvraag is gewijzigd.' });
      void qc.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}

/** The text to show for a failed send: the server's Dutch message where it gave one. */
export function requestErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 422) return `${MSG.emailTaken} Log in om de aanvraag met je account te versturen.`;
    if (err.status > 0 && err.status < 500 && err.message) return err.message;
    if (err.status === 0) return err.message;
  }
  return 'De aanvraag kon niet worden verzonden. Probeer het later opnieuw.';
}

/**
 * docs/RULES.md, 'Messages': the success text stays REQUEST_SENT_MS (5 seconds), then `onDone` (closing the modal).
 * The timer is cleared when the form goes away earlier.
 */
export function useSentMessage(onDone: () => void) {
  const [sent, setSent] = useState<string | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (!sent) return;
    const t = setTimeout(() => {
      setSent(null);
      done.current();
    }, REQUEST_SENT_MS);
    return () => clearTimeout(t);
  }, [sent]);
  return [sent, setSent] as const;
}
