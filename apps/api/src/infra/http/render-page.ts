// Public pages rendered to HTML per request (issue 14.1): the web build's server entry
// (apps/web/src/entry-server.tsx, built to dist-ssr) renders the page with the data the API
// answers right now, so a product an admin changes shows on the next load; the browser hydrates.
// Anything that goes wrong here falls back to the plain index.html (the app renders in the browser).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type FetchApi = (url: string, init: RequestInit) => Promise<Response>;

interface ServerEntry {
  SERVER_RENDERED: RegExp;
  render(url: string, fetchApi: FetchApi): Promise<{ html: string; state: unknown; status: number } | null>;
}

export interface PageRenderer {
  /** Does this path get a server render? */
  handles(url: string): boolean;
  /** index.html with the page inside #root, or null (use index.html as it is). */
  render(url: string, indexHtml: string): Promise<string | null>;
}

/** The largest-contentful-paint image of a page, preloaded from the <head>. */
const LCP_IMAGES: Record<string, string> = { '/': '/images/banners/home.svg' };
const RENDER_TIMEOUT_MS = 3000;
const ROOT = '<div id="root"></div>';

/**
 * Until the app has hydrated the page, its buttons do nothing: a click on them would be lost. A
 * transparent layer over the page takes such clicks instead (and makes Playwright's actionability
 * check wait, as another element intercepts the pointer); main.tsx removes it once hydrated. Without
 * JavaScript it is hidden at once (<noscript>), so the links still work; should the JavaScript fail
 * to load, it lifts itself after 10 s (a CSS animation, no script) so the links work again.
 */
export const HYDRATION_SHIELD_ID = 'hydration-shield';
const SHIELD_STYLE =
  `<style>#${HYDRATION_SHIELD_ID}{position:fixed;inset:0;z-index:2147483647;cursor:progress;animation:${HYDRATION_SHIELD_ID}-off 0s 10s forwards}` +
  `@keyframes ${HYDRATION_SHIELD_ID}-off{to{visibility:hidden}}</style>` +
  `<noscript><style>#${HYDRATION_SHIELD_ID}{display:none}</style></noscript>`;
const SHIELD = `<div id="${HYDRATION_SHIELD_ID}" aria-hidden="true"></div>`;

const pathOf = (url: string) => url.split(/[?#]/)[0]!;

/** JSON inside a <script> element: '<' escaped, so no '</script>' or '<!--' can end it early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The renderer of the web build next to `webDist` (its dist-ssr folder), or null when not built. */
export async function createPageRenderer(
  webDist: string,
  fetchApi: FetchApi,
  log: { error: (obj: unknown, msg: string) => void },
): Promise<PageRenderer | null> {
  const entryFile = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.mjs');
  if (!existsSync(entryFile)) return null;
  let entry: ServerEntry;
  try {
    entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  } catch (err) {
    log.error(err, 'server render entry could not be loaded; pages render in the browser');
    return null;
  }
  return {
    handles: (url) => entry.SERVER_RENDERED.test(pathOf(url)),
    async render(url, indexHtml) {
      if (!indexHtml.includes(ROOT) || !entry.SERVER_RENDERED.test(pathOf(url))) return null;
      let timer: NodeJS.Timeout | undefined;
      try {
        const result = await Promise.race([
          entry.render(url, fetchApi),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
          }),
        ]);
        if (!result) log.error({ url: pathOf(url) }, `server render took over ${RENDER_TIMEOUT_MS} ms; the page renders in the browser`);
        if (!result || result.status !== 200) return null;
        const image = LCP_IMAGES[pathOf(url)];
        let html = indexHtml.replace(
          ROOT,
          // A data block, not a script: the security policy allows no inline scripts, and needs none here.
          () => `<div id="root">${result.html}</div><script type="application/json" id="ssr-state">${scriptJson(result.state)}</script>${SHIELD}`,
        );
        const preload = image ? `<link rel="preload" as="image" href="${image}" fetchpriority="high" />` : '';
        html = html.replace('</head>', () => `${preload}${SHIELD_STYLE}</head>`);
        return html;
      } catch (err) {
        log.error(err, `server render of ${pathOf(url)} failed; the page renders in the browser`);
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The app's requests during a render, answered in this process (no socket, no second port). */
export function injectFetch(app: {
  inject: (opts: {
    method: 'GET';
    url: string;
    headers: Record<string, string>;
  }) => PromiseLike<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}): FetchApi {
  return async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const type = res.headers['content-type'];
    return new Response(res.body, { status: res.statusCode, headers: typeof type === 'string' ? { 'content-type': type } : {} });
  };
}

/** The headers of a rendered page: index.html's (security policy, type) without those of its bytes. */
export function renderedPageHeaders(indexHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { ...indexHeaders, 'cache-control': 'no-cache' };
  for (const name of ['etag', 'last-modified', 'content-length', 'content-encoding', 'vary']) delete headers[name];
  return headers;
}
