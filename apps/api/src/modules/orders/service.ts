// The orders module's public face: routes and other modules import from here. Each use case lives in
// its own file under workflows/ (create, update, preview, the reads, the admin search), with what they
// share beside them: the catalog lookup, pricing, the content rows and the new order's write.

export { type Actor } from './workflows/order-actor.ts';
export { fundedSoFar, loadCatalog } from './workflows/catalog-lookup.ts';
export { price } from './workflows/price-order.ts';
export { insertOrderLines } from './workflows/order-rows.ts';
export { createOrder } from './workflows/create-order.ts';
export { updateOrder } from './workflows/update-order.ts';
export { previewOrder } from './workflows/preview-order.ts';
export { getOrder, orderLogs, orderPlacedWithKey, ownOrders } from './workflows/read-orders.ts';
export { adminOrders } from './workflows/admin-order-query.ts';
