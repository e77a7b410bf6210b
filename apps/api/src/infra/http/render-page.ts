// Public pages rendered to HTML per request (docs/ARCHITECTURE.md): the web build's server entry
// (apps/web/src/entry-server.tsx, built to dist-ssr) renders the page with the data the API
// answers right now, so a product an admin changes shows on the next load; the browser hydrates.
// Anything that goes wrong here falls back to the plain index.html (the app renders in the browser).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPageCache, tagOf, type Answers } from './page-cache.ts';
import { renderThread, type FetchApi, type RenderResult } from './render-thread.ts';
import { renderedPage, type RenderedPage } from './rendered-page.ts';

export type { RenderedPage } from './rendered-page.ts';
export { renderedPageHeaders } from './rendered-page.ts';

type Log = { error: (obj: unknown, msg: string) => void };

interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  /** The URL as the page is rendered and cached (only the query parameters it reads); older builds lack it. */
  cacheKey?(url: string): string;
  render(url: string, fetchApi: FetchApi): Promise<RenderResult | null>;
}

/** dist/.vite/manifest.json of the client build: per source module its file, CSS and imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

/** The second entry of the web build: the island script the public pages start with instead of the app. */
const ISLANDS_ENTRY = 'src/islands.ts';

type IslandCode = { island: string; islandPreload: string[] };

/**
 * Entries boot.js evaluates, a task each, before the app's entry: apps/web/src/react-dom-step.ts
 * starts React DOM, so that the app's start is not one long task.
 */
const STEP_ENTRIES = ['src/react-dom-step.ts'];

/** The modules `keys` name and everything they import statically, in the order they are reached. */
function importClosure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    importClosure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

/** The island script's file and the chunks it imports, or null in a build without it. */
export function islandCode(manifest: Manifest): IslandCode | null {
  const island = manifest[ISLANDS_ENTRY];
  if (!island) return null;
  const preload = importClosure(manifest, island.imports ?? []);
  return { island: `/${island.file}`, islandPreload: [...preload].map((key) => `/${manifest[key]!.file}`) };
}

/** The files of the step entries the build has (an older build has none). */
export function stepCode(manifest: Manifest): string[] {
  return STEP_ENTRIES.flatMap((key) => (manifest[key] ? [`/${manifest[key].file}`] : []));
}

/**
 * What a rendered page needs beyond index.html: the <head> links of its stylesheets (without them
 * the server's HTML would be drawn unstyled until the code arrives, and then jump) and its chunks,
 * which boot.js loads with the entry. What the entry brings itself is left out.
 */
export function pageLinks(manifest: Manifest, page: string): { css: string; js: string[] } {
  const entry = importClosure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry && key !== ISLANDS_ENTRY),
  );
  const own = [...importClosure(manifest, [page])].filter((key) => !entry.has(key));
  const css = new Set(own.flatMap((key) => manifest[key]!.css ?? []));
  return {
    css: [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join(''),
    js: own.map((key) => `/${manifest[key]!.file}`),
  };
}

/**
 * The head of a rendered page in the order a slow phone needs it: the largest image, then every
 * stylesheet (they hold the first paint; index.html's first, so the page's own rules come after
 * Mantine's and win). The app's code is not loaded from the head: it is listed in #app-code (the
 * entry, its preloads, `steps` and `pageCode`) and public/boot.js loads it once the page has been
 * painted, the steps a task each before the entry; on an island page with `island` it loads that
 * instead, and the island script the app when needed.
 */
export function arrangeHead(
  indexHtml: string,
  parts: { image: string; css: string; pageCode: string[]; last: string; island?: IslandCode | null; steps?: string[] },
): string {
  const stylesheets: string[] = [];
  const preload: string[] = [];
  let entry: string | undefined;
  const head = indexHtml
    .replace(/<link rel="stylesheet"[^>]*>\s*/g, (link) => {
      stylesheets.push(link.trim());
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g, (_link, href: string) => {
      preload.push(href);
      return '';
    })
    .replace(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/, (_script, src: string) => {
      entry = src;
      return '';
    });
  const steps = parts.steps ?? [];
  const appCode = { entry, preload: [...preload, ...steps, ...parts.pageCode], ...(steps.length > 0 && { steps }), ...parts.island };
  const code = entry
    ? `<script type="application/json" id="app-code">${scriptJson(appCode)}</script>` + '<script src="/boot.js" defer></script>'
    : '';
  return head.replace('</head>', () => `${parts.image}${stylesheets.join('')}${parts.css}${code}${parts.last}</head>`);
}

function readManifest(webDist: string): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // An older build without a manifest: the page's styles then come with its code, as before.
    return {};
  }
}

export interface PageRenderer {
  /** Does this path get a server render? */
  handles(url: string): boolean;
  /** index.html with the page inside #root, or null (use index.html as it is). */
  render(url: string, indexHtml: string): Promise<RenderedPage | null>;
  /**
   * Data a page may show was written (here or, through the event bus, in another process): cached
   * pages are checked against their answers once before they are served again.
   */
  dataChanged(): void;
  /** Ends the render thread (app close). */
  close(): Promise<void>;
}

/** The largest-contentful-paint image of a page, preloaded from the <head>. */
const LCP_IMAGES: Record<string, string> = { '/': '/images/banners/home.svg' };
const RENDER_TIMEOUT_MS = 3000;
/**
 * Renders under way at once; more wait, and past MAX_WAITING the plain app is sent (cheap, correct).
 * One: the server entry keeps the fetch of the render under way in a module variable, so the API
 * answers a page was made from are recorded for that page alone.
 */
const MAX_RENDERS = 1;
const MAX_WAITING = 16;
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

/** The web build's server entry, or null when it cannot be loaded (pages then render in the browser). */
async function loadEntry(entryFile: string, log: Log): Promise<ServerEntry | null> {
  try {
    return (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  } catch (err) {
    log.error(err, 'server render entry could not be loaded; pages render in the browser');
    return null;
  }
}

/** The entry's render within RENDER_TIMEOUT_MS, or null: in the render thread, or on this one without it. */
function entryRenderer(entry: ServerEntry, thread: ReturnType<typeof renderThread> | null) {
  return async (url: string, fetchApi: FetchApi): Promise<RenderResult | null> => {
    if (thread) return thread.render(url, fetchApi, RENDER_TIMEOUT_MS);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        entry.render(url, fetchApi),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Renders under way at most MAX_RENDERS at once; `take` is false when too many already wait. */
function renderSlots() {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async take(): Promise<boolean> {
      if (running >= MAX_RENDERS) {
        if (waiting.length >= MAX_WAITING) return false;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running++;
      return true;
    },
    give() {
      running--;
      waiting.shift()?.();
    },
  };
}

/** index.html with the rendered page inside #root, its state, its links and the hydration shield. */
function pageHtml(indexHtml: string, key: string, result: RenderResult, manifest: Manifest, islands: IslandCode | null, steps: string[]): string {
  // The page's own high-priority image (React writes its preload into the markup), else the known one.
  const image = /<link rel="preload" as="image" href="([^"]+)"[^>]*fetchPriority="high"/.exec(result.html)?.[1] ?? LCP_IMAGES[pathOf(key)];
  const preload = image ? `<link rel="preload" as="image" href="${image}" fetchpriority="high" />` : '';
  const links = result.page ? pageLinks(manifest, result.page) : { css: '', js: [] };
  // An island page starts with the island script and the parts it shows (apps/web/src/islands.ts).
  const island = result.islands === undefined ? null : islands;
  const parts = island ? `<template id="island-parts">${result.islands}</template>` : '';
  return arrangeHead(indexHtml, { image: preload, css: links.css, pageCode: links.js, last: SHIELD_STYLE, island, steps }).replace(
    ROOT,
    // A data block, not a script: the security policy allows no inline scripts, and needs none here.
    () => `<div id="root">${result.html}</div><script type="application/json" id="ssr-state">${scriptJson(result.state)}</script>${parts}${SHIELD}`,
  );
}

/**
 * URL → its cache key, or null when the server does not render it; remembered, since matching the
 * routes costs more than answering from the cache. Bounded: a flood of new query strings only
 * empties it.
 */
function cacheKeys(entry: ServerEntry) {
  const keys = new Map<string, string | null>();
  return (url: string): string | null => {
    let key = keys.get(url);
    if (key === undefined) {
      // Query parameters the page does not read neither make another page nor another render.
      key = entry.isServerRendered(pathOf(url)) ? (entry.cacheKey ? entry.cacheKey(url) : url) : null;
      if (keys.size >= 1000) keys.clear();
      keys.set(url, key);
    }
    return key;
  };
}

/** The renderer of the web build next to `webDist` (its dist-ssr folder), or null when not built. */
export async function createPageRenderer(
  webDist: string,
  fetchApi: FetchApi,
  log: Log,
  /** `inThread: false` renders on the calling thread (the unit tests' stand-in entries count their renders there). */
  options: { revalidateMs?: number; now?: () => number; inThread?: boolean } = {},
): Promise<PageRenderer | null> {
  const entryFile = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.mjs');
  if (!existsSync(entryFile)) return null;
  const entry = await loadEntry(entryFile, log);
  if (!entry) return null;
  const manifest = readManifest(webDist);
  const islands = islandCode(manifest);
  const steps = stepCode(manifest);
  const thread = options.inThread === false ? null : renderThread(entryFile, log);
  thread?.warm();
  const renderEntry = entryRenderer(entry, thread);
  const cache = createPageCache(fetchApi, options);
  const slots = renderSlots();
  /** One render of each key at a time, shared by everyone asking for it; at most MAX_RENDERS keys at once. */
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  const renderOnce = async (key: string, indexHtml: string): Promise<RenderedPage | null> => {
    if (!(await slots.take())) return null;
    try {
      const answers: Answers = [];
      const recordingFetch: FetchApi = async (apiUrl, init) => {
        const res = await fetchApi(apiUrl, init);
        answers.push({ url: apiUrl, tag: await tagOf(res.clone()) });
        return res;
      };
      const { version, at } = cache.startOfRender();
      const result = await renderEntry(key, recordingFetch);
      if (!result) log.error({ url: pathOf(key) }, `server render took over ${RENDER_TIMEOUT_MS} ms; the page renders in the browser`);
      if (!result || result.status !== 200) return null;
      const page = renderedPage(pageHtml(indexHtml, key, result, manifest, islands, steps));
      cache.store(key, page, { index: indexHtml, answers, version, at });
      return page;
    } finally {
      slots.give();
    }
  };
  const keyOf = cacheKeys(entry);

  return {
    handles: (url) => keyOf(url) !== null,
    dataChanged: cache.dataChanged,
    close: async () => thread?.close(),
    async render(url, indexHtml) {
      const key = keyOf(url);
      if (key === null || !indexHtml.includes(ROOT)) return null;
      try {
        const hit = await cache.lookup(key, indexHtml);
        if (hit) return hit;
        let pending = rendering.get(key);
        if (!pending) {
          pending = renderOnce(key, indexHtml).finally(() => rendering.delete(key));
          rendering.set(key, pending);
        }
        return await pending;
      } catch (err) {
        log.error(err, `server render of ${pathOf(key)} failed; the page renders in the browser`);
        return null;
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
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'etag']) {
      const value = res.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return new Response(res.body, { status: res.statusCode, headers });
  };
}
