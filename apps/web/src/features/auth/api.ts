// Server state of the account: the logged-in user (GET /api/user), logging in and out, registering,
// changing the account and resetting the password.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Registered } from '@umrah/domain/contracts/users';
import { apiGet, apiPost, apiPut, getToken, setToken } from '../../lib/api';
import { tokenClaims } from '../../lib/jwt';
import type { User } from './types';
import type { TokenAnswer, UserSaved } from '@umrah/domain/contracts';

export const userKeys = {
  /** Keyed by subject (and acting admin), not by token: a refreshed token is the same user. */
  current: (token: string | null) => {
    const c = tokenClaims(token);
    return ['user', c?.sub ?? null, c?.act ?? null] as const;
  },
};

export const fetchUser = (signal?: AbortSignal) => apiGet<User>('/api/user', undefined, signal);

/** The logged-in user, while a token exists; an ended session is not retried. */
export const currentUserQuery = (token: string | null) =>
  queryOptions({
    queryKey: userKeys.current(token),
    queryFn: ({ signal }) => fetchUser(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
/** `altcha`: the solved captcha, once the server asked for it after failed attempts. */
export const requestLogin = (email: string, password: string, altcha?: string) =>
  apiPost<TokenAnswer>('/api/login', { email, password, ...(altcha ? { altcha } : {}) }, { auth: false });
export const requestLogout = () => apiPost('/api/logout');

export interface RegisterBody extends Record<string, unknown> {
  altcha: string;
}

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => apiPost<Registered>('/api/register', { ...body, login_user: true }, { auth: false }),
  });

/** docs/RULES.md, 'Messages': a failed registration (also a failed login with its token) clears the stored token. */
export const clearStoredToken = () => {
  if (getToken()) setToken(null);
};

export const useUpdateAccount = () => useMutation({ mutationFn: (body: Record<string, unknown>) => apiPut<UserSaved>('/api/user', body) });

export const useResetRequest = () => useMutation({ mutationFn: (email: string) => apiPost('/api/reset_pw_request', { email }, { auth: false }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string; confirm_password: string }) => apiPost('/api/reset_pw', body, { auth: false }),
  });
