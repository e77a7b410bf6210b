// Text of a public page that stays the server's HTML: hydration adopts these nodes as they are
// instead of rendering every paragraph, title and link again (with Mantine's style resolution for
// each) on a phone that is waiting for the page to answer taps. Drawn in the browser (a page opened
// from another page, or an app page) it renders its children as any component does. Only for text
// and links: what is inside does not run while its server HTML is adopted (no state, no effects, no
// handlers but the links').
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

const ATTRIBUTE = 'data-server-html';

/**
 * The server's HTML of this block while the page hydrates; null when React draws it itself. useId
 * is the same on the server and in the hydrating browser, and a browser render's ids never match a
 * server's, so a block drawn in the browser never finds one.
 */
function serverHtmlOf(id: string): { __html: string } | null {
  if (typeof document === 'undefined') return null;
  const element = [...document.querySelectorAll(`[${ATTRIBUTE}]`)].find((e) => e.getAttribute(ATTRIBUTE) === id);
  return element ? { __html: element.innerHTML } : null;
}

/** A click on an ordinary link inside the adopted HTML that a router <Link> would have handled. */
function routerTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || !/^https?:$/.test(url.protocol)) return null;
  return url.pathname + url.search + url.hash;
}

export function ServerHtml({ children, className }: { children: ReactNode; className?: string }) {
  const id = useId();
  // Read once: the same object on every render, so React never writes the HTML again.
  const [html] = useState(() => serverHtmlOf(id));
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  // The adopted links are plain <a> elements: they navigate inside the app, as the <Link> they were.
  useEffect(() => {
    const element = ref.current;
    if (!html || !element) return;
    const onClick = (event: MouseEvent) => {
      const to = routerTarget(event);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [html, navigate]);

  const attributes = { [ATTRIBUTE]: id, className, ref };
  return html ? <div {...attributes} dangerouslySetInnerHTML={html} /> : <div {...attributes}>{children}</div>;
}
