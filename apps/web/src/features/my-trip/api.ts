// The calls of 'Mijn reis'. They go through plain fetch with the stored token instead of lib/api:
// on the pilgrim's phone in Mekka there is often no network, and the service worker
// (public/mijn-reis-sw.js) then answers from what it kept. lib/api would refresh or end an expiring
// session first (itself a request that fails offline), so here an expired token is simply not sent:
// online the server answers 401 (and the page asks to log in), offline the kept answer is shown.
import { queryOptions } from '@tanstack/react-query';
import type { MyTripDto, MyTripList } from '@umrah/domain/contracts';
import { ApiError, NETWORK_MESSAGE, getToken, isTokenExpired } from '../../lib/api';
import { apiErrorOf } from '../../lib/authorisedFetch';

export type { MyTripDto, MyTripList };

/** fetch with the token while it is valid; an ApiError with the server's Dutch message otherwise. */
export async function tripFetch(url: string, signal?: AbortSignal): Promise<Response> {
  const token = getToken();
  const headers: Record<string, string> = {};
  if (token && !isTokenExpired(token)) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, { headers, signal });
  } catch (err) {
    if ((err as { name?: string })?.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  if (!res.ok) throw await apiErrorOf(res);
  return res;
}

const json = async <T>(url: string, signal?: AbortSignal) => (await (await tripFetch(url, signal)).json()) as T;

export const myTripUrl = (orderId: number) => `/api/my-trips/${orderId}`;
export const MY_TRIPS_URL = '/api/my-trips';

/** Keyed by the token too: after a login on the page the trip is asked again with the new session. */
export const myTripKeys = {
  all: (token: string | null) => ['my-trips', token] as const,
  one: (orderId: number, token: string | null) => ['my-trips', orderId, token] as const,
};

// 'always': react-query would otherwise hold the request while the browser says it is offline,
// and the service worker, which has the answer, would never be asked.
export const myTripQuery = (orderId: number, token: string | null) =>
  queryOptions({
    queryKey: myTripKeys.one(orderId, token),
    queryFn: ({ signal }) => json<MyTripDto>(myTripUrl(orderId), signal),
    networkMode: 'always',
    retry: false,
  });

export const myTripsQuery = (token: string | null) =>
  queryOptions({
    queryKey: myTripKeys.all(token),
    queryFn: ({ signal }) => json<MyTripList>(MY_TRIPS_URL, signal),
    networkMode: 'always',
    retry: false,
  });

/** A PDF of the trip (invoice, visa): from the network, or from the service worker's copy offline. */
export const fetchTripPdf = async (url: string) => (await tripFetch(url)).blob();
