// 'Mijn bestellingen': the public face of the orders feature.
export * from './api';
export { MyOrders } from './MyOrders';
export { OrderDocuments } from './OrderDocuments';
