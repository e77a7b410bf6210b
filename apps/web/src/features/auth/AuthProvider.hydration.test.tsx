// A server-rendered page is hydrated as logged out (as the server made it) and the stored token is
// taken over right after; an app rendered in the browser reads the token at once.
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/Providers';
import { setToken } from '../../lib/api';
import { demoUser, fakeJwt, jsonResponse } from '../../test/render';
import { AuthProvider, useAuth } from './AuthProvider';

const tokens: (string | null)[] = [];
function Probe() {
  const { token } = useAuth();
  tokens.push(token);
  return <p>{token ? 'ingelogd' : 'gast'}</p>;
}
const app = () => (
  <QueryClientProvider client={createQueryClient()}>
    <AuthProvider>
      <Probe />
    </AuthProvider>
  </QueryClientProvider>
);

let container: HTMLDivElement;
let root: Root | undefined;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  tokens.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse(demoUser()))),
  );
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  document.getElementById('ssr-state')?.remove();
  setToken(null);
  vi.unstubAllGlobals();
});

describe('AuthProvider and a server-rendered page', () => {
  it('hydrates as logged out, without a mismatch, and then takes over the stored token', () => {
    const token = fakeJwt();
    container.innerHTML = renderToString(app());
    expect(container.textContent).toBe('gast');
    const state = document.body.appendChild(document.createElement('script'));
    state.id = 'ssr-state';
    setToken(token);
    tokens.length = 0;
    const recoverable = vi.fn();
    act(() => {
      root = hydrateRoot(container, app(), { onRecoverableError: recoverable });
    });
    expect(tokens[0]).toBeNull();
    expect(tokens.at(-1)).toBe(token);
    expect(container.textContent).toBe('ingelogd');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('reads the stored token in the first render of an app rendered in the browser', () => {
    const token = fakeJwt();
    setToken(token);
    act(() => {
      root = createRoot(container);
      root.render(app());
    });
    expect(tokens[0]).toBe(token);
    expect(container.textContent).toBe('ingelogd');
  });

  it('follows a login and a logout after taking over', () => {
    const state = document.body.appendChild(document.createElement('script'));
    state.id = 'ssr-state';
    container.innerHTML = renderToString(app());
    act(() => {
      root = hydrateRoot(container, app());
    });
    expect(container.textContent).toBe('gast');
    act(() => setToken(fakeJwt()));
    expect(container.textContent).toBe('ingelogd');
    act(() => setToken(null));
    expect(container.textContent).toBe('gast');
  });
});
