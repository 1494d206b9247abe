import { DEFAULT_LEVY_NAME, publicEndpoints } from '@eticket/contracts';
import { call } from './api.ts';

/** Where the public checks are (PUBLIC_URL, else this server) and the levy's name (LEVY_NAME): what receipts print. */
export interface PublicLinks {
  publicUrl: string;
  levyName: string;
}

const KEY = 'fieldLinks';

/** The links kept from the last time the server was asked, so a receipt made offline prints them too. */
export function keptLinks(): PublicLinks {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as PublicLinks | null;
    if (kept && typeof kept.publicUrl === 'string' && typeof kept.levyName === 'string') return kept;
  } catch {
    // a damaged copy: the defaults below
  }
  return { publicUrl: location.origin, levyName: DEFAULT_LEVY_NAME };
}

/** Asks the server (GET /api/public/links) and keeps the answer; offline, what was kept. */
export async function loadLinks(): Promise<PublicLinks> {
  try {
    const { data } = await call(publicEndpoints.links);
    const links = { publicUrl: data.publicUrl ?? location.origin, levyName: data.levyName };
    localStorage.setItem(KEY, JSON.stringify(links));
    return links;
  } catch {
    return keptLinks();
  }
}
