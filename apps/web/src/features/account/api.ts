// The privacy statement's promises in the account (GET /api/user/export, DELETE /api/user).
import { useMutation } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import type { MessageAnswer } from '@umrah/domain/contracts';

/** Everything stored about the logged-in user, as JSON. */
export const useExportMyData = () => useMutation({ mutationFn: () => apiGet<unknown>('/api/user/export') });

/** Removes the account (a customer's own, confirmed with the password). */
export const useDeleteAccount = () =>
  useMutation({ mutationFn: (password: string) => api<MessageAnswer>('/api/user', { method: 'DELETE', body: { password } }) });
