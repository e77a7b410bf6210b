// The reminder and quick-edit calls of the admin order (apps/api/src/modules/reminders/routes.ts,
// apps/api/src/modules/orders/quick-edit.ts).
import { apiGet, apiPost } from '../../../lib/api';
import type { AdminOrder } from './api';

export interface ReminderStep {
  /** order_logs.type: 1-4 documents, 6-10 payments */
  type: number;
  label: string;
  sent_count: number;
  last_sent_at: string | null;
  last_sent_by: string | null;
}

export interface ReminderKind {
  steps: ReminderStep[];
  /** The step to offer next (after the last one sent); null after the last step. */
  next: number | null;
  /** Whether a reminder of this kind can be sent now; `reason` says why not. */
  allowed: boolean;
  reason?: string;
}

export interface OrderLogRow {
  id: number;
  type: number;
  message: string;
  created_at: string;
  user_executed_mail: string | null;
}

export interface OrderReminders {
  order_id: number;
  order_number: string;
  email: string;
  documents: ReminderKind & { missing_guests: string[]; trip_start: string | null };
  payments: ReminderKind & { amount_open: number; deadline: string | null };
  /** Reminder log rows (types 1-10), newest first. */
  logs: OrderLogRow[];
}

export const reminderKeys = { order: (id: number) => ['admin', 'orders', 'reminders', id] as const };

export const fetchReminders = (orderId: number, signal?: AbortSignal) => apiGet<OrderReminders>(`/api/order/${orderId}/reminders`, undefined, signal);

export const sendDocumentReminder = (orderId: number, type: number) =>
  apiPost<{ status: string; message: string }>('/api/order/remind/documents', { order_id: orderId, type });

/** amount_sent 0-4 is the payment step: log type 6 + amount_sent. */
export const sendPaymentReminder = (orderId: number, type: number) =>
  apiPost<{ status: string; message: string }>('/api/order/remind/payments', { orders: [orderId], amount_sent: type - 6 });

export interface QuickEditPayload {
  id: number;
  rooms: { id: number; room_type: number; extras: string[]; guests: { id: number; first_name: string; last_name: string }[] }[];
}

export const quickEditOrder = (payload: QuickEditPayload) =>
  apiPost<{ status: string; message: string; changed: boolean; order: AdminOrder }>(`/api/order/update_flex/${payload.id}`, payload);
