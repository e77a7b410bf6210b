// The calls of the admin orders list: the search (orders and leads), cancelling, changing an order
// (its discounts, a quick edit), its log and reminders, and merging the rooms of a period. Query
// keys, query options and mutation hooks live here; the components call none of lib/api.ts
// themselves. The answer types are the response contracts of @umrah/domain/contracts.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  AdminOrder,
  CancelAnswer,
  DocumentsReset,
  MergeAnswer,
  OrderSaved,
  QuickEditAnswer,
  ReminderStep,
  StatusAnswer,
} from '@umrah/domain/contracts';
import type { BodyOf } from '@umrah/domain/contracts/routes';
import { KID_WITHOUT_BED_VOUCHER, OrderStatus, isDocumentReminderStep, isPaymentReminderStep, isRoomSize } from '@umrah/domain/enums';
import type { QuickEditInput } from '@umrah/domain/validation/quick-edit';
import type { MergePeriodInput } from '@umrah/domain/validation/trips';
import type { ResetDocumentsInput } from '@umrah/domain/validation/visa';
import { useAdminMutation } from '../../../components/admin-kit/useAdminMutation';
import { apiGet, apiPost } from '../../../lib/api';
import type { MutationHooks } from '../../../lib/notify';
import { downloadGuestPhoto, fetchAdminVisa, fetchGuestPhoto, resetDocuments, visaKeys } from '../../visa';

export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** The API returns the first 50 matching leads with every search; ?status=1 pages through the rest. */
export const LEADS_PAGE_SIZE = 50;

export type { AdminOrder };

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (q: string, page: number) => ['admin', 'orders', 'list', q, page] as const,
  leads: (q: string, page: number) => ['admin', 'orders', 'leads', q, page] as const,
  logs: (id: number) => ['admin', 'orders', 'logs', id] as const,
  reminders: (id: number) => ['admin', 'orders', 'reminders', id] as const,
  /** Under the vouchers' own key, so a change in the vouchers tab refreshes the suggestions too. */
  voucherLabels: ['admin', 'vouchers', 'labels'] as const,
};

/** Orders (every status but LEAD) with the first leads matching the same search. */
export const fetchAdminOrders = (q: string, page: number, signal?: AbortSignal) =>
  apiGet('/api/admin/orders', { query: { q: q.trim() || undefined, page, pageSize: ADMIN_ORDERS_PAGE_SIZE }, signal });

/** A page of leads only. */
export const fetchAdminLeads = (q: string, page: number, signal?: AbortSignal) =>
  apiGet('/api/admin/orders', { query: { q: q.trim() || undefined, status: OrderStatus.LEAD, page, pageSize: LEADS_PAGE_SIZE }, signal });

export const adminOrdersQuery = (q: string, page: number) =>
  queryOptions({ queryKey: adminOrderKeys.list(q, page), queryFn: ({ signal }) => fetchAdminOrders(q, page, signal) });

export const adminLeadsQuery = (q: string, page: number) =>
  queryOptions({ queryKey: adminOrderKeys.leads(q, page), queryFn: ({ signal }) => fetchAdminLeads(q, page, signal) });

// ---------------------------------------------------------------------------------------------
// The order log

export type { CancelAnswer, OrderLogEntry } from '@umrah/domain/contracts';

/** GET /api/order/{id}/logs, for an order that came without its log. */
export const orderLogsQuery = (orderId: number) =>
  queryOptions({
    queryKey: adminOrderKeys.logs(orderId),
    queryFn: ({ signal }) => apiGet('/api/order/:id/logs', { params: { id: orderId }, signal }),
  });

// ---------------------------------------------------------------------------------------------
// Changing an order

export const cancelOrder = (id: number) => apiPost('/api/order/cancel/:id', { params: { id } });

export const useCancelOrder = (options?: MutationHooks<CancelAnswer, number>) => useMutation({ mutationFn: cancelOrder, ...options });

/** POST /api/order/{id}: the order as saved. */
export type OrderUpdated = OrderSaved;

/** POST /api/order/{id}: replaces the order's contents; the server prices it again. */
export type OrderUpdate = BodyOf<'POST', '/api/order/:id'>;
export const updateOrder = (id: number, payload: OrderUpdate) => apiPost('/api/order/:id', { params: { id }, body: payload });

export const useUpdateOrder = (options?: MutationHooks<OrderUpdated, { id: number; payload: OrderUpdate }>) =>
  useMutation({ mutationFn: ({ id, payload }) => updateOrder(id, payload), ...options });

/** The newest active codes, as suggestions for the discounts; 'kid-without-bed' is the server's own. */
export const voucherLabelsQuery = queryOptions({
  queryKey: adminOrderKeys.voucherLabels,
  queryFn: ({ signal }) =>
    apiGet('/api/vouchers', { query: { page: 1, pageSize: 100 }, signal }).then((r) =>
      r.vouchers.filter((v) => v.active && v.label.trim().toLowerCase() !== KID_WITHOUT_BED_VOUCHER).map((v) => v.label),
    ),
});

export interface QuickEditPayload {
  id: number;
  rooms: { id: number; room_type: number; extras: string[]; guests: { id: number; first_name: string; last_name: string }[] }[];
}
/** The modal's rooms as the request schema takes them (packages/domain/src/validation/quick-edit.ts). */
const quickEditBody = (payload: QuickEditPayload): QuickEditInput => ({
  id: payload.id,
  rooms: payload.rooms.map(({ room_type, ...room }) => {
    if (!isRoomSize(room_type)) throw new Error(`No room of ${room_type}`);
    return { ...room, room_type };
  }),
});

export type { QuickEditAnswer };

export const quickEditOrder = (payload: QuickEditPayload) =>
  apiPost('/api/order/update_flex/:id', { params: { id: payload.id }, body: quickEditBody(payload) });

export const useQuickEditOrder = (options?: MutationHooks<QuickEditAnswer, QuickEditPayload>) =>
  useMutation({ mutationFn: quickEditOrder, ...options });

/** A guest's visa documents, decrypted by the server (staff only); always fetched fresh. */
export const adminVisaQuery = (orderId: number) =>
  queryOptions({ queryKey: visaKeys.admin(orderId), queryFn: ({ signal }) => fetchAdminVisa(orderId, signal), staleTime: 0 });

/** The passport photo as a Blob: never cached, it is personal data. */
export const guestPhotoQuery = (guestId: number) =>
  queryOptions({
    queryKey: visaKeys.photo(guestId),
    queryFn: ({ signal }) => fetchGuestPhoto(guestId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** 'Pasfoto downloaden': the 200x200 JPEG of docs/RULES.md, 'Constants', saved as a file. */
export const useDownloadGuestPhoto = (options?: MutationHooks<string, number>) => useMutation({ mutationFn: downloadGuestPhoto, ...options });

/**
 * 'Documenten resetten': removes the guests' documents and mails the customer; the orders list and
 * the order's visa data are fetched again before the caller's onSuccess runs.
 */
export const useResetDocuments = (options?: MutationHooks<DocumentsReset, ResetDocumentsInput>) =>
  useAdminMutation({
    ...options,
    mutationFn: resetDocuments,
    invalidates: (_res, body) => [adminOrderKeys.all, visaKeys.admin(body.order_id)],
  });

// ---------------------------------------------------------------------------------------------
// Reminders (apps/api/src/modules/reminders/routes.ts)

export type { ReminderStep };

export const remindersQuery = (orderId: number) =>
  queryOptions({
    queryKey: adminOrderKeys.reminders(orderId),
    queryFn: ({ signal }) => apiGet('/api/order/:id/reminders', { params: { id: orderId }, signal }),
  });

export type ReminderKindName = 'payments' | 'documents';

export interface SendReminder {
  orderId: number;
  kind: ReminderKindName;
  step: ReminderStep;
}

/** Documents: the log type itself; payments: amount_sent 0-4 is the step, log type 6 + amount_sent. */
const sendReminder = async ({ orderId, kind, step }: SendReminder): Promise<StatusAnswer> => {
  if (kind === 'documents') {
    const type = step.type;
    if (!isDocumentReminderStep(type)) throw new Error(`No document reminder step ${type}`);
    return apiPost('/api/order/remind/documents', { body: { order_id: orderId, type } });
  }
  const amountSent = step.type - 6;
  if (!isPaymentReminderStep(amountSent)) throw new Error(`No payment reminder step ${step.type}`);
  return apiPost('/api/order/remind/payments', { body: { orders: [orderId], amount_sent: amountSent } });
};

/** Sends a reminder step; the order's reminders are fetched again before the caller's onSuccess runs. */
export const useSendReminder = (options?: MutationHooks<StatusAnswer, SendReminder>) =>
  useAdminMutation({ ...options, mutationFn: sendReminder, invalidates: (_res, { orderId }) => [adminOrderKeys.reminders(orderId)] });

// ---------------------------------------------------------------------------------------------
// Merging rooms (docs/RULES.md, 'Screens: merge-rooms dialog')

export const useMergeRooms = (options?: MutationHooks<MergeAnswer, MergePeriodInput>) =>
  useMutation({ mutationFn: (period: MergePeriodInput) => apiPost('/api/admin/trips/merge', { body: period }), ...options });
