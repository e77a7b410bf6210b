import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server, while hydrating and until the browser is next idle; then true. For parts that
 * are drawn in the browser only and are not needed at once (the chat button, the notifications): their
 * code and rendering then come in tasks of their own instead of right behind the hydration's.
 */
export function useBrowserIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // As a transition: what appears then renders in slices, not in one long task.
    const done = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(done, 200);
    return () => window.clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
