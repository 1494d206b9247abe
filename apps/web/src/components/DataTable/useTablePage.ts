import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@eticket/contracts';
import type { FetchPage, ListFilters, TableQuery } from './types.ts';

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
