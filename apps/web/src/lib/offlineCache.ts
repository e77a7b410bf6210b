// The caches of 'Mijn reis' (public/mijn-reis-sw.js keeps a signed-in customer's trip for offline
// use). They go when someone logs out or another account logs in on the same browser.

/** Every cache of the worker starts with this (the worker names its version after it). */
export const MY_TRIP_CACHE_PREFIX = 'mijn-reis-';

export async function clearOfflineTrips(): Promise<void> {
  if (typeof window === 'undefined' || !('caches' in window)) return;
  const names = await window.caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(MY_TRIP_CACHE_PREFIX)).map((n) => window.caches.delete(n)));
}
