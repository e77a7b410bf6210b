import { StrictMode, startTransition, useEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { Providers, createQueryClient } from './app/Providers';
import { whenPageCommitted } from './app/layout/pageCommitted';
import { AppRoutes, routes } from './app/router';
import { HYDRATING_EVENT } from './lib/hydrating';
import { HYDRATION_MEASURE, HYDRATION_START_MARK } from './lib/hydrationTiming';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;

// A public page comes rendered by the server with the data it was made with (entry-server.tsx,
// apps/api render-page.ts): the same data goes into the cache first, so hydration matches.
const stateScript = document.getElementById('ssr-state');
if (stateScript?.textContent) hydrate(queryClient, JSON.parse(stateScript.textContent) as DehydratedState);

type Field = HTMLInputElement | HTMLTextAreaElement;
const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'reset', 'button', 'image']);

/** The fields of the server's HTML that were typed into (their value is no longer the HTML's). */
function typedFields(root: HTMLElement): [Field, string][] {
  return [...root.querySelectorAll<Field>('input, textarea')]
    .filter((field) => !(field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) && field.value !== field.defaultValue)
    .map((field) => [field, field.value]);
}

/**
 * Text typed into the server's HTML before hydration is not in React's state, and the first render
 * after hydration wipes it. Each such field is handed to its onChange as if typed now: React's value
 * tracker is set to something else, the typed text put back past it, and an input event sent.
 */
function replayTyped(fields: [Field, string][]) {
  for (const [field, typed] of fields) {
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    if (!field.isConnected || !setValue) continue;
    field.value = `${typed} `;
    setValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

// Taken just before hydrateRoot: from then on React itself handles what is typed.
let typedBeforeHydration: [Field, string][] = [];

/**
 * The page works from here on: typed text handed over, the layer that held clicks back until now
 * removed (render-page.ts puts it over a server-rendered page), and <html data-hydrated> set. Not
 * before the page itself has committed: it hydrates after the app around it (pageCommitted.ts).
 */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // In a task of its own: React ignores events sent while it is still finishing the hydration.
    const cancel = whenPageCommitted(() => {
      timer = setTimeout(() => {
        if (document.documentElement.hasAttribute('data-hydrated')) return;
        replayTyped(typedBeforeHydration);
        typedBeforeHydration = [];
        document.getElementById('hydration-shield')?.remove();
        document.documentElement.setAttribute('data-hydrated', '');
        // Only a server-rendered page hydrates (and has the mark); an app page is rendered afresh.
        if (performance.getEntriesByName(HYDRATION_START_MARK).length) performance.measure(HYDRATION_MEASURE, HYDRATION_START_MARK);
      });
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, []);
  return children;
}

// AppReady wraps the app rather than standing beside it: the tree then has the shape of the
// server's (entry-server.tsx), and useId gives the ids the server gave (components/ServerHtml.tsx
// finds its server HTML by them; Mantine's labels and fields keep theirs).
const app = (
  <StrictMode>
    <AppReady>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </AppReady>
  </StrictMode>
);
if (stateScript && container.firstElementChild) {
  // The page's code first (lazyPage), so hydration does not wait inside a Suspense boundary.
  const pages = (matchRoutes(routes, window.location) ?? []).map((m) => (m.route.element as ReactElement | undefined)?.type);
  void Promise.all(pages.map((type) => (type as { preload?: () => Promise<unknown> } | undefined)?.preload?.()))
    .catch(() => undefined)
    .then(() => {
      // The island script puts the server's HTML back as it was (islands.ts).
      window.dispatchEvent(new Event(HYDRATING_EVENT));
      typedBeforeHydration = typedFields(container);
      performance.mark(HYDRATION_START_MARK);
      // As a transition, hydration yields to the browser every few milliseconds instead of holding
      // the main thread for the whole page (a phone's taps and paints go first).
      startTransition(() => {
        hydrateRoot(container, app);
      });
    });
} else {
  createRoot(container).render(app);
}
