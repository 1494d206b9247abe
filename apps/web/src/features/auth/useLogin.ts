import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type LoginRequest } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { acceptLoginToken, startSession } from '../../lib/session.ts';

/**
 * POST /api/login, then the token's checks (spec section 5). On success the session starts and the
 * login screen's guard moves on to the saved next route. A refused token (enforcer, remitter,
 * motorist) is simply dropped: logging it out would also end that person's field-app sessions.
 * The call says it is the console's, so the server refuses such a person before marking them online.
 */
export function useLogin() {
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const { token } = await call(authEndpoints.login, { body: { ...credentials, app: 'console' } });
      acceptLoginToken(token);
      startSession(token);
    },
  });
}
