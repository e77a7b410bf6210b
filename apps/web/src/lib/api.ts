// The one HTTP client of the web app: bearer token from localStorage, refresh before expiry,
// retry on network failure (with the same Idempotency-Key, so a write is done once), and errors
// carrying the server's Dutch message. apiGet/apiPost/apiPut/apiDelete take a path of the route map
// (packages/domain/src/contracts/routes.ts) and infer its parameters, query, body and answer from it.
import { MSG } from '@umrah/domain/messages';
import { tokenClaims } from './jwt';
import type { BodyOf, HttpMethod, ParamsOf, PathOf, QueryOf, ResponseOf } from '@umrah/domain/contracts/routes';

export const TOKEN_KEY = 'token';
/** Refresh the token when fewer than this many seconds remain (docs/RULES.md, 'Constants'). */
export const REFRESH_MARGIN_SECONDS = 450;
/** A request that fails with status 0 is retried this many times, after RETRY_DELAY_MS each (docs/RULES.md, 'States'). */
export const MAX_RETRIES = 2;
export const RETRY_DELAY_MS = 50;
export const UNPARSABLE_MESSAGE = 'The server returned an unknown error';
export const NETWORK_MESSAGE = 'Geen verbinding met de server. Controleer je internetverbinding.';

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly details?: ApiErrorDetail[];
  readonly error?: string;
  constructor(status: number, message: string, details?: ApiErrorDetail[], error?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
    this.error = error;
  }
}

// ---------------------------------------------------------------------------------------------
// Token storage, observable so the auth state follows refreshes, logouts and other tabs.

type Listener = () => void;
const tokenListeners = new Set<Listener>();
const expiryListeners = new Set<Listener>();

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return safeStorage()?.getItem(TOKEN_KEY) ?? null;
}

export function setToken(token: string | null): void {
  const storage = safeStorage();
  if (token) storage?.setItem(TOKEN_KEY, token);
  else storage?.removeItem(TOKEN_KEY);
  for (const l of tokenListeners) l();
}

export function subscribeToken(listener: Listener): () => void {
  tokenListeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Called when the session ended on its own (expired or rejected token), not on a chosen logout. */
export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/** Logs out because the session is over and tells the app, which shows MSG.sessionExpired. */
export function expireSession(): void {
  setToken(null);
  for (const l of expiryListeners) l();
}

/** The `exp` claim (seconds since epoch) of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const exp: unknown = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function isTokenExpired(token: string): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp <= nowSeconds();
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** Send the stored token (default). Login, register and reset pass false: a 401 there is no expiry. */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * The Idempotency-Key of a write: made once per call (one user action) and sent with each of its
   * retries, so the server answers a retry with the first answer (no second order, mail or payment).
   */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random UUID (v4); also where crypto.randomUUID is missing (a page not served over https). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

// The server render (entry-server.tsx) answers the app's requests inside the API process itself.
let fetchImpl: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);
export function setFetch(impl: typeof fetchImpl): void {
  fetchImpl = impl;
}

/** fetch with the status-0 retry: a network failure (fetch rejecting) is tried again twice. */
async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchImpl(url, init);
    } catch (err) {
      if ((err as { name?: string })?.name === 'AbortError') throw err;
      if (attempt >= MAX_RETRIES) throw new ApiError(0, NETWORK_MESSAGE);
      await sleep(RETRY_DELAY_MS);
    }
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') {
    if (res.ok) return undefined;
    throw new ApiError(res.status, UNPARSABLE_MESSAGE);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(res.status, UNPARSABLE_MESSAGE);
  }
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
  const res = await fetchWithRetry(buildUrl(path, opts.query), {
    method: methodOf(opts),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  const data = await readBody(res);
  if (!res.ok) {
    const body = (data ?? {}) as { message?: unknown; error?: unknown; details?: ApiErrorDetail[] };
    const message = typeof body.message === 'string' ? body.message : UNPARSABLE_MESSAGE;
    throw new ApiError(res.status, message, body.details, typeof body.error === 'string' ? body.error : undefined);
  }
  return data;
}

const methodOf = (opts: RequestOptions) => opts.method ?? (opts.body === undefined ? 'GET' : 'POST');

let refreshing: Promise<void> | null = null;

/** One refresh at a time, however many requests notice the token is about to expire. */
function refreshToken(token: string): Promise<void> {
  refreshing ??= send('/api/refresh_token', { method: 'POST' }, token)
    .then((r) => {
      // Only replace the token if nobody logged out or in meanwhile.
      const fresh = (r as ResponseOf<'POST', '/api/refresh_token'> | undefined)?.token;
      if (fresh && getToken() === token) setToken(fresh);
    })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 401) expireSession();
      // Other failures: keep the current token, it is still valid for a while.
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** One request to any path, answer unchecked: the typed calls below are built on it. */
export async function api(path: string, opts: RequestOptions = {}): Promise<unknown> {
  // Every write gets its key now, before any retry: the server opts in per route and ignores it elsewhere.
  if (methodOf(opts) !== 'GET' && !opts.idempotencyKey) opts = { ...opts, idempotencyKey: newIdempotencyKey() };
  const useAuth = opts.auth !== false;
  let token = useAuth ? getToken() : null;
  if (token) {
    const exp = tokenExpiry(token);
    if (exp !== null && exp <= nowSeconds()) {
      expireSession();
      throw new ApiError(401, MSG.sessionExpired);
    }
    if (exp !== null && exp - nowSeconds() < REFRESH_MARGIN_SECONDS) {
      await refreshToken(token);
      token = getToken();
      if (!token) throw new ApiError(401, MSG.sessionExpired);
    }
  }
  try {
    return await send(path, opts, token);
  } catch (err) {
    if (token && err instanceof ApiError && err.status === 401) {
      expireSession();
      throw new ApiError(401, MSG.sessionExpired, err.details, err.error);
    }
    if ((err as { name?: string })?.name === 'AbortError') {
      // An aborted request (a page left before it finished) is not an error for the user.
      console.warn(`Request aborted: ${path}`);
    }
    throw err;
  }
}

/** A path's parameters, required when it has any (`/api/order/:id` needs `params: { id }`). */
type ParamsPart<P extends string> = keyof ParamsOf<P> extends never ? { params?: undefined } : { params: ParamsOf<P> };
/** A body, required when the route reads one. */
type BodyPart<B> = [B] extends [undefined] ? { body?: undefined } : { body: B };
/** The request argument may be left out when nothing in it is required. */
type RequestArg<R> = object extends R ? [request?: R] : [request: R];

export type GetRequest<P extends PathOf<'GET'>> = ParamsPart<P> & { query?: QueryOf<'GET', P>; signal?: AbortSignal };
export type WriteRequest<M extends Exclude<HttpMethod, 'GET'>, P extends PathOf<M>> = ParamsPart<P> &
  BodyPart<BodyOf<M, P>> &
  Pick<RequestOptions, 'auth' | 'signal' | 'idempotencyKey'>;

/** Fills a path's parameters in, each URL-encoded: ('/api/order/:id', { id: 3 }) is '/api/order/3'. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function apiGet<P extends PathOf<'GET'>>(path: P, ...[request]: RequestArg<GetRequest<P>>): Promise<ResponseOf<'GET', P>> {
  const r: { params?: Record<string, string | number>; query?: unknown; signal?: AbortSignal } = request ?? {};
  return api(fillPath(path, r.params), { method: 'GET', query: r.query as RequestOptions['query'], signal: r.signal }) as Promise<
    ResponseOf<'GET', P>
  >;
}

function write<M extends Exclude<HttpMethod, 'GET'>>(
  method: M,
  path: string,
  request: { params?: Record<string, string | number>; body?: unknown } & RequestOptions = {},
) {
  const { params, body, ...opts } = request;
  // A POST always carries a JSON body (the API's parsers expect one), an empty object when the route reads none.
  return api(fillPath(path, params), { ...opts, method, body: method === 'POST' ? (body ?? {}) : body });
}

export const apiPost = <P extends PathOf<'POST'>>(path: P, ...[request]: RequestArg<WriteRequest<'POST', P>>) =>
  write('POST', path, request) as Promise<ResponseOf<'POST', P>>;
export const apiPut = <P extends PathOf<'PUT'>>(path: P, ...[request]: RequestArg<WriteRequest<'PUT', P>>) =>
  write('PUT', path, request) as Promise<ResponseOf<'PUT', P>>;
export const apiDelete = <P extends PathOf<'DELETE'>>(path: P, ...[request]: RequestArg<WriteRequest<'DELETE', P>>) =>
  write('DELETE', path, request) as Promise<ResponseOf<'DELETE', P>>;
