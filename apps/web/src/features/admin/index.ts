// The admin feature's public face for other features: the order actions and dialogs the trip page's
// order cards reuse (docs/OFFICE.md), and the refresh of the admin order lists after a change.
export { OrderActionsBar, OrderDialogs, type OrderDialog } from './orders/OrderActions';
export type { AdminOrder } from './orders/api';
export { useRefreshOrders } from './orders-list/api';
export { OrderDetails } from './orders/OrderDetails';
