import { z } from 'zod';
import { flexContract, listAnswer, orderMoneyFields, orderRefFields, pagedAnswer, personNameFields, statusAnswer, statusFields } from './common.ts';
import { productContract } from './products.ts';

// The order as GET /api/orders, GET /api/order/{id}, POST /api/order and the admin list answer it
// (apps/api/src/modules/orders/dto.ts builds it). Money in cents.

/** A traveller's id and name: the part every guest answer (orders, visa, trips) shares. */
export const guestNameContract = z.object({ id: z.number(), ...personNameFields });

export const orderGuestContract = guestNameContract.extend({
  room_id: z.number(),
  product_id: z.number().nullable(),
  /** 0 adult, 1 child, 2 baby */
  age_category: z.number(),
  /** 0 male, 1 female */
  gender: z.number().nullable(),
  european_passport: z.boolean(),
  bed_included: z.boolean(),
  /** disabled: uses a wheelchair */
  flex: z.looseObject({ disabled: z.boolean().optional() }),
  /** The guest's visa documents (passport data and photo) are in. */
  has_documents: z.boolean(),
});
export type OrderGuest = z.infer<typeof orderGuestContract>;

export const orderRoomContract = z.object({
  id: z.number(),
  /** The package's adult product of this room size. */
  product_id: z.number().nullable(),
  room_type: z.number(),
  max_guests: z.number(),
  /** 0 male, 1 female, 2 mix/family */
  room_gender: z.number(),
  exclusive: z.boolean(),
  flex: z.looseObject({ extras: z.array(z.string()).optional() }),
  guests: z.array(orderGuestContract),
});
export type OrderRoom = z.infer<typeof orderRoomContract>;

/** What every priced line carries, an order's own or the preview's (cents). */
const pricedLineFields = { label: z.string(), quantity: z.number(), unit_price: z.number(), total: z.number() };

export const orderLineContract = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  guest_id: z.number().nullable(),
  ...pricedLineFields,
  /** 'product', 'voucher', 'kid_without_bed', 'extra', ... */
  kind: z.string(),
  flex: flexContract,
});
export type OrderLine = z.infer<typeof orderLineContract>;

/** A product the order sells, with how many (its type, label and period as the product contract has them). */
export const orderProductContract = z.object({
  id: z.number(),
  product_id: z.number(),
  ...productContract.pick({ type: true, label: true, start: true, end: true }).shape,
  region: z.string(),
  quantity: z.number(),
});
export type OrderProduct = z.infer<typeof orderProductContract>;

/** The donated amount (cents), on the donation and again on its pivot row. */
const fundingAmountField = { funding_amount: z.number() };

/** A donation to a crowdfund within the order. */
export const orderCrowdfundContract = z.object({
  id: z.number(),
  funding_id: z.number(),
  label: z.string(),
  ...fundingAmountField,
  pivot: z.object(fundingAmountField),
});
export type OrderCrowdfund = z.infer<typeof orderCrowdfundContract>;

const availabilityContract = z.object({ id: z.number(), days: z.array(z.string()), times: z.array(z.string()) });

export const orderFlexContract = z.looseObject({
  pay_partly: z.boolean().optional(),
  discounts: z.array(z.string()).optional(),
  /** The lesson availabilities (spelled as the old shop did). */
  arabia_availibilities: z.array(availabilityContract).optional(),
});
export type OrderFlex = z.infer<typeof orderFlexContract>;

/** One row of the order log. type 0 note, 1-5 document reminders, 6-10 payment reminders. */
export const orderLogEntryContract = z.object({
  id: z.number(),
  order_id: z.number(),
  type: z.number(),
  message: z.string(),
  user_executed_mail: z.string().nullable(),
  created_at: z.string(),
});
export type OrderLogEntry = z.infer<typeof orderLogEntryContract>;
/** An order's log, oldest first. */
const orderLogsField = { logs: z.array(orderLogEntryContract) };

export const orderContract = z.object({
  id: z.number(),
  ...orderRefFields,
  user_id: z.number(),
  ...statusFields,
  ...orderMoneyFields,
  /** Every guest of the order has delivered documents (false without guests). */
  documents_complete: z.boolean(),
  /** 50 % may be asked now: placed as a down payment, nothing paid and the payment deadline not passed. */
  down_payment_allowed: z.boolean(),
  /** Why an order placed as a down payment can only be paid in full now ('De betaaltermijn van deze reis is verstreken: …'), or null. */
  down_payment_message: z.string().nullable(),
  flex: orderFlexContract,
  created_by_user_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  user: z.object({ user_id: z.number(), email: z.string(), ...personNameFields }),
  rooms: z.array(orderRoomContract),
  lines: z.array(orderLineContract),
  products: z.array(orderProductContract),
  crowdfunds: z.array(orderCrowdfundContract),
});
/** The customer's own order (GET /api/orders, GET /api/order/{id}). */
export type MyOrder = z.infer<typeof orderContract>;
/** What the admin cart reads of a newly placed order. */
export type CreatedOrder = MyOrder;
/** What the admin invoice lookup reads of GET /api/order/{id}. */
export type OrderSummary = MyOrder;

/** Staff lists carry each order's log (never the customer's own list: the log names staff). */
export const adminOrderContract = orderContract.extend(orderLogsField);
export type AdminOrder = z.infer<typeof adminOrderContract>;

/** GET /api/orders */
export const myOrdersContract = listAnswer('orders', orderContract);
export type MyOrders = z.infer<typeof myOrdersContract>;

/** GET /api/order/{id} */
export const orderAnswerContract = z.object({ order: orderContract });
export type OrderAnswer = z.infer<typeof orderAnswerContract>;

/** POST /api/order (201), POST /api/order/{id} */
export const orderSavedContract = statusAnswer.extend({ order: orderContract });
export type OrderSaved = z.infer<typeof orderSavedContract>;

/** GET /api/admin/orders: a page of orders (every status but LEAD unless ?status=) and the first leads. */
export const adminOrdersPageContract = pagedAnswer('orders', adminOrderContract).extend({
  leads: z.array(adminOrderContract),
  leads_total: z.number(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageContract>;

/** GET /api/order/{id}/logs (staff), oldest first. */
export const orderLogsContract = z.object(orderLogsField);
export type OrderLogs = z.infer<typeof orderLogsContract>;

/** POST /api/order/cancel/{id} (admin). */
/** message: 'Bestelling is geannuleerd.' or 'Deze bestelling was al geannuleerd.' */
export const cancelAnswerContract = statusAnswer.extend({
  changed: z.boolean(),
  credit_document: z.enum(['invoice', 'down_payment', 'invoice_credit', 'down_payment_credit']).nullable(),
  credit_note_attached: z.boolean(),
});
export type CancelAnswer = z.infer<typeof cancelAnswerContract>;

/** One priced line of POST /api/order/preview. */
export const previewLineContract = z.object({
  kind: z.string(),
  product_id: z.number().nullable(),
  ...pricedLineFields,
  /** Index of the cart room / guest the line belongs to. */
  room: z.number().nullable(),
  guest: z.number().nullable(),
});
export type PreviewLine = z.infer<typeof previewLineContract>;

/** POST /api/order/preview: the server's price of a cart, without ordering. */
export const orderPreviewContract = z.object({
  lines: z.array(previewLineContract),
  subtotal: z.number(),
  discount_total: z.number(),
  donation_total: z.number(),
  total_price: z.number(),
  discounts: z.array(z.string()),
  amount_to_pay: z.number(),
  /** False once the trips' payment deadline has passed: then only the full amount can be paid. */
  down_payment_allowed: z.boolean(),
  down_payment_message: z.string().nullable(),
});
export type OrderPreview = z.infer<typeof orderPreviewContract>;

/** POST /api/order/update_flex/{id} (admin's quick edit): `changed` false when nothing differed. */
export const quickEditAnswerContract = statusAnswer.extend({ changed: z.boolean(), order: orderContract });
export type QuickEditAnswer = z.infer<typeof quickEditAnswerContract>;
