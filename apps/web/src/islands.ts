// The first and only JavaScript of a public page (app/island-pages.json) until the app is needed: the
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

/** A clone of a part the server drew in the template (IslandParts.tsx). */
type Part = (name: string) => HTMLElement | undefined;
/** What was changed inside #root, undone (last first) before hydration. */
type Undo = (() => void)[];

/** The menu: the same button and list the app draws when it is open. */
function islandMenu(header: HTMLElement | null, part: Part, undo: Undo) {
  const button = header?.querySelector<HTMLElement>('button[aria-controls="hoofdmenu"]') ?? null;
  let list: HTMLElement | null = null;
  let closedButton = '';
  const close = () => {
    if (!list || !button) return;
    list.remove();
    list = null;
    button.innerHTML = closedButton;
    button.setAttribute('aria-expanded', 'false');
  };
  const open = () => {
    const opened = part('menu');
    const openButton = part('menu-button');
    if (!header || !button || !opened || !openButton) return;
    closedButton = button.innerHTML;
    button.innerHTML = openButton.innerHTML;
    button.setAttribute('aria-expanded', 'true');
    header.append(opened);
    list = opened;
  };
  undo.push(close);
  return { button, close, toggle: () => (list ? close() : open()), isOpen: () => list !== null };
}

/** The cart badge, as the app shows it from localStorage; returns what stops following the cart. */
function islandCart(header: HTMLElement | null, part: Part, undo: Undo, live: () => boolean): () => void {
  const cartLink = header?.querySelector<HTMLElement>('a[href="/winkelwagen"]');
  if (!cartLink) return () => undefined;
  let badge: HTMLElement | null = null;
  const show = () => {
    const count = readJson<unknown>(CART_KEY, []);
    const n = Array.isArray(count) ? count.length : 0;
    if (!live()) return;
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
  const label = cartLink.getAttribute('aria-label');
  undo.push(() => {
    badge?.remove();
    badge = null;
    if (label !== null) cartLink.setAttribute('aria-label', label);
  });
  show();
  return subscribeKey(CART_KEY, show);
}

/** The region in the globe's name, as the app shows it. */
function islandRegion(header: HTMLElement | null, undo: Undo) {
  const region = readJson<{ region?: unknown } | null>(PREFERENCES_KEY, null)?.region;
  const globe = header?.querySelector('button[aria-label^="Regio en taal"]');
  if (!globe || (region !== 'NL' && region !== 'BE')) return;
  const before = globe.getAttribute('aria-label');
  globe.setAttribute('aria-label', `Regio en taal (${region})`);
  undo.push(() => (before === null ? globe.removeAttribute('aria-label') : globe.setAttribute('aria-label', before)));
}

/** The cookie banner, outside #root: it stays until the app's own has replaced it. */
function islandCookieBanner(doc: Document, part: Part): HTMLElement | null {
  const consent = readString(COOKIE_CONSENT_KEY);
  if (consent === 'accepted' || consent === 'declined') return null;
  const banner = part('cookies') ?? null;
  if (banner) doc.body.append(banner);
  return banner;
}

/** A logged-in visitor gets the app at once (their name, menu and carts come with it); anyone else once the browser is idle, not while the menu is open. */
function startAppWhenDue(doc: Document, win: Window, startApp: () => void, menuOpen: () => boolean, loggedIn: boolean) {
  if (loggedIn) return startApp();
  const idle = (run: () => void) => (win.requestIdleCallback ? win.requestIdleCallback(run, { timeout: 3000 }) : win.setTimeout(run, 1000));
  const whenIdle = () => idle(() => (menuOpen() ? win.setTimeout(whenIdle, 1000) : startApp()));
  if (doc.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}

const APP_CONTROLS = 'button, input, select, textarea, label, [role="button"], [role="radio"], [role="tab"], [tabindex]';

export function startIslands(doc: Document = document): void {
  const win = doc.defaultView!;
  const root = doc.getElementById('root');
  const parts = doc.getElementById('island-parts') as HTMLTemplateElement | null;
  if (!root || !parts) return;
  let state: State = 'island';
  const undo: Undo = [];
  /** The last control tapped since the app was asked for: tapped again once the app has hydrated. */
  let pending: HTMLElement | null = null;
  const part: Part = (name) => parts.content.querySelector(`[data-island="${name}"]`)?.firstElementChild?.cloneNode(true) as HTMLElement | undefined;

  const header = root.querySelector('header');
  const menu = islandMenu(header, part, undo);
  const stopCart = islandCart(header, part, undo, () => state === 'island' || state === 'starting');
  islandRegion(header, undo);
  let banner = islandCookieBanner(doc, part);

  const startApp = () => {
    if (state !== 'island') return;
    state = 'starting';
    // boot.js, which loaded this script, loads the app (its entry and preloads listed in #app-code).
    (win as Window & { umrahLoadApp?: () => void }).umrahLoadApp?.();
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
    if (state !== 'hydrating' && menu.button?.contains(target)) return menu.toggle();
    const control = target.closest<HTMLElement>(APP_CONTROLS);
    if (!control || !root.contains(control)) return;
    // Only the app knows this control: it comes now, and the tap is made again once it is there.
    event.preventDefault();
    event.stopImmediatePropagation();
    pending = control;
    startApp();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') menu.close();
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKey);

  win.addEventListener(HYDRATING_EVENT, () => {
    state = 'hydrating';
    // An open menu is closed for hydration and opened again by the app.
    if (menu.isOpen() && !pending) pending = menu.button;
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
  // Not for a logged-in visitor: the app comes at once and, after hydrating, draws the page again for
  // their login, which can replace the node a held tap was on; the layer holds taps until then.
  const loggedIn = Boolean(readString(TOKEN_KEY));
  if (!loggedIn) doc.getElementById('hydration-shield')?.remove();
  startAppWhenDue(doc, win, startApp, menu.isOpen, loggedIn);
}

if (typeof document !== 'undefined' && document.getElementById('island-parts')) startIslands();
