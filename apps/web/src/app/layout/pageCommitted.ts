// React hydrates a server-rendered Suspense boundary in a pass of its own, after the rest of the app
// has committed: the page inside the layout's boundary works only from then on. main.tsx waits for
// this before it hands typed text to the page and lifts the layer that holds clicks back.
import { useEffect } from 'react';

let committed = false;
const waiting = new Set<() => void>();

/** Rendered inside the layout's Suspense boundary, after the page: its effect runs once the page has committed. */
export function PageCommitted(): null {
  useEffect(() => {
    committed = true;
    for (const run of waiting) run();
    waiting.clear();
  }, []);
  return null;
}

/** Runs `run` once the first page has committed (at once if it has); returns a cancel. */
export function whenPageCommitted(run: () => void): () => void {
  if (committed) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  return () => waiting.delete(run);
}
