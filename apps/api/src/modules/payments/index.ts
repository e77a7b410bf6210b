// What the invoices module uses of payments without its service.ts (whose order-changing use cases
// lead through transitionOrder back to the invoices): the payment reads and the provider payment
// steps of a quote paid by link, none of which changes an order's status.
export { paymentsOfOrders } from './list.ts';
export { exchangeableTransaction, recordProviderPayment, startProviderPayment, syncActiveTransactions } from './provider-payment.ts';
