import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
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
  it('toggles the menu between Menu and Sluit with the six links of docs/RULES.md, Screens', () => {
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

  it('returns to where the page was after a reload, and only then', () => {
    let scrollY = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    const scrollTo = vi.fn((_x: number, y: number) => (scrollY = y));
    vi.stubGlobal('scrollTo', scrollTo);
    const navigationType = (type: string) => vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry]);
    // A history entry as BrowserRouter writes it: its key stays in history.state across a reload.
    const openEntry = (key: string) => window.history.replaceState({ usr: null, key, idx: 0 }, '', '/kennis');
    const page = () =>
      render(
        <BrowserRouter>
          <ScrollRestorer />
        </BrowserRouter>,
      );

    // Leaving a page keeps where it was scrolled to for the tab's session.
    navigationType('navigate');
    openEntry('k-left');
    const left = page();
    scrollY = 1200;
    fireEvent.scroll(window);
    window.dispatchEvent(new Event('pagehide'));
    left.unmount();
    // (The earlier test's entries are in the same module's memory: only this test's are compared.)
    const kept = () => (JSON.parse(sessionStorage.getItem('scroll_positions')!) as [string, number][]).filter(([key]) => key.startsWith('k-'));
    expect(kept()).toEqual([['k-left /kennis', 1200]]);

    // The next document of the tab adds its positions to those kept before.
    openEntry('k-next');
    const next = page();
    scrollY = 300;
    fireEvent.scroll(window);
    window.dispatchEvent(new Event('pagehide'));
    next.unmount();
    expect(kept()).toEqual([
      ['k-left /kennis', 1200],
      ['k-next /kennis', 300],
    ]);

    // A reload of an entry whose position was kept by the document before scrolls there.
    sessionStorage.setItem('scroll_positions', JSON.stringify([['k-stored /kennis', 777]]));
    scrollTo.mockClear();
    navigationType('reload');
    openEntry('k-stored');
    page().unmount();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 777);

    // A new visit starts where the browser puts it, even for a known entry.
    scrollTo.mockClear();
    navigationType('navigate');
    page().unmount();
    expect(scrollTo).not.toHaveBeenCalled();

    // Unreadable saved positions are ignored.
    sessionStorage.setItem('scroll_positions', '{"not":"a list"}');
    navigationType('reload');
    openEntry('k-garbage');
    page().unmount();
    expect(scrollTo).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    sessionStorage.clear();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});
