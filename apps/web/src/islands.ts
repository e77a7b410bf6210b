// The first and only JavaScript of a text page (app/island-pages.json) until the app is needed: the
// server's HTML stays as it is, and this plain DOM code makes its few interactive parts work at once
// (the header's menu, the cart badge, the cookie banner) with the parts the server drew for it in
// <template id="island-parts"> (app/layout/IslandParts.tsx). Links are ordinary links. The app itself
// (main.tsx) is loaded when the browser is idle, or at once for a control only the app knows (the
// region modal, the login, a filter) or a visitor who is logged in; before it hydrates the server's
// HTML, everything changed here inside #root is put back, and a tap that came in the meantime is
// replayed on the hydrated page.
import { HYDRATING_EVENT } from './lib/hydrating';
import { readJson, readString, subscribeKey, writeString } from './lib/storage';

// The keys the app keeps these under (CookieBanner.tsx, features/cart/cartStorage.ts,
// features/preferences, lib/api.ts); islands.test.ts holds them to the app's.
export const COOKIE_CONSENT_KEY = 'cookie_consent';
export const CART_KEY = 'cart';
export const PREFERENCES_KEY = 'preferences';
export const TOKEN_KEY = 'token';

type State = 'island' | 'starting' | 'hydrating' | 'hydrated';

export function startIslands(doc: Document = document): void {
  const win = doc.defaultView!;
  const root = doc.getElementById('root');
  const parts = doc.getElementById('island-parts') as HTMLTemplateElement | null;
  if (!root || !parts) return;
  let state: State = 'island';
  /** What was changed inside #root, undone (last first) before hydration. */
  const undo: (() => void)[] = [];
  /** The last control tapped since the app was asked for: tapped again once the app has hydrated. */
  let pending: HTMLElement | null = null;

  const part = (name: string) =>
    parts.content.querySelector(`[data-island="${name}"]`)?.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
  const changed = (element: Element, attribute: string, value: string) => {
    const before = element.getAttribute(attribute);
    element.setAttribute(attribute, value);
    undo.push(() => (before === null ? element.removeAttribute(attribute) : element.setAttribute(attribute, before)));
  };

  // The menu: the same button and list the app draws when it is open.
  const header = root.querySelector('header');
  const menuButton = header?.querySelector<HTMLElement>('button[aria-controls="hoofdmenu"]') ?? null;
  let menu: HTMLElement | null = null;
  let closedButton = '';
  const closeMenu = () => {
    if (!menu || !menuButton) return;
    menu.remove();
    menu = null;
    menuButton.innerHTML = closedButton;
    menuButton.setAttribute('aria-expanded', 'false');
  };
  const openMenu = () => {
    const list = part('menu');
    const openButton = part('menu-button');
    if (!header || !menuButton || !list || !openButton) return;
    closedButton = menuButton.innerHTML;
    menuButton.innerHTML = openButton.innerHTML;
    menuButton.setAttribute('aria-expanded', 'true');
    header.append(list);
    menu = list;
  };
  undo.push(closeMenu);

  // The cart badge and the region in the globe's name, as the app shows them from localStorage.
  const cartLink = header?.querySelector<HTMLElement>('a[href="/winkelwagen"]');
  let badge: HTMLElement | null = null;
  const showCart = () => {
    const count = readJson<unknown>(CART_KEY, []);
    const n = Array.isArray(count) ? count.length : 0;
    if (!cartLink || state === 'hydrating' || state === 'hydrated') return;
    cartLink.setAttribute('aria-label', `Winkelwagen (${n})`);
    if (n === 0) {
      badge?.remove();
      badge = null;
      return;
    }
    badge ??= part('badge')?.querySelector<HTMLElement>('.mantine-Indicator-indicator') ?? null;
    if (!badge) return;
    badge.textContent = String(n);
    if (!badge.isConnected) cartLink.before(badge);
  };
  if (cartLink) {
    const label = cartLink.getAttribute('aria-label');
    undo.push(() => {
      badge?.remove();
      badge = null;
      if (label !== null) cartLink.setAttribute('aria-label', label);
    });
  }
  showCart();
  const stopCart = subscribeKey(CART_KEY, showCart);
  const region = readJson<{ region?: unknown } | null>(PREFERENCES_KEY, null)?.region;
  const globe = header?.querySelector('button[aria-label^="Regio en taal"]');
  if (globe && (region === 'NL' || region === 'BE')) changed(globe, 'aria-label', `Regio en taal (${region})`);

  // The cookie banner, outside #root: it stays until the app's own has replaced it.
  let banner: HTMLElement | null = null;
  const consent = readString(COOKIE_CONSENT_KEY);
  if (consent !== 'accepted' && consent !== 'declined') {
    banner = part('cookies') ?? null;
    if (banner) doc.body.append(banner);
  }

  /** Loads the app as boot.js would (the entry and its preloads listed in #app-code). */
  const startApp = () => {
    if (state !== 'island') return;
    state = 'starting';
    const list = doc.getElementById('app-code');
    if (!list?.textContent) return;
    const code = JSON.parse(list.textContent) as { entry: string; preload: string[] };
    const add = (element: HTMLLinkElement | HTMLScriptElement) => {
      element.crossOrigin = '';
      doc.head.append(element);
    };
    for (const href of code.preload) add(Object.assign(doc.createElement('link'), { rel: 'modulepreload', href }));
    add(Object.assign(doc.createElement('script'), { type: 'module', src: code.entry }));
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || state === 'hydrated') return;
    if (banner?.contains(target)) {
      const choice = target.closest('[data-cookie-choice]')?.getAttribute('data-cookie-choice');
      if (choice) {
        writeString(COOKIE_CONSENT_KEY, choice);
        banner.remove();
        banner = null;
      }
      return;
    }
    if (!root.contains(target) || target.closest('a[href]')) return;
    // The menu works until the app hydrates (while the app loads too).
    if (state !== 'hydrating' && menuButton?.contains(target)) {
      if (menu) closeMenu();
      else openMenu();
      return;
    }
    const control = target.closest<HTMLElement>('button, input, select, textarea, label, [role="button"], [role="radio"], [role="tab"], [tabindex]');
    if (!control || !root.contains(control)) return;
    // Only the app knows this control: it comes now, and the tap is made again once it is there.
    event.preventDefault();
    event.stopImmediatePropagation();
    pending = control;
    startApp();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menu) closeMenu();
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKey);

  win.addEventListener(HYDRATING_EVENT, () => {
    state = 'hydrating';
    // An open menu is closed for hydration and opened again by the app.
    if (menu && !pending) pending = menuButton;
    stopCart();
    while (undo.length) undo.pop()!();
  });
  new MutationObserver((_, observer) => {
    if (!doc.documentElement.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    state = 'hydrated';
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKey);
    banner?.remove();
    const tapped = pending;
    pending = null;
    if (tapped?.isConnected) tapped.click();
  }).observe(doc.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });

  // The page works from here: the layer that holds taps until the app is there (render-page.ts) goes.
  doc.getElementById('hydration-shield')?.remove();

  // A logged-in visitor gets the app at once (their name, menu and carts come with it); anyone else
  // once the browser is idle, not while the island's menu is open.
  if (readString(TOKEN_KEY)) startApp();
  else {
    const idle = (run: () => void) => (win.requestIdleCallback ? win.requestIdleCallback(run, { timeout: 3000 }) : win.setTimeout(run, 1000));
    const whenIdle = () => idle(() => (menu ? win.setTimeout(whenIdle, 1000) : startApp()));
    if (doc.readyState === 'complete') whenIdle();
    else win.addEventListener('load', whenIdle, { once: true });
  }
}

if (typeof document !== 'undefined' && document.getElementById('island-parts')) startIslands();
