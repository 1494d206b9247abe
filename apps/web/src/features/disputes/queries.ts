import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { disputeEndpoints, type DisputeListQuery, type DisputeResolveRequest } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { DASHBOARD_KEY } from '../../lib/dashboardKey.ts';

/** The queue, one dispute and the dashboard's counts: any change reloads them all. */
const DISPUTES_KEY = ['disputes'] as const;

export function useDisputeList(query: DisputeListQuery) {
  return useQuery({
    queryKey: [...DISPUTES_KEY, 'list', query],
    queryFn: ({ signal }) => call(disputeEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDispute(id: string) {
  return useQuery({
    queryKey: [...DISPUTES_KEY, 'one', id],
    queryFn: ({ signal }) => call(disputeEndpoints.detail, { params: { id } }, { signal }),
    select: (reply) => reply.data,
  });
}

export function useAssignees() {
  return useQuery({
    queryKey: [...DISPUTES_KEY, 'assignees'],
    queryFn: ({ signal }) => call(disputeEndpoints.assignees, {}, { signal }),
    select: (reply) => reply.data,
    staleTime: 60_000,
  });
}

/** Assign, note and resolve: each answers the dispute as it now stands and reloads the queue and the dashboard. */
export function useDisputeActions(id: string) {
  const client = useQueryClient();
  const onSettled = () => Promise.all([client.invalidateQueries({ queryKey: DISPUTES_KEY }), client.invalidateQueries({ queryKey: DASHBOARD_KEY })]);
  return {
    assign: useMutation({ mutationFn: (assigneeId: string) => call(disputeEndpoints.assign, { params: { id }, body: { assigneeId } }), onSettled }),
    note: useMutation({ mutationFn: (note: string) => call(disputeEndpoints.addNote, { params: { id }, body: { note } }), onSettled }),
    resolve: useMutation({ mutationFn: (body: DisputeResolveRequest) => call(disputeEndpoints.resolve, { params: { id }, body }), onSettled }),
  };
}
