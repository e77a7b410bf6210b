// Server state of the account: the logged-in user (GET /api/user), logging in and out, registering,
// changing the account and resetting the password.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { MSG } from '@umrah/domain/messages';
import { ApiError, apiGet, apiPost, apiPut, getToken, setToken } from '../../lib/api';
import { tokenClaims } from '../../lib/jwt';
import type { BodyOf } from '@umrah/domain/contracts/routes';

export const userKeys = {
  /** Keyed by subject (and acting admin), not by token: a refreshed token is the same user. */
  current: (token: string | null) => {
    const c = tokenClaims(token);
    return ['user', c?.sub ?? null, c?.act ?? null] as const;
  },
};

export const fetchUser = (signal?: AbortSignal) => apiGet('/api/user', { signal });

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
  apiPost('/api/login', { body: { email, password, ...(altcha ? { altcha } : {}) }, auth: false });
export const requestLogout = () => apiPost('/api/logout');

/** A form's body: the date picker holds an empty birth date as null. */
export type FormBody<B extends { date_of_birth: string }> = Omit<B, 'date_of_birth'> & { date_of_birth: string | null };

/** The account forms validate with the same schema first, so an empty birth date never gets this far. */
export function withBirthDate<B extends { date_of_birth: string | null }>(body: B): Omit<B, 'date_of_birth'> & { date_of_birth: string } {
  const { date_of_birth, ...rest } = body;
  if (date_of_birth === null) throw new ApiError(400, MSG.invalidInput);
  return { ...rest, date_of_birth };
}

export type RegisterBody = FormBody<Omit<BodyOf<'POST', '/api/register'>, 'login_user'>>;

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => apiPost('/api/register', { body: { ...withBirthDate(body), login_user: true }, auth: false }),
  });

/** docs/RULES.md, 'Messages': a failed registration (also a failed login with its token) clears the stored token. */
export const clearStoredToken = () => {
  if (getToken()) setToken(null);
};

export const useUpdateAccount = () =>
  useMutation({ mutationFn: (body: FormBody<BodyOf<'PUT', '/api/user'>>) => apiPut('/api/user', { body: withBirthDate(body) }) });

export const useResetRequest = () =>
  useMutation({ mutationFn: (email: string) => apiPost('/api/reset_pw_request', { body: { email }, auth: false }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: BodyOf<'POST', '/api/reset_pw'>) => apiPost('/api/reset_pw', { body, auth: false }),
  });
