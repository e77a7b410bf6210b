// What other modules use of the accounts: a new account with its welcome mail, the user as the API
// shows it, and the 'e-mail address taken' answer (registration, requests).
export { toUserDto, type AccountFields } from './dto.ts';
export { emailTaken, insertNewAccount } from './service.ts';
