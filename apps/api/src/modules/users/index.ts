// What other modules use of the accounts: the account columns of a new user, the user as the API
// shows it, and the 'e-mail address taken' answer (registration, requests).
export { accountColumns, toUserDto, type AccountFields } from './dto.ts';
export { emailTaken, insertNewAccount } from './service.ts';
