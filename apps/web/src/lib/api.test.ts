import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@umrah/domain/messages';
import { must } from '@umrah/domain/must';
import { api, ApiError, apiGet, apiPost, getToken, onSessionExpired, setToken, UNPARSABLE_MESSAGE } from './api';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (expInSeconds: number, sub = '7') =>
  `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub, exp: Math.floor(Date.now() / 1000) + expInSeconds })}.sig`;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), auth: new Headers(init?.headers).get('Authorization') }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('token refresh', () => {
  it('refreshes first when fewer than 450 seconds remain, then sends the new token', async () => {
    const old = jwt(300);
    const fresh = jwt(3600);
    setToken(old);
    fetchMock.mockResolvedValueOnce(json({ token: fresh })).mockResolvedValueOnce(json({ email: 'a@b.nl' }));

    await expect(api('/api/user')).resolves.toEqual({ email: 'a@b.nl' });

    expect(calls()).toEqual([
      { url: '/api/refresh_token', auth: `Bearer ${old}` },
      { url: '/api/user', auth: `Bearer ${fresh}` },
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(getToken()).toBe(fresh);
  });

  it('does not refresh while more than 450 seconds remain', async () => {
    const token = jwt(451);
    setToken(token);
    fetchMock.mockResolvedValueOnce(json({ ok: true }));
    await api('/api/user');
    expect(calls()).toEqual([{ url: '/api/user', auth: `Bearer ${token}` }]);
  });

  it('asks for one refresh when several requests notice at once', async () => {
    setToken(jwt(100));
    fetchMock.mockImplementation(async (url) => (String(url) === '/api/refresh_token' ? json({ token: jwt(3600) }) : json({ ok: true })));
    await Promise.all([api('/api/a'), api('/api/b'), api('/api/c')]);
    expect(calls().filter((c) => c.url === '/api/refresh_token')).toHaveLength(1);
  });

  it('logs out without calling the server when the token has already expired', async () => {
    setToken(jwt(-10));
    const expired = vi.fn();
    const off = onSessionExpired(expired);
    await expect(api('/api/user')).rejects.toMatchObject({ status: 401, message: MSG.sessionExpired });
    off();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
  });

  it('logs out when an authenticated call answers 401', async () => {
    setToken(jwt(3600));
    const expired = vi.fn();
    const off = onSessionExpired(expired);
    fetchMock.mockResolvedValueOnce(json({ error: 'Unauthorized', message: 'Token ongeldig.' }, 401));
    await expect(api('/api/user')).rejects.toMatchObject({ status: 401, message: MSG.sessionExpired });
    off();
    expect(getToken()).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
  });

  it('keeps the session when a call without the token answers 401 (a failed login)', async () => {
    setToken(jwt(3600));
    fetchMock.mockResolvedValueOnce(json({ error: 'Unauthorized', message: MSG.loginFailed }, 401));
    await expect(api('/api/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
      message: MSG.loginFailed,
    });
    expect(calls()[0]?.auth).toBeNull();
    expect(getToken()).not.toBeNull();
  });
});

describe('retry on status 0', () => {
  it('retries a network failure twice, 50 ms apart, and then succeeds', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({ ok: true }));
    const started = Date.now();
    await expect(api('/api/health')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('gives up after the two retries with an ApiError of status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await api('/api/health').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not retry an answer with an HTTP status, even an error', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Internal Server Error', message: 'Er is iets misgegaan.' }, 500));
    await expect(api('/api/health')).rejects.toMatchObject({ status: 500, message: 'Er is iets misgegaan.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('Idempotency-Key (one per user action, the same on its retries)', () => {
  const keys = () => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

  it('sends a key with an order and sends the same key again on the retries after network failures', async () => {
    setToken(jwt(3600));
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({ status: 'success', order: { id: 1 } }, 201));
    await expect(api('/api/order', { method: 'POST', body: { rooms: [] } })).resolves.toMatchObject({ order: { id: 1 } });
    const sent = keys();
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(sent).size).toBe(1);
  });

  it('makes a new key for the next action, and sends none with a read', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'ok' }));
    const contact = { name: 'A', email: 'a@b.nl', message: 'Hallo', altcha: 'x' };
    await apiPost('/api/contact', { body: contact, auth: false });
    await apiPost('/api/contact', { body: contact, auth: false });
    await apiGet('/api/products');
    const [first, second, read] = keys();
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(read).toBeNull();
  });

  it('works where crypto.randomUUID is missing (a page not served over https)', async () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      fetchMock.mockResolvedValueOnce(json({ message: 'ok' }));
      await api('/api/contact/individual_hadj', { method: 'POST', body: {}, auth: false });
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
    expect(keys()[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('answers', () => {
  it('turns an unparsable error answer into "The server returned an unknown error"', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    await expect(api('/api/user')).rejects.toMatchObject({ status: 502, message: UNPARSABLE_MESSAGE });
  });

  it('turns an unparsable success answer into the same error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"half": ', { status: 200 }));
    await expect(api('/api/user')).rejects.toMatchObject({ status: 200, message: UNPARSABLE_MESSAGE });
  });

  it("carries the server's Dutch message and field details", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: 'Bad Request', message: 'Voornaam is verplicht!', details: [{ path: 'first_name', message: 'Voornaam is verplicht!' }] }, 400),
    );
    await expect(api('/api/register', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 400,
      message: 'Voornaam is verplicht!',
      details: [{ path: 'first_name', message: 'Voornaam is verplicht!' }],
    });
  });

  it('sends JSON bodies and query strings', async () => {
    fetchMock.mockResolvedValueOnce(json({ users: [] }));
    await api('/api/users', { query: { q: 'jan', page: 2, empty: '' } });
    fetchMock.mockResolvedValueOnce(json({ token: 't' }));
    await api('/api/login', { method: 'POST', body: { email: 'a@b.nl', password: 'x' }, auth: false });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/users?q=jan&page=2');
    const init = must(fetchMock.mock.calls[1]?.[1], 'the login call');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.nl', password: 'x' }));
  });
});
