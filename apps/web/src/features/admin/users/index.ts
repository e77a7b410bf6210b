// The customer picker of the quote form.
export { UserPicker, userLabel, type PickedUser } from './UserPicker';
