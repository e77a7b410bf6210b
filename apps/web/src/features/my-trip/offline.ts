// The service worker of 'Mijn reis' (public/mijn-reis-sw.js): registered only by these pages and
// scoped to /account/reis/, so no other page of the shop is ever served from its cache.
import { tripFetch } from './api';

export const SW_URL = '/mijn-reis-sw.js';
export const SW_SCOPE = '/account/reis/';
const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

/** Waits until the worker controls this page (at once when it did already). */
async function controlled(): Promise<ServiceWorker | null> {
  const sw = navigator.serviceWorker;
  await sw.ready;
  if (sw.controller) return sw.controller;
  await withTimeout(new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true })), 10_000);
  return sw.controller;
}

/** Asks the worker to keep the given files; resolves when it has. */
function keep(worker: ServiceWorker, urls: string[]): Promise<void> {
  return withTimeout(
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      worker.postMessage({ type: 'keep', urls }, [channel.port2]);
    }),
    30_000,
  );
}

/** The page's own files (scripts, styles, fonts, images) as loaded so far: what it needs to start again offline. */
function loadedFiles(): string[] {
  const origin = window.location.origin;
  const files = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(origin) && !new URL(u).pathname.startsWith('/api/'));
  return [window.location.href, ...new Set(files)];
}

/**
 * Makes the open trip page work offline: registers the worker, lets it keep the page and its files,
 * then fetches the trip's answers and PDFs once more through it (the first visit's requests were
 * made before it was in control). True when everything is kept.
 */
export async function keepTripOffline(apiUrls: string[]): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return false;
  await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
  const worker = await controlled();
  if (!worker) return false;
  await keep(worker, loadedFiles());
  await Promise.all(apiUrls.map((u) => tripFetch(u).then((r) => r.arrayBuffer())));
  return true;
}
