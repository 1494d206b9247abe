import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FetchPage, TableQuery } from './types.ts';

/**
 * One page of a list. The query is part of the key, so invalidating the list's key reloads it
 * with the current page, size, search, filters and range; the previous page stays shown meanwhile.
 */
export function useTablePage<Row>(queryKey: readonly unknown[], fetchPage: FetchPage<Row>, query: TableQuery) {
  return useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
