import type { ComplianceReply } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';

/** COMPLIANCE_PAGE_CACHE_SECONDS' default: a page of the whole list is built once in five minutes. */
export const COMPLIANCE_PAGE_TTL_MS = 5 * 60_000;
/** A change committed a moment after its updated_at was stamped is still found by the next refresh. */
const REFRESH_OVERLAP_MS = 60_000;

/** The asOf of a reply read at `ms`: the overlap behind it, so the phone's next refresh since it misses nothing. */
export const asOfAt = (ms: number): string => new Date(ms - REFRESH_OVERLAP_MS).toISOString();
/** Room for 200 pages of 20,000 (4,000,000 motorists); a caller asking for pages after odd keys evicts the oldest. */
const MAX_PAGES = 200;

/**
 * The pages of the whole compliance list, each built once per window of `ttlMs` and shared by every
 * phone that asks for it in that window. Every enforcer's phone fetches the same pages once a day, and
 * a page of 20,000 costs ~90 ms of server CPU and ~50 ms of PostgreSQL's at 1,000,000 motorists
 * (bench/compliance-prepared-results.md); 10,000 phones ask for 500,000 pages a day, this builds 50
 * per window and process.
 *
 * A page's `asOf` is its window's start less the refresh overlap, whenever in the window it was built:
 * a phone refreshes since the first page's asOf, and every later page it fetches was built at or after
 * that window's start, so no change is missed. With `ttlMs` 0 every page is built for its request.
 */
export function compliancePages(options: { ttlMs: number; clock: Clock }) {
  const pages = ttlCache<ComplianceReply>({ ttlMs: options.ttlMs, maxEntries: MAX_PAGES, clock: options.clock });

  return {
    page(key: { after: string; graceDays: number }, build: (asOf: string) => Promise<ComplianceReply>): Promise<ComplianceReply> {
      const now = options.clock.now().getTime();
      const windowStart = options.ttlMs > 0 ? now - (now % options.ttlMs) : now;
      return pages.get(`${windowStart}:${key.graceDays}:${key.after}`, () => build(asOfAt(windowStart)));
    },
  };
}
