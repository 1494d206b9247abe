import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES, type Paginated } from '@eticket/contracts';
import type { FetchPage, ListFilters, TableQuery } from './types.ts';

/** Status filter choices (spec): each sets the search text to its lower-cased name; All clears it. */
export const STATUS_CHOICES = ['All', 'Pending', 'Declined', 'Approved', 'Suspended'] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** Activities filter choices: Online sends online=true, Offline online=false, All leaves it out. */
export const ACTIVITY_CHOICES = ['All', 'Online', 'Offline'] as const;
export type ActivityChoice = (typeof ACTIVITY_CHOICES)[number];

export type PageSize = (typeof PAGE_SIZES)[number];

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
export function queryOf(state: TableState): TableQuery {
  return {
    page: state.page,
    limit: state.limit,
    ...(state.search ? { search: state.search } : {}),
    ...(ONLINE[state.activity] ? { online: ONLINE[state.activity] } : {}),
    ...(state.startDate ? { startDate: state.startDate } : {}),
    ...(state.endDate ? { endDate: state.endDate } : {}),
  };
}

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/**
 * The page address's parameters a list's state is kept in, so a refresh, Back and a shared link show
 * the same list. A default is left out of the address; a value that is not valid reads as the default.
 */
const TABLE_PARAMS = { page: 'page', limit: 'limit', search: 'search', activity: 'activity', startDate: 'from', endDate: 'to' } as const;

const isDay = (value: string | null): string | null => (value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The list's state held by these parameters; `initialSearch` when the address names no search. */
export function tableStateOf(params: URLSearchParams, initialSearch = ''): TableState {
  const page = Number(params.get(TABLE_PARAMS.page));
  const limit = Number(params.get(TABLE_PARAMS.limit));
  const activity = ACTIVITY_CHOICES.find((choice) => choice.toLowerCase() === params.get(TABLE_PARAMS.activity));
  return {
    page: Number.isSafeInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE,
    limit: isPageSize(limit) ? limit : DEFAULT_PAGE_SIZE,
    search: normaliseSearch(params.get(TABLE_PARAMS.search) ?? initialSearch),
    activity: activity ?? 'All',
    startDate: isDay(params.get(TABLE_PARAMS.startDate)),
    endDate: isDay(params.get(TABLE_PARAMS.endDate)),
  };
}

/** These parameters holding this state (other parameters stay). */
export function withTableState(params: URLSearchParams, state: TableState, initialSearch = ''): URLSearchParams {
  const next = new URLSearchParams(params);
  const keep = (key: string, value: string | null, fallback: string | null) => (value === fallback || value === null ? next.delete(key) : next.set(key, value));
  keep(TABLE_PARAMS.page, String(state.page), String(FIRST_PAGE));
  keep(TABLE_PARAMS.limit, String(state.limit), String(DEFAULT_PAGE_SIZE));
  // An empty search is kept ('search=') when the list starts with one, so clearing it sticks.
  keep(TABLE_PARAMS.search, state.search, normaliseSearch(initialSearch));
  keep(TABLE_PARAMS.activity, state.activity.toLowerCase(), 'all');
  keep(TABLE_PARAMS.startDate, state.startDate, null);
  keep(TABLE_PARAMS.endDate, state.endDate, null);
  return next;
}

/** These parameters back on the first page: what a change of the list's own filters does. */
export function onFirstPage(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(TABLE_PARAMS.page);
  return next;
}

/**
 * The list's view state, kept in the page address (TABLE_PARAMS); any change of
 * filter or size goes back to the first page. Each change is a history entry, so Back undoes it.
 */
export function useTableState(initialSearch?: string) {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const inAddress = useMemo(() => tableStateOf(new URLSearchParams(text), initialSearch), [text, initialSearch]);
  // Shown at once: React Router writes the address in a transition, which would leave a clicked
  // control showing its old value for a moment. An address changed by Back or a link wins.
  const [state, setState] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  if (seen !== inAddress) {
    setSeen(inAddress);
    setState(inAddress);
  }
  const query = useMemo(() => queryOf(state), [state]);
  const change = (changes: Partial<TableState>) => {
    const next = { ...state, ...changes };
    setState(next);
    setParams((current) => withTableState(current, next, initialSearch));
  };
  const refilter = (changes: Partial<TableState>) => change({ ...changes, page: FIRST_PAGE });
  return {
    state,
    query,
    setPage: (page: number) => change({ page }),
    setLimit: (limit: PageSize) => refilter({ limit }),
    setSearch: (search: string) => refilter({ search }),
    setActivity: (activity: ActivityChoice) => refilter({ activity }),
    setRange: ([startDate, endDate]: [string | null, string | null]) => refilter({ startDate, endDate }),
  };
}

/**
 * One page of a list. The query is part of the key, so invalidating the list's key reloads it
 * with the current page, size, search, filters and range; the previous page stays shown meanwhile.
 */
export function useTablePage<Row, Reply extends Paginated<Row>, Filters extends ListFilters>(
  queryKey: readonly unknown[],
  fetchPage: FetchPage<Row, Reply, Filters>,
  query: TableQuery & Filters,
) {
  return useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
