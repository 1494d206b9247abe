import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onlineAccountEndpoints } from '@eticket/contracts';
import { call } from '../../../lib/api.ts';

const accountKey = (userId: string) => ['dedicated-account', userId] as const;

/** A motorist's dedicated account, and whether the levy has them at all. */
export function useDedicatedAccount(userId: string) {
  return useQuery({
    queryKey: accountKey(userId),
    queryFn: ({ signal }) => call(onlineAccountEndpoints.dedicatedAccount, { params: { userId } }, { signal }),
  });
}

export function useAssignDedicatedAccount(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(onlineAccountEndpoints.assignDedicatedAccount, { params: { userId } }),
    onSuccess: (reply) => client.setQueryData(accountKey(userId), { enabled: true, data: reply.data }),
  });
}
