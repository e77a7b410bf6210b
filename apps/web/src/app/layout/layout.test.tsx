import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@umrah/domain/enums';
import { setToken } from '../../lib/api';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../test/render';
import { Header } from './Header';
import { CookieBanner } from './CookieBanner';
import { ScrollRestorer } from './ScrollRestorer';
import ResetPage from '../../pages/ResetPage';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('Header', () => {
  it('toggles the menu between Menu and Sluit with the six links of SPEC 2', () => {
    renderApp(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Pakketten', 'Kennis', 'Arabia teaching', 'Over ons', 'Contact']);
    fireEvent.click(screen.getByRole('button', { name: 'Sluit' }));
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();
  });

  it('shows Account to guests and the cart count from localStorage', () => {
    localStorage.setItem('cart', JSON.stringify([{ id: 1 }, { id: 2 }]));
    renderApp(<Header />);
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Winkelwagen (2)' }).getAttribute('href')).toBe('/winkelwagen');
    expect(screen.queryByRole('link', { name: /Admin winkelwagen/ })).toBeNull();
  });

  it("shows an admin's full name and the admin cart", async () => {
    localStorage.setItem('admin_cart', JSON.stringify([{ id: 1 }]));
    setToken(fakeJwt());
    fetchMock.mockResolvedValue(jsonResponse(demoUser(Role.ADMIN)));
    renderApp(<Header />);
    expect(await screen.findByText('Ahmed Yilmaz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin winkelwagen (1)' }).getAttribute('href')).toBe('/admin-winkelwagen');
  });

  it('remembers the cookie choice', () => {
    const { unmount } = renderApp(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Weigeren' }));
    expect(localStorage.getItem('cookie_consent')).toBe('declined');
    unmount();
    renderApp(<CookieBanner />);
    expect(screen.queryByRole('button', { name: 'Accepteren' })).toBeNull();
  });
});

describe('ResetPage', () => {
  it('prefills the token and checks the confirmation', async () => {
    renderApp(<ResetPage />, { path: '/reset/:id', route: '/reset/abc123' });
    expect((screen.getByLabelText('Token') as HTMLInputElement).value).toBe('abc123');
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'Nieuw-wachtwoord-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('Bevestig je wachtwoord!')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bevestig wachtwoord'), { target: { value: 'iets-anders-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('Wachtwoord is niet hetzeflde als het gewenste wachtwoord.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the reset failure message', async () => {
    renderApp(<ResetPage />, { path: '/reset/:id', route: '/reset/verlopen' });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'Nieuw-wachtwoord-1' } });
    fireEvent.change(screen.getByLabelText('Bevestig wachtwoord'), { target: { value: 'Nieuw-wachtwoord-1' } });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Bad Request', message: 'Er is iets fouts gegaan...' }, 400));
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByText('Er is iets fouts gegaan...')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
  });
});

describe('ScrollRestorer', () => {
  it('starts a new page at the top and returns to where a page was left on back', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = renderApp(<ScrollRestorer />, { path: '*', route: '/pakketten' });
    expect(scrollTo).not.toHaveBeenCalled(); // the first page keeps where the browser put it

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    fireEvent.scroll(window);
    await act(() => router.navigate('/kennis'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 90 });
    fireEvent.scroll(window);
    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 90);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});
