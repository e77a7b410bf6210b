// Which auth modal is open. Kept apart from AuthModalsProvider, which loads the modals lazily: the
// forms inside them switch views through this context without importing the provider back.
import { createContext, useContext } from 'react';

export type AuthModalView = 'login' | 'register' | 'reset' | 'account';

export interface AuthModalsContextValue {
  view: AuthModalView | null;
  open: (view: AuthModalView) => void;
  close: () => void;
}

export const AuthModalsContext = createContext<AuthModalsContextValue | null>(null);

export function useAuthModals(): AuthModalsContextValue {
  const ctx = useContext(AuthModalsContext);
  if (!ctx) throw new Error('useAuthModals outside AuthModalsProvider');
  return ctx;
}
