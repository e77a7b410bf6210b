// Service worker of 'Mijn reis' (docs/RULES.md, 'Mijn reis'). Registered only by the trip pages with
// the scope /account/reis/, so it controls those pages alone: the public pages (server-rendered)
// and the rest of the app never pass through it and are never served from its cache.
//
// - the page itself (a navigation): network first, the kept copy when there is no network (or it
//   takes longer than NETWORK_WAIT_MS, as on a poor hotel Wi-Fi); any trip page falls back to the
//   app shell kept under SHELL;
// - /assets/* (named by content hash, never changed): from the cache when kept there;
// - everything else the page asks (the trip's API answers, its PDFs, the logged-in user, images):
//   network first with the kept copy as fallback. Only GETs; an answer is kept when it is OK, and a
//   404 removes the copy (the trip is not there, or not yours, any more).
//
// The page tells the worker which files it loaded before the worker was in control ('keep').
// Logging out deletes these caches (apps/web/src/lib/offlineCache.ts).

const CACHE = 'mijn-reis-v1';
const SHELL = '/account/reis/';
const NETWORK_WAIT_MS = 4000;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('mijn-reis-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

const sameOrigin = (url) => url.origin === self.location.origin;
const isTripPage = (url) => url.pathname.startsWith(SHELL);

async function keepFiles(urls) {
  const cache = await caches.open(CACHE);
  const wanted = new Set();
  await Promise.all(
    urls.map(async (raw) => {
      let url;
      try {
        url = new URL(raw, self.location.origin);
      } catch {
        return;
      }
      if (!sameOrigin(url) || url.pathname.startsWith('/api/')) return;
      url.hash = '';
      wanted.add(url.href);
      if (url.pathname.startsWith('/assets/') && (await cache.match(url.href))) return;
      try {
        const res = await fetch(url.href, { credentials: 'same-origin' });
        if (!res.ok) return;
        if (isTripPage(url)) await cache.put(SHELL, res.clone());
        await cache.put(url.href, res);
      } catch {
        // Offline already: what is kept stays.
      }
    }),
  );
  // Files of an older build are not needed any more.
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/assets/') && !wanted.has(url.href)) await cache.delete(request);
  }
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  const done = keepFiles(data.urls.filter((u) => typeof u === 'string').slice(0, 500)).finally(() => event.ports[0]?.postMessage({ kept: true }));
  event.waitUntil(done);
});

async function fromCache(request, fallbackKey) {
  const cache = await caches.open(CACHE);
  // The token in the Authorization header is no part of the key: offline, an expired session still opens the trip.
  return (await cache.match(request, { ignoreVary: true })) || (fallbackKey ? await cache.match(fallbackKey) : undefined);
}

async function networkFirst(event, fallbackKey) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  const network = fetch(request).then(async (res) => {
    if (res.ok) {
      await cache.put(request.url, res.clone());
      if (fallbackKey) await cache.put(fallbackKey, res.clone());
    } else if (res.status === 404) {
      await cache.delete(request.url);
    }
    return res;
  });
  // A slow network answers with the kept copy; the request goes on and refreshes the cache.
  event.waitUntil(network.catch(() => undefined));
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, 'slow'));
  try {
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    const kept = await fromCache(request, fallbackKey);
    return kept || (await network);
  } catch (err) {
    const kept = await fromCache(request, fallbackKey);
    if (kept) return kept;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!sameOrigin(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(event, isTripPage(url) ? SHELL : undefined));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(event));
  }
});
