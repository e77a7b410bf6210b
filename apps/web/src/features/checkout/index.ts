// The checkout's public face: the two halves of /afrekenen, the return dialog and the payment calls.
export * from './api';
export { CheckoutDetails } from './CheckoutDetails';
export { OrderSummary } from './OrderSummary';
export { ReturnDialog } from './ReturnDialog';
