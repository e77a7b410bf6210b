// The dashboard's orders list and the refresh of the order lists after an action (trip pages).
export { default as OrdersSection } from './OrdersSection';
export { useRefreshOrders } from './api';
