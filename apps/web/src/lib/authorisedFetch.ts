// A GET of a file that needs the bearer token (a passport photo, a trip's rooming list): the answer
// is no JSON, so lib/api's client cannot read it, but the session rules are the same.
import { ApiError, REFRESH_MARGIN_SECONDS, UNPARSABLE_MESSAGE, apiGet, expireSession, getToken, nowSeconds, tokenExpiry } from './api';

/**
 * fetch with the stored token. When the token is about to run out, a small authorised call first
 * lets the API client refresh (or end) the session the usual way; a 401 ends it; a failure throws
 * an ApiError with the server's message.
 */
export async function authorisedFetch(url: string, signal?: AbortSignal): Promise<Response> {
  const current = getToken();
  const exp = current ? tokenExpiry(current) : null;
  if (exp !== null && exp - nowSeconds() < REFRESH_MARGIN_SECONDS) await apiGet('/api/user', { signal });
  const token = getToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (res.status === 401 && token) expireSession();
  if (!res.ok) throw await apiErrorOf(res);
  return res;
}

/** The ApiError of a failed answer: its status and the server's Dutch message when it sent one. */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  let message = UNPARSABLE_MESSAGE;
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, message);
}
