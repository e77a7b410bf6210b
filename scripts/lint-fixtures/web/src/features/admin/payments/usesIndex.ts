// Clean: the admin tab 'payments' uses the tab 'orders' through its index.ts.
import { orderCount } from '../orders';

export const paymentCount = orderCount + 1;
