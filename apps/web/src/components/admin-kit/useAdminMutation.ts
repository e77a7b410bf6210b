// The admin's writes: a useMutation that, once the server said yes, first fetches the affected
// lists again and only then runs the caller's onSuccess (a notification, closing the dialog), so
// the dialog closes onto fresh data and its button spins until then.
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';

export type AdminMutationOptions<TData, TVariables> = UseMutationOptions<TData, Error, TVariables> & {
  /** The query keys (prefixes) to fetch again after success. */
  invalidates: QueryKey[] | ((data: TData, variables: TVariables) => QueryKey[]);
};

export function useAdminMutation<TData, TVariables = void>({ invalidates, onSuccess, ...options }: AdminMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: async (data, variables, ...rest) => {
      const keys = typeof invalidates === 'function' ? invalidates(data, variables) : invalidates;
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(data, variables, ...rest);
    },
  });
}
