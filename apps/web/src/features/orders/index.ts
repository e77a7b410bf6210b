// 'Mijn bestellingen': the public face of the orders feature.
export * from './api';
export { MyOrders, needsDocuments, payActions, statusLabel } from './MyOrders';
export { OrderDocuments, type OrderDocumentsProps } from './OrderDocuments';
