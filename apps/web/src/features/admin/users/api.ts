// The admin's user calls: the searchable, paged user list, the user picker of the quote form and
// the admin cart, and adding, changing, deleting, 'log in as' and 'log out everywhere'.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useListMutation } from '../../../components/admin-kit/useListMutation';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { LoggedOutEverywhere, MessageAnswer, TokenAnswer, UsersPage } from '@umrah/domain/contracts';
import type { User } from '../../auth';

export const USERS_PAGE_SIZE = 25;

export type { UsersPage };

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, page: number) => ['admin', 'users', q, page] as const,
  /** The picker holds a list of users, not a page: its own key (see userPickerQuery). */
  picker: (q: string) => ['admin', 'user-picker', q] as const,
};

const fetchUsers = (q: string, page: number, signal?: AbortSignal) =>
  apiGet<UsersPage>('/api/users', { q: q.trim() || undefined, page, pageSize: USERS_PAGE_SIZE }, signal);

export const usersQuery = (q: string, page: number) =>
  queryOptions({ queryKey: userKeys.list(q, page), queryFn: ({ signal }) => fetchUsers(q, page, signal) });

/**
 * The user picker of the admin cart and the quote form: ONE key for ONE data shape (a list of users).
 * The two once shared a key for different shapes, and the second screen opened within the cache's
 * lifetime crashed on the first one's data.
 */
export const userPickerQuery = (q: string) =>
  queryOptions({
    queryKey: userKeys.picker(q),
    queryFn: ({ signal }) => fetchUsers(q, 1, signal).then((r) => r.users),
    staleTime: 30_000,
  });

type Saved = { message: string; user: User };

/** Add (id null) or change a user; the form shows a failure itself. */
export const useSaveUser = () =>
  useListMutation({
    mutationFn: ({ id, body }: { id: number | null; body: unknown }) =>
      id === null ? apiPost<Saved>('/api/users', body) : apiPut<Saved>(`/api/user/${id}`, body),
    list: userKeys.all,
  });

export const useDeleteUser = () =>
  useListMutation({ mutationFn: (id: number) => apiDelete<MessageAnswer>(`/api/user/${id}`), list: userKeys.all, notifyErrors: true });

/** Ends every session of the user (a lost phone, a shared computer): their tokens stop working at once. */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: (id: number) => apiPost<LoggedOutEverywhere>(`/api/user/${id}/logout_all`),
    onSuccess: (res) => notifySuccess(res.message),
    onError: notifyError,
  });
}

/** 'Inloggen als': a token for the user's email, handed to `loginWithToken` (the auth state's login). */
export function useLoginAs(loginWithToken: (token: string) => Promise<unknown>) {
  return useMutation({
    mutationFn: async (user: User) => {
      const { token } = await apiPost<TokenAnswer>('/api/login_by_mail', { email: user.email });
      await loginWithToken(token);
      return user;
    },
    onSuccess: (user) => notifySuccess(`Je bent nu ingelogd als ${user.email}.`),
    onError: notifyError,
  });
}
