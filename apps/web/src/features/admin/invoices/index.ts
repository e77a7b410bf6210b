// The invoice table and its query keys, which the quotes tab shares.
export { AdminInvoiceTable } from './AdminInvoiceTable';
export { adminInvoiceKeys } from './api';
