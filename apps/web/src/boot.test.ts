import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// public/boot.js, the plain script a server-rendered page starts its code with (render-page.ts lists
// the code in #app-code), run here as the page runs it.
const BOOT = readFileSync(path.join(__dirname, '../public/boot.js'), 'utf8');

const added = () =>
  [...document.head.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('link[rel="modulepreload"], script[src]')].map((element) =>
    element instanceof HTMLLinkElement ? `preload ${element.getAttribute('href')}` : `script ${element.getAttribute('src')}`,
  );
const scriptOf = (src: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`)!;

function boot(code: object) {
  document.head.innerHTML = `<script type="application/json" id="app-code">${JSON.stringify(code)}</script>`;
  new Function(BOOT)();
  // After the first paint: a frame, then a task (the 1 s timer covers a tab in the background).
  vi.advanceTimersByTime(1000);
}

describe('boot.js', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }));
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
  });

  it('starts the preloads, then each step in a task of its own once the one before has run, and the entry last', () => {
    boot({ entry: '/e.js', preload: ['/a.js', '/b.js', '/step.js'], steps: ['/step.js'] });
    expect(added()).toEqual(['preload /a.js', 'preload /b.js', 'preload /step.js', 'script /step.js']);
    expect(scriptOf('/step.js').type).toBe('module');

    // Not before the step has been evaluated (a module script's load event), and not in its task.
    vi.advanceTimersByTime(5000);
    expect(added()).not.toContain('script /e.js');
    scriptOf('/step.js').dispatchEvent(new Event('load'));
    expect(added()).not.toContain('script /e.js');
    vi.advanceTimersByTime(0);
    expect(added().at(-1)).toBe('script /e.js');
    expect(scriptOf('/e.js').type).toBe('module');
  });

  it('goes on to the entry when a step fails to load: the entry imports what the step would have started', () => {
    boot({ entry: '/e.js', preload: [], steps: ['/step.js'] });
    scriptOf('/step.js').dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(0);
    expect(added()).toEqual(['script /step.js', 'script /e.js']);
  });

  it('loads the entry after all the preloads when the build has no steps', () => {
    boot({ entry: '/e.js', preload: ['/1.js', '/2.js', '/3.js', '/4.js', '/5.js'] });
    expect(added()).toEqual(['preload /1.js', 'preload /2.js', 'preload /3.js', 'preload /4.js', 'preload /5.js', 'script /e.js']);
  });
});
