// The admin's user calls: the searchable, paged user list, the user picker of the quote form and
// the admin cart, and adding, changing, deleting, 'log in as' and 'log out everywhere'.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useListMutation } from '../../../components/admin-kit/useListMutation';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { BodyOf } from '@umrah/domain/contracts/routes';
import { isRole } from '@umrah/domain/enums';
import { withBirthDate, type FormBody } from '../../auth';
import type { User } from '../../auth';

export const USERS_PAGE_SIZE = 25;

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, page: number) => ['admin', 'users', q, page] as const,
  /** The picker holds a list of users, not a page: its own key (see userPickerQuery). */
  picker: (q: string) => ['admin', 'user-picker', q] as const,
};

const fetchUsers = (q: string, page: number, signal?: AbortSignal) =>
  apiGet('/api/users', { query: { q: q.trim() || undefined, page, pageSize: USERS_PAGE_SIZE }, signal });

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

/** Add (id null) or change a user; the form shows a failure itself. */
export const useSaveUser = () =>
  useListMutation({
    mutationFn: ({ id, body: form }: { id: number | null; body: Omit<FormBody<BodyOf<'POST', '/api/users'>>, 'role'> & { role: number } }) => {
      const { role, ...rest } = withBirthDate(form);
      if (!isRole(role)) throw new Error(`No role ${role}`);
      const body = { ...rest, role };
      return id === null ? apiPost('/api/users', { body }) : apiPut('/api/user/:id', { params: { id }, body });
    },
    list: userKeys.all,
  });

export const useDeleteUser = () =>
  useListMutation({ mutationFn: (id: number) => apiDelete('/api/user/:id', { params: { id } }), list: userKeys.all, notifyErrors: true });

/** Ends every session of the user (a lost phone, a shared computer): their tokens stop working at once. */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: (id: number) => apiPost('/api/user/:id/logout_all', { params: { id } }),
    onSuccess: (res) => notifySuccess(res.message),
    onError: notifyError,
  });
}

/** 'Inloggen als': a token for the user's email, handed to `loginWithToken` (the auth state's login). */
export function useLoginAs(loginWithToken: (token: string) => Promise<unknown>) {
  return useMutation({
    mutationFn: async (user: User) => {
      const { token } = await apiPost('/api/login_by_mail', { body: { email: user.email } });
      await loginWithToken(token);
      return user;
    },
    onSuccess: (user) => notifySuccess(`Je bent nu ingelogd als ${user.email}.`),
    onError: notifyError,
  });
}
