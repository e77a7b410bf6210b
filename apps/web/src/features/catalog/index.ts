// The catalog's public face: the region's products and the admin's product form.
export * from './api';
export { PRODUCT_SUCCESS, ProductFormModal } from './ProductFormModal';
