// Quotes and invoices: the public face of the invoices feature.
export * from './api';
export { MyQuotes } from './MyQuotes';
export { QuotePanel } from './QuotePanel';
