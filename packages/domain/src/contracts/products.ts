import { z } from 'zod';
import { REGIONS } from '../enums.ts';
import type { ProductDto, ProductFlex } from '../validation/product.ts';
import { listAnswer, messageAnswer, periodFields } from './common.ts';

export type { ProductDto, ProductFlex };

/** The flex of a product as stored and served. */
export const productFlexContract = z.object({
  hotels: z.array(z.number()),
  bulletpoints: z.array(z.object({ label: z.string(), description: z.string() })),
  priority: z.number(),
  type_class: z.union([z.literal(0), z.literal(1)]),
  extras: z.array(z.object({ label: z.string(), price: z.number() })),
  region: z.enum(REGIONS),
}) satisfies z.ZodType<ProductFlex>;

/** The product as GET /api/products serves it (snake_case, price in cents; the type lives next to its request schemas). */
export const productContract = z.object({
  product_id: z.number(),
  id: z.number(),
  type: z.number(),
  label: z.string(),
  description: z.string(),
  ...periodFields,
  payment_deadline: z.string().nullable(),
  stock: z.number(),
  price: z.number(),
  is_active: z.boolean(),
  region: z.enum(REGIONS),
  currency: z.string(),
  created_at: z.string(),
  flex: productFlexContract,
}) satisfies z.ZodType<ProductDto>;

/** GET /api/products, /api/products_within_halfyear, /api/admin/products. */
export const productListContract = listAnswer('products', productContract);
export type ProductList = z.infer<typeof productListContract>;

/** POST /api/products (201): every product of the list, created. */
export const productsCreatedContract = messageAnswer.extend({ products: z.array(productContract) });
export type ProductsCreated = z.infer<typeof productsCreatedContract>;

/** PUT /api/product/{id}. */
export const productSavedContract = messageAnswer.extend({ product: productContract });
export type ProductSaved = z.infer<typeof productSavedContract>;

/** DELETE /api/product/{id}: a product that orders point to is deactivated instead. */
export const productDeletedContract = messageAnswer.extend({ deactivated: z.boolean() });
export type ProductDeleted = z.infer<typeof productDeletedContract>;
