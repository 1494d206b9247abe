import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints, type Profile, type ProfileUpdateRequest } from '@eticket/contracts';
import { call } from './api.ts';

const ownProfileKey = ['profile'] as const;

/** The signed-in person. */
export function useOwnProfile() {
  return useQuery({
    queryKey: ownProfileKey,
    queryFn: async ({ signal }) => (await call(profileEndpoints.own, {}, { signal })).data,
  });
}

/** Edits a profile; the reply carries the updated profile and a message. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProfileUpdateRequest }) => call(profileEndpoints.update, { params: { id }, body: changes }),
    onSuccess: (reply) => {
      const own = queryClient.getQueryData<Profile>(ownProfileKey);
      if (own?.id === reply.data.id) queryClient.setQueryData(ownProfileKey, reply.data);
    },
  });
}
