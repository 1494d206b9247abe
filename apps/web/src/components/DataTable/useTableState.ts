import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FIRST_PAGE } from '@eticket/contracts';
import { queryOf, tableStateOf, withTableState, type ActivityChoice, type PageSize, type TableState } from './tableState.ts';

/**
 * The list's view state, kept in the page address (tableState.ts: TABLE_PARAMS); any change of
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
