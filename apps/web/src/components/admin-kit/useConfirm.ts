// The state of an 'are you sure?' dialog about one row: which row is asked about, and the props that
// open ConfirmModal on it, run the mutation when confirmed and close it again once that succeeded.
import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';

export function useConfirm<TRow, TVariables, TError>(
  mutation: UseMutationResult<unknown, TError, TVariables, unknown>,
  variables: (row: TRow) => TVariables,
) {
  const [target, setTarget] = useState<TRow | null>(null);
  const close = () => {
    mutation.reset();
    setTarget(null);
  };
  return {
    /** The row being asked about, or null. */
    target,
    /** Open the dialog about this row. */
    ask: (row: TRow) => setTarget(row),
    /** ConfirmModal's opened, onClose, onConfirm and busy. */
    modal: {
      opened: target !== null,
      onClose: close,
      busy: mutation.isPending,
      onConfirm: () => {
        if (target !== null) mutation.mutate(variables(target), { onSuccess: close });
      },
    },
  };
}
