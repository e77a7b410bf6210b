// A change to an admin list whose answer carries the server's message ('Gebruiker is verwijderd.'):
// the message as a green notification, then the list fetched again.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../lib/notify';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: list });
    },
    onError: notifyErrors ? notifyError : undefined,
  });
}
