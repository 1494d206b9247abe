import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { documentTitle, type RouteHandle } from './routeHandle.ts';

/** Sets the browser tab title from the deepest route that declares one. */
export function DocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return null;
}
