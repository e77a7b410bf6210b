// Clean: the admin tab 'orders' public face.
export { orderCount } from './internal';
