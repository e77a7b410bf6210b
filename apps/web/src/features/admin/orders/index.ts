// The order actions, dialogs and details, the order rules and the admin order queries: what the
// other admin tabs (orders list, Openstaand, trip pages) use of the orders.
export { adminOrderKeys, adminLeadsQuery, adminOrdersQuery, ADMIN_ORDERS_PAGE_SIZE, LEADS_PAGE_SIZE, type AdminOrder } from './api';
export { MergeRoomsModal } from './MergeRoomsModal';
export { OrderActionsBar, OrderDialogs, type OrderDialog } from './OrderActions';
export { OrderDetails } from './OrderDetails';
export { ReminderModal } from './ReminderModal';
export { adminStatusLabel, customerName, statusColor } from './rules';
