import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@umrah/domain/messages';
import { setToken } from '../../lib/api';
import { jsonResponse, renderApp, settle } from '../../test/render';
import { CheckoutDetails } from './CheckoutDetails';

vi.setConfig({ testTimeout: 30_000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(jsonResponse({ error: 'Not Found', message: 'x' }, 404));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

const loginCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/login')).length;

describe('the checkout’s login', () => {
  it('stays silent on a wrong combination (docs/RULES.md, Messages), but still shows an unknown error', async () => {
    renderApp(<CheckoutDetails />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'klant@example.nl' } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'fout' } });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Unauthorized', message: MSG.loginFailed }, 401));
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(loginCalls()).toBe(1));
    const button = screen.getByRole('button', { name: 'Inloggen' });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
    // Give the failed login's handler its turn: it must not put up the message.
    await settle();
    expect(screen.queryByText(MSG.loginFailed)).toBeNull();

    fetchMock.mockResolvedValueOnce(new Response('kapot', { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    // The second answer's message shows; the first (wrong password) never did.
    expect(await screen.findByText('Een onbekende fout is opgetreden')).toBeTruthy();
    expect(loginCalls()).toBe(2);
    expect(screen.queryByText(MSG.loginFailed)).toBeNull();
  });
});
