import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdateRequest } from '@eticket/contracts';
import { api, type Envelope } from '../../lib/api.ts';

export const ownProfileKey = ['profile'] as const;

/** GET /api/profile: the signed-in person. */
export function useOwnProfile() {
  return useQuery({
    queryKey: ownProfileKey,
    queryFn: async ({ signal }) => (await api.get<Envelope<Profile>>('/api/profile', { signal })).data,
  });
}

/** POST /api/profile/{id}; the reply carries the updated profile and a message. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProfileUpdateRequest }) =>
      api.post<Envelope<Profile>>(`/api/profile/${id}`, changes),
    onSuccess: (reply) => {
      const own = queryClient.getQueryData<Profile>(ownProfileKey);
      if (own?.id === reply.data.id) queryClient.setQueryData(ownProfileKey, reply.data);
    },
  });
}
