// Old path of the cart's price query, still imported by pages/AdminCartPage.tsx: the cart's api.ts
// (through its index) is the one to use.
export { DISCOUNT_KINDS, previewKeys, useCartPreview, type OrderPreview, type PreviewLine } from './api';
