// A change to an admin list whose answer carries the server's message ('Gebruiker is verwijderd.'):
// useAdminMutation (the list fetched again first), then the message as a green notification.
import type { QueryKey } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAdminMutation } from './useAdminMutation';

export function useListMutation<TVariables, TAnswer extends { message: string }>({
  mutationFn,
  list,
  notifyErrors = false,
}: {
  mutationFn: (variables: TVariables) => Promise<TAnswer>;
  /** The key of the list to fetch again. */
  list: QueryKey;
  /** A failure as a red notification (a confirm dialog); off where a form shows the error itself. */
  notifyErrors?: boolean;
}) {
  return useAdminMutation({
    mutationFn,
    invalidates: [list],
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyErrors ? notifyError : undefined,
  });
}
