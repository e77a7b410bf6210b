import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * React.lazy with a preload: once the code is loaded, the component renders at once instead of
 * suspending. main.tsx preloads the page of the URL before hydrating the server's HTML, so hydration
 * never waits inside a Suspense boundary (an update arriving meanwhile would make React throw the
 * server HTML away and draw the page again).
 */
export function lazyPage(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  const preload = () => load().then((m) => (loaded = m));
  // A thenable that resolves synchronously: React reads an already loaded module without suspending.
  const Page = lazy(() =>
    loaded ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as unknown as Promise<PageModule>) : preload(),
  );
  return Object.assign(Page, { preload });
}
