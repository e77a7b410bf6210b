// The payment dialog of an order and the payments list's query keys (refreshed after an order action).
export { adminPaymentKeys } from './api';
export { PaymentModal } from './PaymentModal';
