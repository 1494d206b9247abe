import { useEffect } from 'react';
import { documentTitle } from './routeHandle.ts';

/** Sets the browser tab title from the deepest route that declares one (see router.tsx). */
export function DocumentTitle({ title }: { title: string | undefined }) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
