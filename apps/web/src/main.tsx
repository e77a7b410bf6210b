import { StrictMode, useEffect, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, matchRoutes } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { Providers, createQueryClient } from './app/Providers';
import { createRouter, routes } from './app/router';

const router = createRouter();
const queryClient = createQueryClient();
const container = document.getElementById('root')!;

// A public page comes rendered by the server with the data it was made with (entry-server.tsx,
// apps/api render-page.ts): the same data goes into the cache first, so hydration matches.
const stateScript = document.getElementById('ssr-state');
if (stateScript?.textContent) hydrate(queryClient, JSON.parse(stateScript.textContent) as DehydratedState);

/**
 * Text typed into the server's HTML before hydration is on the page but not in React's state (React
 * keeps the typed value when it hydrates an input, and reads it as unchanged). Each such field is
 * handed to its onChange as if typed now: set back through React's value tracker, then to the typed
 * text past it, then an input event.
 */
function replayTypedValues(root: HTMLElement) {
  const SKIP = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'reset', 'button', 'image']);
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if ((field instanceof HTMLInputElement && SKIP.has(field.type)) || field.value === field.defaultValue) continue;
    const typed = field.value;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    if (!setValue) continue;
    field.value = field.defaultValue;
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * The page works from here on: typed text handed over, the layer that held clicks back until now
 * removed (render-page.ts puts it over a server-rendered page), and <html data-hydrated> set.
 */
function AppReady() {
  useEffect(() => {
    if (document.documentElement.hasAttribute('data-hydrated')) return;
    replayTypedValues(container);
    document.getElementById('hydration-shield')?.remove();
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
    <AppReady />
  </StrictMode>
);
if (stateScript && container.firstElementChild) {
  // The page's code first (lazyPage), so hydration does not wait inside a Suspense boundary.
  const pages = (matchRoutes(routes, window.location) ?? []).map((m) => (m.route.element as ReactElement | undefined)?.type);
  void Promise.all(pages.map((type) => (type as { preload?: () => Promise<unknown> } | undefined)?.preload?.()))
    .catch(() => undefined)
    .then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
