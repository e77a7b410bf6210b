import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each visited page (history entry) was scrolled to, for back and forward. */
const positions = new Map<string, number>();

/**
 * A new page starts at the top; back and forward return to where that page was left. (The data
 * router's ScrollRestoration does this too, but only with the data router, which the app does not load.)
 */
export function ScrollRestorer() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);

  useEffect(() => {
    // The browser's own restoration would jump before the page it returns to is drawn.
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else if (navigationType === 'POP') window.scrollTo(0, positions.get(location.key) ?? 0);
    else if (!location.hash) window.scrollTo(0, 0);
    const key = location.key;
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
    // Only a new history entry moves the page; the navigation type belongs to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
