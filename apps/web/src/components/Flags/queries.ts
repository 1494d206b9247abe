import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { flagEndpoints, type FlagListQuery, type FlagReviewRequest } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

/** Every flag list and the summary; a review reloads them. */
const FLAGS_KEY = ['flags'] as const;

export function useFlagList(query: FlagListQuery) {
  return useQuery({
    queryKey: [...FLAGS_KEY, 'list', query],
    queryFn: ({ signal }) => call(flagEndpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFlagSummary() {
  return useQuery({
    queryKey: [...FLAGS_KEY, 'summary'],
    queryFn: ({ signal }) => call(flagEndpoints.summary, {}, { signal }),
    select: (reply) => reply.data,
  });
}

/** Reviews a flag as confirmed or a false alarm; the lists and the summary are read again. */
export function useReviewFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: FlagReviewRequest & { id: string }) => call(flagEndpoints.review, { params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: FLAGS_KEY }),
  });
}
