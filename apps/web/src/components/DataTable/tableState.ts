import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '@eticket/contracts';
import type { TableQuery } from './types.ts';

/** Status filter choices (spec): each sets the search text to its lower-cased name; All clears it. */
export const STATUS_CHOICES = ['All', 'Pending', 'Declined', 'Approved', 'Suspended'] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** Activities filter choices: Online sends online=true, Offline online=false, All leaves it out. */
export const ACTIVITY_CHOICES = ['All', 'Online', 'Offline'] as const;
export type ActivityChoice = (typeof ACTIVITY_CHOICES)[number];

export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * default: the search box and filters drive the search text. pending: the search text is always
 * 'pending' (the list shows people awaiting approval).
 */
export type TableMode = 'default' | 'pending';
export const PENDING_SEARCH = 'pending';

export interface TableState {
  page: number;
  limit: PageSize;
  /** Lower-cased search text, as sent. */
  search: string;
  activity: ActivityChoice;
  startDate: string | null;
  endDate: string | null;
}

export function initialTableState(search = ''): TableState {
  return { page: FIRST_PAGE, limit: DEFAULT_PAGE_SIZE, search: normaliseSearch(search), activity: 'All', startDate: null, endDate: null };
}

/** Search text is sent lower-cased, without surrounding spaces. */
export function normaliseSearch(text: string): string {
  return text.trim().toLowerCase();
}

export function searchForStatus(choice: StatusChoice): string {
  return choice === 'All' ? '' : choice.toLowerCase();
}

/** The status choice the search text stands for (All when it is free text or empty). */
export function statusOfSearch(search: string): StatusChoice {
  return STATUS_CHOICES.find((choice) => choice !== 'All' && choice.toLowerCase() === search) ?? 'All';
}

const ONLINE: Record<ActivityChoice, TableQuery['online']> = { All: undefined, Online: 'true', Offline: 'false' };

/** The list call's query for this state. */
export function queryOf(state: TableState, mode: TableMode = 'default'): TableQuery {
  const search = mode === 'pending' ? PENDING_SEARCH : state.search;
  return {
    page: state.page,
    limit: state.limit,
    ...(search ? { search } : {}),
    ...(ONLINE[state.activity] ? { online: ONLINE[state.activity] } : {}),
    ...(state.startDate ? { startDate: state.startDate } : {}),
    ...(state.endDate ? { endDate: state.endDate } : {}),
  };
}

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}
