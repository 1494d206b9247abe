import { useMutation, useQuery } from '@tanstack/react-query';
import { personalDataEndpoints, type RevealedPersonalData } from '@eticket/contracts';
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
