// The admin calls of the users and mail-outbox tabs.
import { queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import type { User } from '../auth/types';

export const USERS_PAGE_SIZE = 25;

export interface UsersPage {
  users: User[];
  total: number;
  page: number;
  pageSize: number;
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
}

export const adminKeys = {
  users: ['admin', 'users'] as const,
  mails: ['admin', 'mails'] as const,
};

export const fetchUsers = (q: string, page: number, signal?: AbortSignal) =>
  apiGet<UsersPage>('/api/users', { q: q.trim() || undefined, page, pageSize: USERS_PAGE_SIZE }, signal);

export const createUser = (body: unknown) => apiPost<{ message: string; user: User }>('/api/users', body);
export const updateUser = (id: number, body: unknown) => apiPut<{ message: string; user: User }>(`/api/user/${id}`, body);
export const deleteUser = (id: number) => apiDelete<{ message: string }>(`/api/user/${id}`);
export const loginByMail = (email: string) => apiPost<{ token: string }>('/api/login_by_mail', { email });
export const logoutUserEverywhere = (id: number) => apiPost<{ message: string; sessions: number }>(`/api/user/${id}/logout_all`);

export const fetchMails = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiGet<{ mails: OutboxMail[]; total: number }>('/api/admin/mails', { page, pageSize }, signal);

/**
 * The user picker of the admin cart and the quote form: ONE key for ONE data shape (a list of users).
 * The two once shared a key for different shapes, and the second screen opened within the cache's
 * lifetime crashed on the first one's data.
 */
export const userPickerQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'user-picker', q] as const,
    queryFn: ({ signal }) => fetchUsers(q, 1, signal).then((r) => r.users),
    staleTime: 30_000,
  });
