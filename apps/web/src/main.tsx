import { StrictMode, type ReactElement } from 'react';
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

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
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
