// Public pages rendered to HTML per request (docs/ARCHITECTURE.md): the web build's server entry
// (apps/web/src/entry-server.tsx, built to dist-ssr) renders the page with the data the API
// answers right now, so a product an admin changes shows on the next load; the browser hydrates.
// Anything that goes wrong here falls back to the plain index.html (the app renders in the browser).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { accepts } from './static-files.ts';

type FetchApi = (url: string, init: RequestInit) => Promise<Response>;

type RenderResult = { html: string; state: unknown; status: number; page?: string | null; islands?: string };

interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  /** The URL as the page is rendered and cached (only the query parameters it reads); older builds lack it. */
  cacheKey?(url: string): string;
  render(url: string, fetchApi: FetchApi): Promise<RenderResult | null>;
}

/**
 * Renders in a thread of its own (page-render-worker.mjs), so a render never holds the API's event loop;
 * the thread's API requests are answered here with `fetchApi` of the render under way (one at a
 * time). A render past its time limit ends the thread; the next render starts a new one.
 */
function renderThread(entryFile: string, log: { error: (obj: unknown, msg: string) => void }) {
  let worker: Worker | null = null;
  let current: { id: number; worker: Worker; fetchApi: FetchApi; resolve: (r: RenderResult | null) => void; reject: (e: Error) => void } | null =
    null;
  let nextId = 0;
  /** Resolves once the thread has loaded the server entry (its start is not part of a render's time limit). */
  let ready: Promise<void> = Promise.resolve();
  const start = () => {
    const w = new Worker(new URL('./page-render-worker.mjs', import.meta.url), {
      workerData: { entryFile },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    w.unref();
    let loaded: () => void = () => undefined;
    ready = new Promise<void>((resolve) => {
      loaded = resolve;
      // A thread that never loads counts as gone: the render then fails instead of waiting forever.
      w.once('exit', () => resolve());
    });
    w.on('message', (msg: { type: string; id: number; url?: string; result?: RenderResult; error?: string }) => {
      if (msg.type === 'ready') loaded();
      else if (msg.type === 'fetch' && current?.worker === w) {
        const answer = (reply: Record<string, unknown>) => w.postMessage({ type: 'fetched', id: msg.id, ...reply });
        current
          .fetchApi(msg.url!, {})
          .then(async (res) => {
            const headers: Record<string, string> = {};
            res.headers.forEach((value, name) => (headers[name] = value));
            answer({ status: res.status, headers, body: await res.text() });
          })
          .catch((err: Error) => answer({ error: err.message }));
      } else if (msg.type === 'rendered' && current?.worker === w && current.id === msg.id) {
        const done = current;
        current = null;
        if (msg.error) done.reject(new Error(msg.error));
        else done.resolve(msg.result ?? null);
      }
    });
    // Only this thread's render fails with it (an abandoned thread ends while the next one renders).
    const gone = (err: Error) => {
      if (worker === w) worker = null;
      if (current?.worker !== w) return;
      current.reject(err);
      current = null;
    };
    w.on('error', (err) => {
      log.error(err, 'server render thread failed');
      gone(err);
    });
    w.on('exit', () => gone(new Error('server render thread ended')));
    return w;
  };
  return {
    /** Starts the thread now, so that the first page does not wait for it. */
    warm() {
      worker ??= start();
    },
    async render(url: string, fetchApi: FetchApi, timeoutMs: number): Promise<RenderResult | null> {
      worker ??= start();
      const w = worker;
      await ready;
      if (worker !== w) throw new Error('server render thread ended');
      const id = ++nextId;
      let timer: NodeJS.Timeout | undefined;
      try {
        return await new Promise<RenderResult | null>((resolve, reject) => {
          current = { id, worker: w, fetchApi, resolve, reject };
          w.postMessage({ type: 'render', id, url });
          timer = setTimeout(() => {
            // Too long: the thread goes, with whatever it was doing; the next render starts a new one.
            this.abandon();
            resolve(null);
          }, timeoutMs);
        });
      } finally {
        clearTimeout(timer);
      }
    },
    /** A render that took too long: the thread goes, with whatever it was doing. */
    abandon() {
      const w = worker;
      worker = null;
      current = null;
      void w?.terminate();
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}

/** dist/.vite/manifest.json of the client build: per source module its file, CSS and imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

/** The second entry of the web build: the island script the text pages start with instead of the app. */
const ISLANDS_ENTRY = 'src/islands.ts';

/** The island script's file and the chunks it imports, or null in a build without it. */
export function islandCode(manifest: Manifest): { island: string; islandPreload: string[] } | null {
  const island = manifest[ISLANDS_ENTRY];
  if (!island) return null;
  const preload = new Set<string>();
  const walk = (keys: string[]) => {
    for (const key of keys) {
      if (preload.has(key) || !manifest[key]) continue;
      preload.add(key);
      walk(manifest[key].imports ?? []);
    }
  };
  walk(island.imports ?? []);
  return { island: `/${island.file}`, islandPreload: [...preload].map((key) => `/${manifest[key]!.file}`) };
}

/**
 * What a rendered page needs beyond index.html: the <head> links of its stylesheets (without them
 * the server's HTML would be drawn unstyled until the code arrives, and then jump) and its chunks,
 * which boot.js loads with the entry. What the entry brings itself is left out.
 */
export function pageLinks(manifest: Manifest, page: string): { css: string; js: string[] } {
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry && key !== ISLANDS_ENTRY));
  const own = [...closure([page])].filter((key) => !entry.has(key));
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
 * entry, its preloads and `pageCode`) and public/boot.js loads it once the page has been painted;
 * on a text page with `island` it loads that instead, and the island script the app when needed.
 */
export function arrangeHead(
  indexHtml: string,
  parts: { image: string; css: string; pageCode: string[]; last: string; island?: { island: string; islandPreload: string[] } | null },
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
  const code = entry
    ? `<script type="application/json" id="app-code">${scriptJson({ entry, preload: [...preload, ...parts.pageCode], ...parts.island })}</script>` +
      '<script src="/boot.js" defer></script>'
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

/** A rendered page: its HTML, its ETag, and that HTML compressed for a client (each coding made once per page). */
export interface RenderedPage {
  html: string;
  etag: string;
  encoded(acceptEncoding: string | undefined): Promise<EncodedPage>;
}

type EncodedPage = { body: Buffer | string; encoding?: 'br' | 'gzip' };

function renderedPage(html: string): RenderedPage {
  const made = new Map<string | undefined, Promise<EncodedPage>>();
  return {
    html,
    etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
    encoded(acceptEncoding) {
      const coding = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : undefined;
      if (!made.has(coding)) made.set(coding, compressPage(html, coding));
      return made.get(coding)!;
    },
  };
}

/** The largest-contentful-paint image of a page, preloaded from the <head>. */
const LCP_IMAGES: Record<string, string> = { '/': '/images/banners/home.svg' };
const RENDER_TIMEOUT_MS = 3000;
/**
 * A rendered page is kept this long, and used again only while every answer it was made from is
 * unchanged (asked again, compared by ETag or content): a saved product still shows on the next
 * load. The time limit bounds what depends on the date alone (the months ahead on /pakketten).
 */
const PAGE_CACHE_MS = 60_000;
const PAGE_CACHE_MAX = 200;
/**
 * Between writes a cached page is served as it is, without asking anything again; this bounds how
 * long a change made without a request (a job giving stock back) can go unseen.
 */
const REVALIDATE_MS = 5_000;
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

/** The renderer of the web build next to `webDist` (its dist-ssr folder), or null when not built. */
export async function createPageRenderer(
  webDist: string,
  fetchApi: FetchApi,
  log: { error: (obj: unknown, msg: string) => void },
  /** `inThread: false` renders on the calling thread (the unit tests' stand-in entries count their renders there). */
  options: { revalidateMs?: number; now?: () => number; inThread?: boolean } = {},
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
  const manifest = readManifest(webDist);
  const islands = islandCode(manifest);
  const thread = options.inThread === false ? null : renderThread(entryFile, log);
  thread?.warm();
  /** The entry's render within RENDER_TIMEOUT_MS, or null. */
  const renderEntry = async (url: string, fetchApi: FetchApi): Promise<RenderResult | null> => {
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
  /** What an answer was: its status and ETag, or a hash of its body where it has none. */
  const tagOf = async (res: Response) =>
    `${res.status} ${
      res.headers.get('etag') ??
      createHash('sha1')
        .update(await res.text())
        .digest('base64')
    }`;
  const revalidateMs = options.revalidateMs ?? REVALIDATE_MS;
  const now = options.now ?? Date.now;
  type Answers = { url: string; tag: string }[];
  type Cached = {
    page: RenderedPage;
    index: string;
    at: number;
    answers: Answers;
    checkedAt: number;
    checkedVersion: number;
    checking?: Promise<boolean>;
  };
  const cache = new Map<string, Cached>();
  /** Bumped by every write (dataChanged): a page checked before it is asked again once. */
  let dataVersion = 0;
  const stillCurrent = async (answers: Answers) => {
    const same = await Promise.all(answers.map(async (a) => (await tagOf(await fetchApi(a.url, {}))) === a.tag));
    return same.every(Boolean);
  };
  /** A cached page that may be served: unchanged since its last check, or checked once now for all who ask. */
  const usable = async (hit: Cached): Promise<boolean> => {
    if (hit.checkedVersion === dataVersion && now() - hit.checkedAt < revalidateMs) return true;
    hit.checking ??= (async () => {
      const version = dataVersion;
      const checkedAt = now();
      const ok = await stillCurrent(hit.answers);
      if (ok) Object.assign(hit, { checkedVersion: version, checkedAt });
      return ok;
    })().finally(() => (hit.checking = undefined));
    return hit.checking;
  };

  let running = 0;
  const waiting: (() => void)[] = [];
  /** One render of each key at a time, shared by everyone asking for it; at most MAX_RENDERS keys at once. */
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  const renderOnce = async (key: string, indexHtml: string): Promise<RenderedPage | null> => {
    if (running >= MAX_RENDERS) {
      if (waiting.length >= MAX_WAITING) return null;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      const answers: Answers = [];
      const recordingFetch: FetchApi = async (apiUrl, init) => {
        const res = await fetchApi(apiUrl, init);
        answers.push({ url: apiUrl, tag: await tagOf(res.clone()) });
        return res;
      };
      const version = dataVersion;
      const at = now();
      const result = await renderEntry(key, recordingFetch);
      if (!result) log.error({ url: pathOf(key) }, `server render took over ${RENDER_TIMEOUT_MS} ms; the page renders in the browser`);
      if (!result || result.status !== 200) return null;
      // The page's own high-priority image (React writes its preload into the markup), else the known one.
      const image = /<link rel="preload" as="image" href="([^"]+)"[^>]*fetchPriority="high"/.exec(result.html)?.[1] ?? LCP_IMAGES[pathOf(key)];
      const preload = image ? `<link rel="preload" as="image" href="${image}" fetchpriority="high" />` : '';
      const links = result.page ? pageLinks(manifest, result.page) : { css: '', js: [] };
      // A text page starts with the island script and the parts it shows (apps/web/src/islands.ts).
      const island = result.islands === undefined ? null : islands;
      const parts = island ? `<template id="island-parts">${result.islands}</template>` : '';
      const html = arrangeHead(indexHtml, { image: preload, css: links.css, pageCode: links.js, last: SHIELD_STYLE, island }).replace(
        ROOT,
        // A data block, not a script: the security policy allows no inline scripts, and needs none here.
        () =>
          `<div id="root">${result.html}</div><script type="application/json" id="ssr-state">${scriptJson(result.state)}</script>${parts}${SHIELD}`,
      );
      const page = renderedPage(html);
      cache.delete(key);
      cache.set(key, { page, index: indexHtml, at, answers, checkedAt: at, checkedVersion: version });
      // The oldest goes first (a Map keeps insertion order).
      if (cache.size > PAGE_CACHE_MAX) cache.delete(cache.keys().next().value!);
      return page;
    } finally {
      running--;
      waiting.shift()?.();
    }
  };

  /**
   * URL → its cache key, or null when the server does not render it; remembered, since matching the
   * routes costs more than answering from the cache. Bounded: a flood of new query strings only
   * empties it.
   */
  const keys = new Map<string, string | null>();
  const keyOf = (url: string): string | null => {
    let key = keys.get(url);
    if (key === undefined) {
      // Query parameters the page does not read neither make another page nor another render.
      key = entry.isServerRendered(pathOf(url)) ? (entry.cacheKey ? entry.cacheKey(url) : url) : null;
      if (keys.size >= 1000) keys.clear();
      keys.set(url, key);
    }
    return key;
  };

  return {
    handles: (url) => keyOf(url) !== null,
    dataChanged: () => void dataVersion++,
    close: async () => thread?.close(),
    async render(url, indexHtml) {
      const key = keyOf(url);
      if (key === null || !indexHtml.includes(ROOT)) return null;
      try {
        const hit = cache.get(key);
        if (hit && hit.index === indexHtml && now() - hit.at <= PAGE_CACHE_MS && (await usable(hit))) return hit.page;
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

const pageHeaders = new WeakMap<Record<string, string>, Record<string, string>>();
/**
 * The headers of a rendered page: index.html's (security policy, type) without those of its bytes.
 * Made once per build's index.html (the same object is handed in on every request).
 */
export function renderedPageHeaders(indexHeaders: Record<string, string>): Record<string, string> {
  let headers = pageHeaders.get(indexHeaders);
  if (!headers) {
    headers = { ...indexHeaders, 'cache-control': 'no-cache' };
    for (const name of ['etag', 'last-modified', 'content-length', 'content-encoding', 'vary']) delete headers[name];
    pageHeaders.set(indexHeaders, headers);
  }
  return headers;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A rendered page compressed with the coding the client takes (in zlib's thread pool, not on the
 * event loop): brotli at a quality cheap enough once per page, or gzip, or as it is.
 */
async function compressPage(html: string, coding: 'br' | 'gzip' | undefined): Promise<EncodedPage> {
  if (coding === 'br') {
    return {
      body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      encoding: 'br',
    };
  }
  if (coding === 'gzip') return { body: await gzipAsync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}
