// Deleting a user for good also wipes their data from the other tables (users' admin delete).
export { eraseFromOtherTables } from './erase.ts';
