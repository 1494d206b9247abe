import { matchRoutes, useLocation, useRoutes } from 'react-router';
import { readSession } from '../lib/session.ts';
import { DocumentTitle } from './DocumentTitle.tsx';
import { RouteErrorBoundary } from './RouteError.tsx';
import type { RouteHandle } from './routeHandle.ts';
import { routes } from './routes.tsx';

// The routes render through useRoutes under a <BrowserRouter> rather than a data router
// (createBrowserRouter): the console uses no loaders or actions, and the data router would add
// 16 KB gzipped to the code every screen, the login screen first, loads before anything shows.

const handlesOf = (matches: ReturnType<typeof matchRoutes>) => (matches ?? []).map((match) => match.route.handle as RouteHandle | undefined);

/** The routes of app/routes.tsx for the current address, with the tab title and a boundary for a page that fails. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const title = handlesOf(matchRoutes(routes, location))
    .map((handle) => handle?.title)
    .filter(Boolean)
    .at(-1);
  return (
    <>
      <DocumentTitle title={title} />
      <RouteErrorBoundary location={location.key}>{element}</RouteErrorBoundary>
    </>
  );
}

// Opening a signed-in address (the dashboard, a bookmark), the page's code is fetched together
// with the signed-in layout's rather than after it has loaded and rendered. Signed out, /login follows.
if (readSession().status === 'active') {
  for (const handle of handlesOf(matchRoutes(routes, globalThis.location))) void handle?.preload?.().catch(() => undefined);
}
