// The calls of the admin orders list: the search (orders and leads), cancelling, and changing an
// order (used for its discounts). Shapes follow apps/api/src/modules/orders/dto.ts.
import type { OrderDocumentKind } from '@umrah/domain/documents';
import type { ArabiaAvailability } from '@umrah/domain/validation/order';
import { apiGet, apiPost } from '../../../lib/api';

export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** The API returns the first 50 matching leads with every search; ?status=1 pages through the rest. */
export const LEADS_PAGE_SIZE = 50;

export interface AdminOrderGuest {
  id: number;
  first_name: string;
  last_name: string;
  age_category: number;
  gender: number | null;
  european_passport: boolean;
  bed_included: boolean;
  flex: { disabled?: boolean };
  /** The guest's visa documents (passport data and photo) are in. */
  has_documents?: boolean;
}

export interface AdminOrderRoom {
  id: number;
  /** The package's adult product of this room size. */
  product_id: number | null;
  room_type: number;
  max_guests: number;
  room_gender: number;
  exclusive: boolean;
  flex: { extras?: string[] } & Record<string, unknown>;
  guests: AdminOrderGuest[];
}

export interface AdminOrderLine {
  id: number;
  product_id: number | null;
  guest_id: number | null;
  label: string;
  quantity: number;
  /** cents */
  unit_price: number;
  /** cents */
  total: number;
  kind: string;
}

export interface AdminOrderCrowdfund {
  id: number;
  funding_id: number;
  label: string;
  /** cents */
  funding_amount: number;
}

export interface AdminOrderFlex {
  pay_partly?: boolean;
  discounts?: string[];
  arabia_availibilities?: ArabiaAvailability[];
  [key: string]: unknown;
}

export interface AdminOrder {
  id: number;
  order_number: string;
  user_id: number;
  status: number;
  status_label: string;
  /** cents */
  total_price: number;
  /** cents */
  total_payments: number;
  /** cents */
  amount_open: number;
  flex: AdminOrderFlex;
  created_at: string;
  user: { user_id: number; email: string; first_name: string; last_name: string };
  rooms: AdminOrderRoom[];
  lines: AdminOrderLine[];
  crowdfunds: AdminOrderCrowdfund[];
  /** Every guest of the order has delivered documents. */
  documents_complete?: boolean;
}

export interface AdminOrdersPage {
  orders: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
  leads: AdminOrder[];
  leads_total: number;
}

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (q: string, page: number) => ['admin', 'orders', 'list', q, page] as const,
  leads: (q: string, page: number) => ['admin', 'orders', 'leads', q, page] as const,
};

/** Orders (every status but LEAD) with the first leads matching the same search. */
export const fetchAdminOrders = (q: string, page: number, signal?: AbortSignal) =>
  apiGet<AdminOrdersPage>('/api/admin/orders', { q: q.trim() || undefined, page, pageSize: ADMIN_ORDERS_PAGE_SIZE }, signal);

/** A page of leads only (status 1). */
export const fetchAdminLeads = (q: string, page: number, signal?: AbortSignal) =>
  apiGet<AdminOrdersPage>('/api/admin/orders', { q: q.trim() || undefined, status: 1, page, pageSize: LEADS_PAGE_SIZE }, signal);

export interface CancelAnswer {
  status: string;
  /** 'Bestelling is geannuleerd.' or 'Deze bestelling was al geannuleerd.' */
  message: string;
  changed: boolean;
  credit_document: OrderDocumentKind | null;
}

export const cancelOrder = (id: number) => apiPost<CancelAnswer>(`/api/order/cancel/${id}`, {});

/** POST /api/order/{id}: replaces the order's contents; the server prices it again. */
export const updateOrder = (id: number, payload: unknown) =>
  apiPost<{ status: string; message: string; order: AdminOrder }>(`/api/order/${id}`, payload);
