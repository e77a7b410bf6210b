// The payments module's public face: what routes and other modules use, from the use-case files.
//   order-state.ts       what the use cases read of an order (paid, deadline, fingerprint, active payments)
//   booking.ts           what a change of payments does to the order (status, log, receipt)
//   start.ts             starting a provider payment for an order
//   exchange.ts          what the provider reports (exchange, catch-up sync, the return page's check)
//   manual.ts            staff's manual payments
//   list.ts              payment lists
//   provider-payment.ts  the provider side, shared with quotes

// The status rules (which statuses may pay, what a payment does to the status) are the domain's
// state machine (packages/domain/src/order-state.ts); orders/transition.ts is the only writer.
export { paidTotal } from './order-state.ts';
export { completeWithoutPayment } from './booking.ts';
export { startPayment } from './start.ts';
export { checkOrderPayment, processExchange, syncOrderTransactions } from './exchange.ts';
export { PROVIDER_PAYMENT_LOCKED, createManualPayment, deletePayment, updatePayment } from './manual.ts';
export { listPayments, payerColumns } from './list.ts';
