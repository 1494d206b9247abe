import { useMutation, useQuery } from '@tanstack/react-query';
import { personalDataEndpoints, type PersonalDataAccessQuery, type RevealedPersonalData } from '@eticket/contracts';
import type { FetchPage } from '../../components/DataTable/index.ts';
import { call } from '../../lib/api.ts';

/** POST /api/user/{id}/personal-data: Show. Each press is a recorded look, so it is never retried or refetched by itself. */
export function useRevealPersonalData() {
  return useMutation({
    mutationFn: async (id: string): Promise<RevealedPersonalData> => (await call(personalDataEndpoints.reveal, { params: { id } })).data,
  });
}

/** Show on a page that needs the images to be of use (the ID card): once per visit, recorded like a press of Show. */
export function useRevealedOnce(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['personal-data', 'revealed', id],
    queryFn: async () => (await call(personalDataEndpoints.reveal, { params: { id } })).data,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** A search of the record of every look: by person, by staff member, by action and date. */
export type AccessFilters = Pick<PersonalDataAccessQuery, 'person' | 'staff' | 'action'>;

export const accessRecordFetcher: FetchPage<
  Awaited<ReturnType<typeof fetchAccess>>['data'][number],
  Awaited<ReturnType<typeof fetchAccess>>,
  AccessFilters
> = (query, signal) => fetchAccess(query, signal);

function fetchAccess(query: PersonalDataAccessQuery, signal?: AbortSignal) {
  return call(personalDataEndpoints.accessRecord, { query }, { signal });
}
