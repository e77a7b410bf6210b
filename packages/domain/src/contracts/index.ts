// Response contracts, one file per API module (see common.ts for the conventions).
export * from './common.ts';
export * from './users.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './invoices.ts';
export * from './vouchers.ts';
export * from './products.ts';
export * from './crowdfunds.ts';
export * from './trips.ts';
export * from './articles.ts';
export * from './requests.ts';
export * from './system.ts';
export * from './visa.ts';
export * from './reminders.ts';
export * from './audit.ts';
export * from './open-orders.ts';
export * from './waitlist.ts';
