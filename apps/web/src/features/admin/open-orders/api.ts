// The calls of the dashboard's 'Openstaand' view (docs/OFFICE.md): the open orders with their totals, the
// same list as a file, and the payment reminder to a selection in parts (so the screen can show how
// far it is). Query keys, query options and hooks live here; the component calls no lib/api itself.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { OpenReminded } from '@umrah/domain/contracts';
import { OPEN_REMIND_MAX, type OpenOrdersFilter } from '@umrah/domain/validation/open-orders';
import { isPaymentReminderStep } from '@umrah/domain/enums';
import { apiGet, apiPost } from '../../../lib/api';
import { authorisedFetch } from '../../../lib/authorisedFetch';
import { saveBlob } from '../../../lib/saveBlob';
import { adminOrderKeys } from '../orders';

export type { OpenOrder } from '@umrah/domain/contracts';

export const openOrderKeys = {
  all: ['admin', 'orders', 'open'] as const,
  list: (filter: OpenOrdersFilter) => ['admin', 'orders', 'open', filter] as const,
};

const params = (filter: OpenOrdersFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const openOrdersQuery = (filter: OpenOrdersFilter) =>
  queryOptions({
    queryKey: openOrderKeys.list(filter),
    queryFn: ({ signal }) => apiGet('/api/admin/orders/open', { query: filter, signal }),
  });

/** The list as XLSX or CSV, saved under the server's name. */
export async function downloadOpenOrders(filter: OpenOrdersFilter, format: 'xlsx' | 'csv'): Promise<string> {
  const qs = new URLSearchParams(Object.entries(params(filter)).map(([k, v]) => [k, String(v)])).toString();
  const res = await authorisedFetch(`/api/admin/orders/open.${format}${qs ? `?${qs}` : ''}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `openstaand.${format}`;
  saveBlob(await res.blob(), name);
  return name;
}

export interface RemindProgress {
  done: number;
  total: number;
}

/**
 * One payment reminder step to each order, in parts of at most OPEN_REMIND_MAX orders, reporting
 * the progress after each part; the answers' sent and skipped lists together.
 */
export async function remindOrders(ids: number[], amountSent: number, onProgress: (p: RemindProgress) => void) {
  const sent: OpenReminded['sent'] = [];
  const skipped: OpenReminded['skipped'] = [];
  // Small parts: the bar moves visibly and a failure stops after what was already sent.
  const size = Math.min(5, OPEN_REMIND_MAX);
  if (!isPaymentReminderStep(amountSent)) throw new Error(`No payment reminder step ${amountSent}`);
  onProgress({ done: 0, total: ids.length });
  for (let i = 0; i < ids.length; i += size) {
    const part = ids.slice(i, i + size);
    const res = await apiPost('/api/admin/orders/open/remind', { body: { orders: part, amount_sent: amountSent } });
    sent.push(...res.sent);
    skipped.push(...res.skipped);
    onProgress({ done: Math.min(ids.length, i + part.length), total: ids.length });
  }
  return { sent, skipped };
}

/** After reminders: the open list (last reminder), the orders and their reminder logs are fetched again. */
export function useRefreshAfterReminders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
}
