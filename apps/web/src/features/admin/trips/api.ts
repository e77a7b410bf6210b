// The calls of the admin 'Reisoverzichten' tab: the trips, one trip with its orders and
// statistics, the rooming-list proposal and versions, and the downloads (which need the bearer
// token, so they are fetched as a blob and saved from an object URL). Query keys, query options
// and mutation hooks live here; the components call none of lib/api.ts themselves.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { authorisedFetch } from '../../../lib/authorisedFetch';
import { saveBlob } from '../../../lib/saveBlob';
import { notifySuccess, type MutationHooks } from '../../../lib/notify';
import { useAdminMutation } from '../../../components/admin-kit/useAdminMutation';
import type { RoomKind } from '@umrah/domain/rooming';
import type { OpenReminded, Proposal, RoomingRoomDto, RoomingVersionSummaryDto, RoomsSaved } from '@umrah/domain/contracts';
import { isDocumentReminderStep, isRoomSize } from '@umrah/domain/enums';
import type { AirlineLayout } from '@umrah/domain/validation/trips';

// The answer shapes are the domain's response contracts (packages/domain/src/contracts/trips.ts),
// so the API and the web app cannot drift apart; only types are imported.
export type { MergedRooms, Proposal, TripDetail, TripGuest, TripOrder, TripStats, TripSummary } from '@umrah/domain/contracts';
export type RoomDto = RoomingRoomDto;
export type RoomingVersionInfo = RoomingVersionSummaryDto;
export type { AirlineLayout };

export interface SaveRoomsBody {
  start_date: string;
  rooms: { flex: string; existing_id: number | null; max_guests: number; kind?: RoomKind; guests: { guest_id: number }[] }[];
}

export const tripKeys = {
  all: ['admin', 'trips'] as const,
  detail: (start: string) => ['admin', 'trips', start] as const,
  rooms: (start: string, version?: number) => ['admin', 'trips', start, 'rooms', version ?? 'latest'] as const,
  orders: (start: string) => ['admin', 'trips', start, 'orders'] as const,
};

/** The trip's orders as the dashboard's orders list has them: what the order cards' actions need. */
export const tripOrdersQuery = (start: string) =>
  queryOptions({
    queryKey: tripKeys.orders(start),
    queryFn: ({ signal }) => apiGet('/api/admin/trips/:start_date/orders', { params: { start_date: start }, signal }),
  });

/** 'Herinnering aan alle gasten zonder documenten': one document reminder step (1-4) to every order of the trip still missing documents. */
export const useTripDocumentReminder = (options?: MutationHooks<OpenReminded, { start: string; type: number }>) =>
  useAdminMutation({
    ...options,
    mutationFn: ({ start, type }: { start: string; type: number }) => {
      if (!isDocumentReminderStep(type)) throw new Error(`No document reminder step ${type}`);
      return apiPost('/api/admin/trips/:start_date/remind/documents', { params: { start_date: start }, body: { type } });
    },
    invalidates: (_res, { start }) => [tripKeys.detail(start), ['admin', 'orders']],
  });

export const fetchTrips = (signal?: AbortSignal) => apiGet('/api/admin/trips', { signal }).then((r) => r.trips);

export const fetchTrip = (start: string, signal?: AbortSignal) => apiGet('/api/admin/trips/:start_date', { params: { start_date: start }, signal });

export const fetchMergedRooms = (start: string, version?: number, signal?: AbortSignal) =>
  apiGet('/api/merged_rooms', { query: { start_date: start, version }, signal });

export const tripsQuery = queryOptions({ queryKey: tripKeys.all, queryFn: ({ signal }) => fetchTrips(signal) });

export const tripQuery = (start: string) => queryOptions({ queryKey: tripKeys.detail(start), queryFn: ({ signal }) => fetchTrip(start, signal) });

/** The latest saved rooming list with the list of versions, or one version by number. */
export const roomsQuery = (start: string, version?: number) =>
  queryOptions({ queryKey: tripKeys.rooms(start, version), queryFn: ({ signal }) => fetchMergedRooms(start, version, signal) });

/** The server's proposal of a rooming list (a POST, but it saves nothing). */
export const useRoomingProposal = (options?: MutationHooks<Proposal, string>) =>
  useMutation({
    ...options,
    mutationFn: (start: string) => apiPost('/api/admin/trips/:start_date/rooming/proposal', { params: { start_date: start } }),
  });

/** Saves the rooming list as a new version; the trip's versions are fetched again before onSuccess. */
export const useSaveRooms = (options?: MutationHooks<RoomsSaved, SaveRoomsBody>) =>
  useAdminMutation({
    ...options,
    mutationFn: ({ start_date, rooms }: SaveRoomsBody) =>
      apiPost('/api/merged_rooms', {
        body: {
          start_date,
          rooms: rooms.map(({ max_guests, ...room }) => {
            if (!isRoomSize(max_guests)) throw new Error(`No room of ${max_guests}`);
            return { ...room, max_guests };
          }),
        },
      }),
    invalidates: (_res, body) => [tripKeys.rooms(body.start_date)],
  });

/** The download paths of a trip, relative to /api/admin/trips/:start_date/. */
export const tripFile = {
  roomingPdf: 'rooming.pdf',
  roomingXlsx: 'rooming.xlsx',
  airlineXlsx: 'airline.xlsx',
  airlineCsv: 'airline.csv',
  documentsZip: 'documents.zip',
  contactsPdf: 'contacts.pdf',
  contactsXlsx: 'contacts.xlsx',
} as const;

/** The file name from a Content-Disposition header, or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

/**
 * GETs a trip file with the bearer token (lib/authorisedFetch: the session rules of the API client)
 * and hands it to the browser as a download.
 */
export async function downloadTripFile(
  start: string,
  file: TripFileName,
  fallbackName: string,
  query: Record<string, string | number | undefined> = {},
  onProgress?: (received: number, total: number | null) => void,
): Promise<string> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  const res = await authorisedFetch(`/api/admin/trips/${encodeURIComponent(start)}/${file}${qs ? `?${qs}` : ''}`);
  const blob = await readWithProgress(res, onProgress);
  const name = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

/** The body as a Blob, reporting the bytes received so far (and the total when the server sent it). */
async function readWithProgress(res: Response, onProgress?: (received: number, total: number | null) => void): Promise<Blob> {
  const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!onProgress || !res.body) return res.blob();
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(parts, { type });
}

export type TripFileName = (typeof tripFile)[keyof typeof tripFile];

export interface TripDownload {
  start: string;
  file: TripFileName;
  /** The name when the server sends none. */
  fallbackName: string;
  query?: Record<string, string | number | undefined>;
  onProgress?: (received: number, total: number | null) => void;
}

/** A trip file as a download, with '<name> is gedownload.' when it is saved. */
export const useTripDownload = (options?: MutationHooks<string, TripDownload>) =>
  useMutation({
    ...options,
    mutationFn: ({ start, file, fallbackName, query, onProgress }: TripDownload) => downloadTripFile(start, file, fallbackName, query, onProgress),
    onSuccess: async (name, ...rest) => {
      notifySuccess(`${name} is gedownload.`);
      await options?.onSuccess?.(name, ...rest);
    },
  });

export { saveBlob };
