import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tillEndpoints,
  tillListEndpoints,
  type OpenTill,
  type OpenTillList,
  type TillClose,
  type TillCloseList,
  type TillCloseStatus,
} from '@eticket/contracts';
import type { FetchPage } from '../../components/DataTable/index.ts';
import { call } from '../../lib/api.ts';
import { DASHBOARD_KEY } from '../../lib/dashboardKey.ts';
import type { Decision } from './decision.ts';

/** Every till list and one close; a decision reloads them, and the dashboards' figures. */
const TILLS_KEY = ['tills'] as const;
export const tillKeys = {
  open: [...TILLS_KEY, 'open'] as const,
  closes: [...TILLS_KEY, 'closes'] as const,
  close: (id: string) => [...TILLS_KEY, 'close', id] as const,
};

export type OpenTillFilters = { overLimit?: 'true' };
export type CloseFilters = { status?: TillCloseStatus; varianceOnly?: 'true'; remitter?: string };

export const fetchOpenTills: FetchPage<OpenTill, OpenTillList, OpenTillFilters> = (query, signal) => call(tillListEndpoints.openTills, { query }, { signal });
export const fetchCloses: FetchPage<TillClose, TillCloseList, CloseFilters> = (query, signal) => call(tillListEndpoints.closes, { query }, { signal });

/** One close with the collections it covers (and a fresh link to its slip photo). */
export function useCloseDetail(id: string) {
  return useQuery({
    queryKey: tillKeys.close(id),
    queryFn: ({ signal }) => call(tillListEndpoints.close, { params: { id } }, { signal }),
    select: (reply) => reply.data,
  });
}

/** Approves or rejects a close; the lists, the close and the dashboard's cards are read again. */
export function useDecideClose(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.action === 'approve'
        ? call(tillEndpoints.approveClose, { params: { id }, body: { reason: decision.reason || undefined } })
        : call(tillEndpoints.rejectClose, { params: { id }, body: { reason: decision.reason } }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: TILLS_KEY }), client.invalidateQueries({ queryKey: DASHBOARD_KEY })]),
  });
}
