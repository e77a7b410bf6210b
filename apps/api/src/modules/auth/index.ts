// The sessions other modules start or end (a request's new account logs in; erasing an account ends them all).
export { revokeAllSessions, startSession } from './sessions.ts';
