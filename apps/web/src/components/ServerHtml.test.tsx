// Text in ServerHtml stays the server's HTML when a page hydrates (its nodes kept, none of them
// rendered by React), its links still navigate inside the app, and drawn in the browser it renders
// its children as any component does.
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerHtml } from './ServerHtml';

const renders = vi.fn();
function Paragraph({ text }: { text: string }) {
  renders(text);
  return (
    <p>
      {text} <a href="/privacy">Privacyverklaring</a> <a href="https://example.org/elders">Elders</a>
    </p>
  );
}
function Where() {
  return <output>{useLocation().pathname}</output>;
}
const page = (text: string) => (
  <MemoryRouter initialEntries={['/over-ons']}>
    <h1>Over ons</h1>
    <ServerHtml>
      <Paragraph text={text} />
    </ServerHtml>
    <Where />
  </MemoryRouter>
);
const reactKeys = (node: Element) => Object.keys(node).filter((key) => key.startsWith('__react'));

let container: HTMLDivElement;
let root: Root | undefined;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  renders.mockClear();
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

describe('ServerHtml', () => {
  it('keeps the server HTML as it is when the page hydrates: the same nodes, none rendered again', () => {
    container.innerHTML = renderToString(page('Van de server'));
    const paragraph = container.querySelector('p')!;
    renders.mockClear();
    const recoverable = vi.fn();
    // The browser's text differs on purpose: the server's is what stays.
    act(() => {
      root = hydrateRoot(container, page('Uit de browser'), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(renders).not.toHaveBeenCalled();
    expect(container.querySelector('p')).toBe(paragraph);
    expect(paragraph.textContent).toContain('Van de server');
    expect(reactKeys(paragraph)).toEqual([]);
    // The heading outside it is hydrated as usual.
    expect(reactKeys(container.querySelector('h1')!)).not.toEqual([]);
  });

  it('sends a tap on an adopted link of the shop through the router, and leaves other links alone', () => {
    container.innerHTML = renderToString(page('Van de server'));
    act(() => {
      root = hydrateRoot(container, page('Van de server'));
    });
    // Whether the link's click was taken over, seen after every other listener; then jsdom is kept
    // from navigating itself.
    const taken: boolean[] = [];
    const record = (e: Event) => {
      taken.push(e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', record);
    const click = (selector: string, init: MouseEventInit = {}) =>
      act(() => container.querySelector(selector)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })));
    const where = () => container.querySelector('output')!.textContent;
    try {
      click('a[href^="https://example.org"]');
      click('a[href="/privacy"]', { ctrlKey: true });
      expect(taken).toEqual([false, false]);
      expect(where()).toBe('/over-ons');

      click('a[href="/privacy"]');
      expect(taken).toEqual([false, false, true]);
      expect(where()).toBe('/privacy');
    } finally {
      document.removeEventListener('click', record);
    }
  });

  it('renders its children when the browser draws it (no server HTML to adopt)', () => {
    act(() => {
      root = createRoot(container);
      root.render(page('Uit de browser'));
    });
    expect(renders).toHaveBeenCalledWith('Uit de browser');
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toContain('Uit de browser');
    expect(reactKeys(paragraph)).not.toEqual([]);
  });
});
