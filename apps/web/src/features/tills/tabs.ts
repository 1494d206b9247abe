import { TILL_CLOSE_STATUSES, type TillCloseStatus } from '@eticket/contracts';
import type { CloseFilters } from './queries.ts';

export const TILL_TABS = ['open', 'waiting', 'variances', 'history'] as const;
export type TillTab = (typeof TILL_TABS)[number];
export type ClosesTab = Exclude<TillTab, 'open'>;

/** The tab in the page address (?tab=…); Open tills when none or an unknown one. */
export function tabOf(params: URLSearchParams): TillTab {
  const tab = params.get('tab');
  return (TILL_TABS as readonly string[]).includes(tab ?? '') ? (tab as TillTab) : 'open';
}

/** The closes a tab lists: waiting ones, approved ones whose count differed, or all of one remitter (with a status chosen). */
export function closeFiltersOf(tab: ClosesTab, params: URLSearchParams): CloseFilters {
  if (tab === 'waiting') return { status: 'pending' };
  if (tab === 'variances') return { varianceOnly: 'true' };
  const status = params.get('status');
  const known = (TILL_CLOSE_STATUSES as readonly string[]).includes(status ?? '') ? (status as TillCloseStatus) : undefined;
  return { remitter: params.get('remitter') ?? undefined, status: known };
}
