export * from './common.ts';
export * from './auth.ts';
export * from './product.ts';
export * from './order.ts';
export * from './voucher.ts';
export * from './donation.ts';
export * from './payment.ts';
export * from './invoice.ts';
