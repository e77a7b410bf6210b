// The privacy statement's promises in the account (GET /api/user/export, DELETE /api/user).
import { useMutation } from '@tanstack/react-query';
import { apiDelete, apiGet } from '../../lib/api';

/** Everything stored about the logged-in user, as JSON. */
export const useExportMyData = () => useMutation({ mutationFn: () => apiGet('/api/user/export') });

/** Removes the account (a customer's own, confirmed with the password). */
export const useDeleteAccount = () => useMutation({ mutationFn: (password: string) => apiDelete('/api/user', { body: { password } }) });
