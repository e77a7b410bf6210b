// Hydration of a server-rendered page: the preferences must not make React render the app again
// right after hydrating it (a synchronous re-render of everything, one long task on a phone),
// unless the visitor has a stored choice that differs from what the server rendered.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCES_KEY, PreferencesProvider, useRegion } from './PreferencesProvider';

function hydrateCountingRenders() {
  const renders: string[] = [];
  function Probe() {
    const region = useRegion();
    renders.push(region);
    return <p>{region}</p>;
  }
  const app = (
    <PreferencesProvider>
      <Probe />
    </PreferencesProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(app);
  document.body.appendChild(container);
  renders.length = 0; // only the browser's renders count
  let root!: Root;
  act(() => {
    root = hydrateRoot(container, app);
  });
  return { renders, container, unmount: () => act(() => root.unmount()) };
}

describe('PreferencesProvider hydration', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('renders once when nothing is stored: the browser snapshot is the server one', () => {
    const { renders, container, unmount } = hydrateCountingRenders();
    expect(renders).toEqual(['NL']);
    expect(container.textContent).toBe('NL');
    unmount();
  });

  it('takes over a stored region after hydrating', () => {
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ region: 'BE', locale: 'nl' }));
    const { renders, container, unmount } = hydrateCountingRenders();
    expect(renders).toEqual(['NL', 'BE']);
    expect(container.textContent).toBe('BE');
    unmount();
  });

  it('renders once again after a stored choice was removed', () => {
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ region: 'BE', locale: 'nl' }));
    hydrateCountingRenders().unmount();
    window.localStorage.removeItem(PREFERENCES_KEY);
    const { renders, unmount } = hydrateCountingRenders();
    expect(renders).toEqual(['NL']);
    unmount();
  });
});
