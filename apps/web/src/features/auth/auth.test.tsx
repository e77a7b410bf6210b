import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@umrah/domain/messages';
import { Role } from '@umrah/domain/enums';
import { setToken } from '../../lib/api';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../test/render';
import { parseDutchDate } from './AccountFields';
import { LoginForm } from './LoginForm';
import { RequireAuth } from './RequireAuth';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

const submitLogin = () => fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

describe('LoginForm', () => {
  it('shows the required messages of docs/RULES.md, Validation', async () => {
    renderApp(<LoginForm />);
    submitLogin();
    expect(await screen.findByText('Email is verplicht!')).toBeTruthy();
    expect(screen.getByText('Wachtwoord is verplicht')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid email address', async () => {
    renderApp(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'geen-email' } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'x' } });
    submitLogin();
    expect(await screen.findByText('Geen geldig email adres.')).toBeTruthy();
  });

  it('shows the login failure for a wrong combination and the unknown error otherwise', async () => {
    renderApp(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'klant@example.nl' } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'fout' } });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Unauthorized', message: MSG.loginFailed }, 401));
    submitLogin();
    expect(await screen.findByText('Ongeldige combinatie email/wachtwoord. Probeer opniew.')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(new Response('kapot', { status: 500 }));
    submitLogin();
    expect(await screen.findByText('Een onbekende fout is opgetreden')).toBeTruthy();
  });

  it('stores the token and loads the user after a successful login', async () => {
    const onSuccess = vi.fn();
    renderApp(<LoginForm onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'klant@example.nl' } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'Klant-demo-2026' } });
    const token = fakeJwt();
    fetchMock.mockResolvedValueOnce(jsonResponse({ token })).mockResolvedValueOnce(jsonResponse(demoUser()));
    submitLogin();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(localStorage.getItem('token')).toBe(token);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/user');
  });

  it('shows the captcha once the server asks for it, and asks for it before sending again', async () => {
    const { container } = renderApp(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'klant@example.nl' } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'fout' } });
    expect(container.querySelector('altcha-widget')).toBeNull();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: 'Unauthorized', message: MSG.loginFailed, details: [{ path: 'altcha', message: MSG.robot }] }, 401),
    );
    submitLogin();
    expect(await screen.findByText(MSG.loginFailed)).toBeTruthy();
    expect(container.querySelector('altcha-widget')).not.toBeNull();
    submitLogin();
    expect(await screen.findByText('Verifieer dat u geen robot bent!')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('RequireAuth', () => {
  const page = (
    <RequireAuth roles={[Role.ADMIN]}>
      <h1>Admin portaal</h1>
    </RequireAuth>
  );

  it('asks a guest to log in', async () => {
    renderApp(page);
    expect(await screen.findByText(MSG.loginRequired)).toBeTruthy();
    expect(await screen.findByLabelText('Wachtwoord')).toBeTruthy();
  });

  it('refuses a user without the role', async () => {
    setToken(fakeJwt());
    fetchMock.mockResolvedValue(jsonResponse(demoUser(Role.USER)));
    renderApp(page);
    expect(await screen.findByText(MSG.forbidden)).toBeTruthy();
    expect(screen.queryByText('Admin portaal')).toBeNull();
  });

  it('shows the page to an admin', async () => {
    setToken(fakeJwt());
    fetchMock.mockResolvedValue(jsonResponse(demoUser(Role.ADMIN)));
    renderApp(page);
    expect(await screen.findByText('Admin portaal')).toBeTruthy();
  });

  it('logs out an expired session with the expiry notice', async () => {
    setToken(fakeJwt(-5));
    renderApp(page);
    expect(await screen.findByText(MSG.loginRequired)).toBeTruthy();
    expect((await screen.findAllByText(MSG.sessionExpired)).length).toBeGreaterThan(0);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('parseDutchDate', () => {
  it('reads DD-MM-YYYY into the API form YYYY-MM-DD', () => {
    expect(parseDutchDate('15-03-1990')).toBe('1990-03-15');
    expect(parseDutchDate('5/3/1990')).toBe('1990-03-05');
    expect(parseDutchDate('31-02-1990')).toBeNull();
    expect(parseDutchDate('1990-03-15')).toBeNull();
  });
});
