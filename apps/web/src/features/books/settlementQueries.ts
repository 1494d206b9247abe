import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onlineAccountEndpoints } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

const SETTLEMENT_KEY = ['books', 'settlement'] as const;

/** The settlement match of a Lagos day (null: the latest run); null before any. */
export function useSettlement(day: string | null) {
  return useQuery({
    queryKey: [...SETTLEMENT_KEY, day ?? 'latest'],
    queryFn: ({ signal }) => call(onlineAccountEndpoints.settlement, { query: day ? { day } : {} }, { signal }),
    select: (reply) => reply.data,
  });
}

export function useRunSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => call(onlineAccountEndpoints.runSettlement, { body: { day } }),
    onSuccess: (reply) => {
      client.setQueryData([...SETTLEMENT_KEY, reply.data.day], { data: reply.data });
      return client.invalidateQueries({ queryKey: [...SETTLEMENT_KEY, 'latest'] });
    },
  });
}
