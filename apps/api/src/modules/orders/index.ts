// What the scheduler does to an order that lapsed: its status changes and its stock goes back.
export { changeOrderStatus } from './status.ts';
export { giveBackStock } from './stock.ts';
