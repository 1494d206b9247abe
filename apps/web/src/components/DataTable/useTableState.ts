import { useMemo, useState } from 'react';
import { FIRST_PAGE } from '@eticket/contracts';
import { initialTableState, queryOf, type ActivityChoice, type PageSize, type TableMode, type TableState } from './tableState.ts';

/** The list's view state; any change of filter or size goes back to the first page. */
export function useTableState(mode: TableMode, initialSearch?: string) {
  const [state, setState] = useState<TableState>(() => initialTableState(initialSearch));
  const query = useMemo(() => queryOf(state, mode), [state, mode]);
  const refilter = (changes: Partial<TableState>) => setState((current) => ({ ...current, ...changes, page: FIRST_PAGE }));
  return {
    state,
    query,
    setPage: (page: number) => setState((current) => ({ ...current, page })),
    setLimit: (limit: PageSize) => refilter({ limit }),
    setSearch: (search: string) => refilter({ search }),
    setActivity: (activity: ActivityChoice) => refilter({ activity }),
    setRange: ([startDate, endDate]: [string | null, string | null]) => refilter({ startDate, endDate }),
  };
}
