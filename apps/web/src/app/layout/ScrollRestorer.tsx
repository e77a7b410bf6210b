import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll_positions';
const KEEP = 50;

/** Where each visited page (history entry) was scrolled to, for back and forward. */
const positions = new Map<string, number>();

/** A reload, or back/forward into the app from another site: the document itself was loaded again. */
function documentReturnedTo(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

function savedPositions(): [string, number][] {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(saved)) return [];
    return (saved as unknown[]).filter(
      (entry): entry is [string, number] => Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]),
    );
  } catch {
    return []; // unreadable: a reload starts at the top
  }
}

/**
 * Kept for the tab's session when the document goes (sessionStorage), the last KEEP entries, with
 * what the tab's other documents kept before.
 */
function savePositions() {
  const all = new Map(savedPositions());
  for (const [key, y] of positions) {
    all.delete(key);
    all.set(key, y);
  }
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...all].slice(-KEEP)));
  } catch {
    // Storage full or disabled: a reload starts at the top.
  }
}

/**
 * Scrolls to `y` now and, while the page is still too short for it (its data still loading), again
 * at each frame for up to 3 s; the visitor's own scrolling or typing ends it.
 */
function scrollOnceTallEnough(y: number) {
  const until = Date.now() + 3000;
  let frame = 0;
  const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (window.scrollY >= y - 1 || Date.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  attempt();
}

/**
 * A new page starts at the top; back and forward return to where that page was left, and so does a
 * reload. (The data router's ScrollRestoration does this too, but only with the data router, which
 * the app does not load.)
 */
export function ScrollRestorer() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);
  // The first entry of every document loaded in the tab has the key 'default': the path tells them apart.
  const entryKey = `${location.key} ${location.pathname}${location.search}`;

  useEffect(() => {
    // The browser's own restoration would jump before the page it returns to is drawn.
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', savePositions);
    return () => window.removeEventListener('pagehide', savePositions);
  }, []);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      if (documentReturnedTo()) {
        for (const [key, y] of savedPositions()) if (!positions.has(key)) positions.set(key, y);
        const y = positions.get(entryKey);
        if (y !== undefined) scrollOnceTallEnough(y);
      }
    } else if (navigationType === 'POP') window.scrollTo(0, positions.get(entryKey) ?? 0);
    else if (!location.hash) window.scrollTo(0, 0);
    const remember = () => positions.set(entryKey, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Only a new history entry moves the page; the navigation type belongs to it.
  }, [location.key]);

  return null;
}
