// What other modules use of the invoices module besides its service.ts: the issued invoice's frozen
// content (the bookkeeping exports), an order's documents as PDF ('Mijn reis', a cancellation's
// credit note) and the issued invoices kept in step with an order's status (transitionOrder).
export type { InvoiceSnapshot } from './issued.ts';
export { orderDocument, renderOrderDocument } from './documents.ts';
export { keepInvoicesInStep } from './issued.ts';
