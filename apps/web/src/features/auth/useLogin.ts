import { useMutation } from '@tanstack/react-query';
import { FIELD_TOKEN_KEY, authEndpoints, type LoginRequest } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
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

/**
 * A phone at the console, which it refuses (spec section 5): a field agent's credentials sign them in
 * to the field app instead (the server checks the account is a field agent's before marking it
 * online) and open it. False when the account is not a field agent's.
 */
export async function openFieldAppFor(credentials: LoginRequest): Promise<boolean> {
  try {
    const { token } = await call(authEndpoints.login, { body: { ...credentials, app: 'field' } });
    localStorage.setItem(FIELD_TOKEN_KEY, token);
    location.assign('/field/');
    return true;
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 403) return false;
    throw failure;
  }
}
