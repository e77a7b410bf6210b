// The account feature's public face: other features and the pages import from here.
export * from './types';
export * from './api';
export { useAuth, AuthProvider, type AuthContextValue } from './AuthProvider';
export { AuthModalsProvider, preloadAuthModals, useAuthModals, type AuthModalView } from './AuthModalsProvider';
export { AccountFields, accountFromUser, DutchDateInput, emptyAccount, parseDutchDate, type AccountValues } from './AccountFields';
export { Altcha } from './Altcha';
export { LoginForm } from './LoginForm';
export { RegisterForm } from './RegisterForm';
export { RequireAuth, LoginRequired, Forbidden } from './RequireAuth';
export { useCaptchaForm } from './useCaptchaForm';
