// An effect that follows later changes only: what a screen shows first stays as it opens (no focus
// jump or scroll on arrival), and each change after that acts.
import { useEffect, useRef, type DependencyList } from 'react';

export function useChangeEffect(effect: () => void, deps: DependencyList) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    effect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- The caller names what the effect follows; the effect itself is new each render.
  }, deps);
}
