/** What each route declares for the shell (see DocumentTitle). */
export interface RouteHandle {
  /** Shown in the browser tab as "e-Ticketing | {title}". */
  title: string;
  /** Loads the route's page code (router.tsx starts it with the layout's on a signed-in first load). */
  preload?: () => Promise<unknown>;
}

const PRODUCT_TITLE = 'e-Ticketing';

export function documentTitle(title: string | undefined): string {
  return title ? `${PRODUCT_TITLE} | ${title}` : PRODUCT_TITLE;
}
