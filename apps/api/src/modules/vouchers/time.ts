// PENDING (lead, after merging the orders split and the payments branch): the Amsterdam date helpers
// live in lib/dutch-time.ts; this path only serves orders/service.ts and payments/service.ts. Point
// them there, then delete this file and its check in test/dutch-today.test.ts.
export { dutchToday, fromDutchDateTime, toDutchDateTime } from '../../lib/dutch-time.ts';
