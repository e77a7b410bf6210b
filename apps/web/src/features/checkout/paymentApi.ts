// Old path of the payment calls, still imported by the admin's payments (features/admin/payments):
// they live in the checkout feature's api.ts (through its index).
export * from './api';
