import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalEndpoints, type ApprovalState } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

const APPROVALS_KEY = ['approvals'] as const;

export interface ApprovalFilter {
  state?: ApprovalState;
  mine?: 'true';
  page: number;
}

/** The requests the signed-in person may decide and their own: pending first. */
export function useApprovals(filter: ApprovalFilter) {
  return useQuery({
    queryKey: [...APPROVALS_KEY, 'list', filter],
    queryFn: ({ signal }) => call(approvalEndpoints.list, { query: { ...filter, limit: 20 } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Pending requests the signed-in person may decide: the sidebar's badge, read again every minute. */
export function useApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: [...APPROVALS_KEY, 'count'],
    queryFn: async ({ signal }) => (await call(approvalEndpoints.count, {}, { signal })).data.pending,
    enabled,
    refetchInterval: 60_000,
  });
}

export type ApprovalDecision = { id: string; action: 'approve'; comment: string } | { id: string; action: 'reject'; comment: string };

/** Approves (applies) or rejects a request; an approval changes what other pages show, so every query is read again. */
export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ApprovalDecision) =>
      decision.action === 'approve'
        ? call(approvalEndpoints.approve, { params: { id: decision.id }, body: { comment: decision.comment || undefined } })
        : call(approvalEndpoints.reject, { params: { id: decision.id }, body: { comment: decision.comment } }),
    onSettled: () => client.invalidateQueries(),
  });
}
