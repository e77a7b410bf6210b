// The issued invoice's frozen content, which the bookkeeping exports read.
export type { InvoiceSnapshot } from './issued.ts';
