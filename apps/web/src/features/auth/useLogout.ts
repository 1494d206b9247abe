import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { endSession } from '../../lib/session.ts';
import { useSignedInUser } from '../../lib/useSession.ts';

/** POST /api/logout/{own id}, then signs out here whatever the reply (the signed-in layout then goes to /login). */
export function useLogout() {
  const user = useSignedInUser();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout, { params: { id: user.id } }),
    onSettled: () => endSession(),
  });
}
