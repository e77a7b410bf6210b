// The login, register, edit-account and reset-request modals are opened from anywhere (header,
// guards, reset page); their code loads only when one is first opened.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthModalView = 'login' | 'register' | 'reset' | 'account';

interface AuthModalsContextValue {
  view: AuthModalView | null;
  open: (view: AuthModalView) => void;
  close: () => void;
}

const AuthModalsContext = createContext<AuthModalsContextValue | null>(null);
const AuthModals = lazy(() => import('./AuthModals'));
/** Starts loading the modal code early, e.g. when the pointer nears the Account button. */
export const preloadAuthModals = () => void import('./AuthModals');

export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<AuthModalView | null>(null);
  const close = useCallback(() => setView(null), []);
  const value = useMemo(() => ({ view, open: setView, close }), [view, close]);
  return (
    <AuthModalsContext.Provider value={value}>
      {children}
      {view && (
        <Suspense fallback={null}>
          <AuthModals view={view} onView={setView} onClose={close} />
        </Suspense>
      )}
    </AuthModalsContext.Provider>
  );
}

export function useAuthModals(): AuthModalsContextValue {
  const ctx = useContext(AuthModalsContext);
  if (!ctx) throw new Error('useAuthModals outside AuthModalsProvider');
  return ctx;
}
