// The account feature's public face: other features and the pages import from here.
export * from './types';
export * from './api';
export { useAuth, AuthProvider } from './AuthProvider';
export { AuthModalsProvider, preloadAuthModals, useAuthModals } from './AuthModalsProvider';
export { AccountFields, accountFromUser, DutchDateInput, emptyAccount, parseDutchDate, type AccountValues } from './AccountFields';
export { LoginForm } from './LoginForm';
export { RegisterForm } from './RegisterForm';
export { useCaptchaForm } from './useCaptchaForm';
export { LoginRequired } from './RequireAuth';
