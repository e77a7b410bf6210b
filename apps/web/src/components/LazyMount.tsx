// A lazily loaded dialog is not part of the page's first JavaScript: it mounts the first time it
// opens and stays mounted from then on (so it can animate closing and keep its state).
import { Suspense, useState, type ReactNode } from 'react';

/** True from the first time `open` is true on. */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function LazyMount({ open, children }: { open: boolean; children: ReactNode }) {
  const mounted = useOpenedOnce(open);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
