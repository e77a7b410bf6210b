import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { COOKIE_CONSENT_KEY as APP_COOKIE_CONSENT_KEY } from './app/layout/CookieBanner';
import { Header } from './app/layout/Header';
import { IslandParts } from './app/layout/IslandParts';
import { cssVariablesResolver, theme } from './app/theme';
import { PREFERENCES_KEY as APP_PREFERENCES_KEY } from './features/preferences';
import { TOKEN_KEY as APP_TOKEN_KEY } from './lib/api';
import { HYDRATING_EVENT } from './lib/hydrating';
import { COOKIE_CONSENT_KEY, PREFERENCES_KEY, TOKEN_KEY, startIslands } from './islands';
import { renderApp } from './test/render';

/** A text page as the server sends it: the app's real header in #root, the island's parts in their template. */
function serverPage() {
  const { container, unmount } = renderApp(<Header />, { path: '/privacy', route: '/privacy' });
  const header = container.innerHTML;
  unmount();
  const parts = renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false} withGlobalClasses={false}>
      <MemoryRouter initialEntries={['/privacy']}>
        <IslandParts />
      </MemoryRouter>
    </MantineProvider>,
  );
  document.body.innerHTML = `<div id="root">${header}<main><h1>Privacy</h1><button type="button" id="filter">Zusters</button></main></div><template id="island-parts">${parts}</template><div id="hydration-shield"></div>`;
  return document.getElementById('root')!;
}

const menuButton = () => document.querySelector<HTMLButtonElement>('button[aria-controls="hoofdmenu"]')!;

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-hydrated');
  localStorage.clear();
});

describe('the island script of a text page', () => {
  it('lifts the layer that holds taps at once, except for a logged-in visitor, whose page the app draws again after hydrating', () => {
    serverPage();
    startIslands(document);
    expect(document.getElementById('hydration-shield')).toBeNull();

    localStorage.setItem(TOKEN_KEY, 'token');
    serverPage();
    startIslands(document);
    expect(document.getElementById('hydration-shield')).not.toBeNull();
  });

  it('keeps its choices under the keys the app reads', () => {
    expect([COOKIE_CONSENT_KEY, PREFERENCES_KEY, TOKEN_KEY]).toEqual([APP_COOKIE_CONSENT_KEY, APP_PREFERENCES_KEY, APP_TOKEN_KEY]);
  });

  it('opens and closes the menu, shows the cart count and the cookie banner, and puts the server HTML back before hydration', () => {
    localStorage.setItem('cart', JSON.stringify([{}, {}, {}]));
    const root = serverPage();
    const server = root.innerHTML;
    startIslands(document);

    expect(document.querySelector('a[href="/winkelwagen"]')!.getAttribute('aria-label')).toBe('Winkelwagen (3)');
    expect(root.querySelector('.mantine-Indicator-indicator')!.textContent).toBe('3');

    menuButton().click();
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(menuButton().textContent).toBe('Sluit');
    expect([...document.querySelectorAll('#hoofdmenu a')].map((a) => a.getAttribute('href'))).toContain('/pakketten');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.getElementById('hoofdmenu')).toBeNull();
    expect(menuButton().textContent).toBe('Menu');

    const banner = document.querySelector('[role="region"][aria-label="Cookies"]')!;
    expect(root.contains(banner)).toBe(false);
    banner.querySelector<HTMLButtonElement>('[data-cookie-choice="declined"]')!.click();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('declined');
    expect(banner.isConnected).toBe(false);

    menuButton().click();
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    expect(root.innerHTML).toBe(server);
  });

  it('holds a tap on a control only the app knows and makes it again once the app has hydrated', async () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    serverPage();
    startIslands(document);
    const filter = document.getElementById('filter')!;
    const clicked = vi.fn();
    filter.addEventListener('click', clicked);
    filter.click();
    expect(clicked).not.toHaveBeenCalled();
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    document.documentElement.setAttribute('data-hydrated', '');
    await vi.waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    // From here on the app answers taps itself.
    filter.click();
    expect(clicked).toHaveBeenCalledTimes(2);
  });
});
