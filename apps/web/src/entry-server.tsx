// Server render of the public pages (docs/ARCHITECTURE.md): the API calls render() per request with the
// catalog and content it already caches, so the HTML is current and painted before the JavaScript;
// the browser then hydrates it (main.tsx) with the same data.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { Providers, createQueryClient } from './app/Providers';
import { IslandParts } from './app/layout/IslandParts';
import { cssVariablesResolver, theme } from './app/theme';
import ISLAND_PAGES from './app/island-pages.json';
import { AppRoutes, routes } from './app/router';
import PUBLIC_PAGES from './app/public-pages.json';
import { setFetch } from './lib/api';

export interface RenderResult {
  /** The markup for <div id="root">. */
  html: string;
  /** The react-query cache the markup was made with, for hydration. */
  state: DehydratedState;
  status: number;
  /** The page's source module ('src/pages/HomePage.tsx'): the API links its CSS and preloads its code. */
  page: string | null;
  /**
   * Only on the island pages (app/island-pages.json): they start with the small island script
   * (src/islands.ts) instead of the app, and these are the parts it shows (for a <template>).
   */
  islands?: string;
}

const PAGE_ROUTES = Object.entries(PUBLIC_PAGES).map(([path, module]) => ({ path, module }));

/**
 * The source module (as the client build's manifest names it) of the public page at `pathname` when
 * the server renders it (app/public-pages.json), else null: an article only by its numeric id, as any
 * other id goes back to /kennis. Every other route stays client-only.
 */
function serverRenderedPage(pathname: string): string | null {
  const match = matchRoutes(PAGE_ROUTES, pathname)?.[0];
  if (!match || !Object.values(match.params).every((id) => id === undefined || /^\d+$/.test(id))) return null;
  return match.route.module;
}

/**
 * The query parameters a server-rendered page reads (useSearchParams): only these are part of the
 * page's cache key and of the URL it is rendered with, so `/?x=1`, `/?x=2` … are one cached page.
 * A page that starts reading a parameter must be listed here, or its server HTML ignores it.
 */
const PAGE_QUERY_PARAMS: Record<string, readonly string[]> = {
  '/pakketten': ['maand', 'reis', 'klasse'],
};

/** `url` as the page at it is rendered and cached: its path and only the parameters the page reads. */
export function cacheKey(url: string): string {
  const location = new URL(url, 'http://localhost');
  const route = matchRoutes(PAGE_ROUTES, location.pathname)?.[0]?.route.path;
  const kept = new URLSearchParams();
  for (const name of (route && PAGE_QUERY_PARAMS[route]) ?? []) {
    const value = location.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return location.pathname + (query ? `?${query}` : '');
}

const ISLAND_ROUTES = ISLAND_PAGES.map((path) => ({ path }));

/** Whether the page at `pathname` starts with the island script instead of the app. */
const isIslandPage = (pathname: string): boolean => serverRenderedPage(pathname) !== null && matchRoutes(ISLAND_ROUTES, pathname) !== null;

/** Whether the server renders `pathname` (the API asks before it renders). */
export const isServerRendered = (pathname: string): boolean => serverRenderedPage(pathname) !== null;

async function toHtml(node: React.ReactNode): Promise<string> {
  // prerender waits for lazy route code and every Suspense boundary, unlike renderToString.
  // One piece of HTML: a large Suspense boundary would otherwise be sent as its fallback plus a
  // hidden copy that an inline script swaps in, which neither the security policy nor a browser
  // without JavaScript runs.
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  return html + decoder.decode();
}

/**
 * Renders `url` as a guest would first see it. `fetchApi` answers the app's GET requests (the API
 * passes its own in-process handler). Queries a render starts are fetched and the page rendered
 * again, until nothing is pending (at most 3 rounds: page → its data → data that depends on it).
 */
export async function render(url: string, fetchApi: (url: string, init: RequestInit) => Promise<Response>): Promise<RenderResult | null> {
  setFetch(fetchApi);
  const location = new URL(url, 'http://localhost');
  // The catch-all route is the 'page not found' page.
  const status = matchRoutes(routes, location.pathname)?.some((m) => m.route.path === '*') ? 404 : 200;
  const queryClient = createQueryClient();
  let html = '';
  for (let round = 0; round < 3; round++) {
    html = await toHtml(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <StaticRouter location={location.pathname + location.search}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </StrictMode>,
    );
    const pending = queryClient
      .getQueryCache()
      .getAll()
      // A query a page leaves disabled (it waits for a login or a choice) stays so on the server too.
      .filter((q) => q.state.status === 'pending' && (q.options as { enabled?: unknown }).enabled !== false && q.options.queryFn);
    if (pending.length === 0) break;
    await Promise.all(pending.map((q) => queryClient.prefetchQuery({ queryKey: q.queryKey, queryFn: q.options.queryFn as never })));
  }
  const state = dehydrate(queryClient);
  queryClient.clear();
  const islands = isIslandPage(location.pathname)
    ? await toHtml(
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false} withGlobalClasses={false}>
          <StaticRouter location={location.pathname}>
            <IslandParts />
          </StaticRouter>
        </MantineProvider>,
      )
    : undefined;
  return { html, state, status, page: serverRenderedPage(location.pathname), ...(islands !== undefined && { islands }) };
}
