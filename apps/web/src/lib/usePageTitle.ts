import { useEffect } from 'react';

/** Sets the browser tab's title for the page. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Umrah Reizen`;
  }, [title]);
}
