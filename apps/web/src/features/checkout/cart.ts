// Old path of the cart's order payload, still imported by pages/AdminCartPage.tsx: it lives in the
// cart feature now (features/cart/order.ts, through its index).
export { cartKind, cartToOrder, readCheckoutCart, type CartKind } from '../cart';
