// jsdom lacks a few browser APIs Mantine uses.
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Lazily loaded code (React.lazy) starts loading as soon as the module that declares it is imported,
// and each test file waits for all of it before its first test: on a busy machine, transforming a
// lazy module took longer than findBy's one second.
const lazyLoads = vi.hoisted(() => [] as Promise<unknown>[]);
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  const lazy: typeof react.lazy = (load) => {
    const loading = load();
    // A load that fails is React's to report when the component renders, not an unhandled rejection.
    lazyLoads.push(loading.catch(() => undefined));
    return react.lazy(() => loading);
  };
  return { ...react, lazy };
});
beforeAll(async () => {
  // A module that loads lazily itself declares more lazy code: wait until nothing new is added.
  for (let seen = -1; seen !== lazyLoads.length;) {
    seen = lazyLoads.length;
    await Promise.all(lazyLoads);
  }
});

// A test file of build scripts runs in node instead (// @vitest-environment node): no window there.
const inBrowser = typeof window !== 'undefined';

afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  window.localStorage.clear();
});

if (inBrowser && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (inBrowser) {
  if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
}
