// Who is logged in. The token lives in localStorage (lib/api); the user is loaded with
// GET /api/user whenever a token exists, and dropped when the session ends.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Role } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import { expireSession, getToken, isTokenExpired, nowSeconds, onSessionExpired, setToken, subscribeToken, tokenExpiry } from '../../lib/api';
import { currentUserQuery, fetchUser, requestLogin, requestLogout, userKeys } from './api';
import type { User } from './types';
import { showNotification } from '../../lib/notify';
import { clearOfflineTrips } from '../../lib/offlineCache';

export interface AuthContextValue {
  token: string | null;
  user: User | null;
  /** A token exists and the user is still being loaded. */
  loading: boolean;
  /** Loading the user failed for another reason than an ended session. */
  userError: unknown;
  isAdmin: boolean;
  /** The last session ended on its own (expired or rejected), not by 'Uitloggen'. */
  sessionExpired: boolean;
  login: (email: string, password: string, altcha?: string) => Promise<User>;
  loginWithToken: (token: string) => Promise<User>;
  logout: () => void;
  setUser: (user: User) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const userKey = userKeys.current;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToken, getToken, () => null);
  const [sessionExpired, setSessionExpired] = useState(false);

  useEffect(
    () =>
      onSessionExpired(() => {
        setSessionExpired(true);
        queryClient.clear();
        showNotification({ id: 'session-expired', color: 'orange', message: MSG.sessionExpired, autoClose: 8000 });
      }),
    [queryClient],
  );
  useExpireAtTokenEnd(token);

  const userQuery = useQuery(currentUserQuery(token));

  const loadUser = useCallback(
    (t: string) => queryClient.fetchQuery({ queryKey: userKey(t), queryFn: () => fetchUser(), staleTime: 0 }),
    [queryClient],
  );

  const loginWithToken = useCallback(
    async (newToken: string) => {
      // Data cached for the previous user must not show for the next one (nor their offline trip).
      queryClient.clear();
      void clearOfflineTrips();
      setToken(newToken);
      setSessionExpired(false);
      return loadUser(newToken);
    },
    [queryClient, loadUser],
  );

  const login = useCallback(
    async (email: string, password: string, altcha?: string) => {
      const { token: newToken } = await requestLogin(email, password, altcha);
      return loginWithToken(newToken);
    },
    [loginWithToken],
  );

  const logout = useCallback(() => {
    // End the session on the server too, so the token is worthless even if it was copied; the
    // local logout does not wait for it (and does not fail when offline or already expired).
    const current = getToken();
    if (current && !isTokenExpired(current)) void requestLogout().catch(() => undefined);
    setToken(null);
    setSessionExpired(false);
    queryClient.clear();
    // An ended session keeps 'Mijn reis' readable offline; a chosen logout removes it from the device.
    void clearOfflineTrips();
  }, [queryClient]);

  const setUser = useCallback((user: User) => queryClient.setQueryData(userKey(getToken()), user), [queryClient]);

  const user = token ? (userQuery.data ?? null) : null;
  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      user,
      loading: token !== null && userQuery.isPending,
      userError: token ? userQuery.error : null,
      isAdmin: user?.role === Role.ADMIN,
      sessionExpired: sessionExpired && token === null,
      login,
      loginWithToken,
      logout,
      setUser,
    }),
    [token, user, userQuery.isPending, userQuery.error, sessionExpired, login, loginWithToken, logout, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Ends the session when the token's time is up, not only at the next request. */
function useExpireAtTokenEnd(token: string | null) {
  useEffect(() => {
    if (!token) return;
    const exp = tokenExpiry(token);
    if (exp === null) return;
    const ms = (exp - nowSeconds()) * 1000;
    if (ms <= 0) {
      expireSession();
      return;
    }
    const timer = setTimeout(
      () => {
        if (getToken() === token && isTokenExpired(token)) expireSession();
      },
      Math.min(ms + 1000, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [token]);
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
