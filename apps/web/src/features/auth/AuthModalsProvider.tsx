// The login, register, edit-account and reset-request modals are opened from anywhere (header,
// guards, reset page); their code loads only when one is first opened.
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { AuthModalsContext, type AuthModalView } from './authModals';

export { useAuthModals, type AuthModalView } from './authModals';

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
