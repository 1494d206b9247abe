import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onlineAccountEndpoints, type SuspenseAssignRequest, type SuspenseRefundRequest, type SuspenseStatus } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

const SUSPENSE_KEY = ['suspense'] as const;

export function useSuspenseItems(status: SuspenseStatus | null, page: number, limit: number) {
  return useQuery({
    queryKey: [...SUSPENSE_KEY, status ?? 'all', page, limit],
    queryFn: ({ signal }) => call(onlineAccountEndpoints.suspenseList, { query: { page, limit, status: status ?? undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAssignSuspense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SuspenseAssignRequest }) => call(onlineAccountEndpoints.assignSuspense, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SUSPENSE_KEY }),
  });
}

export function useRefundSuspense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SuspenseRefundRequest }) => call(onlineAccountEndpoints.refundSuspense, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SUSPENSE_KEY }),
  });
}
