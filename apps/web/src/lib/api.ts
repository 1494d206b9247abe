import { MESSAGES } from '@eticket/contracts';
import { createClient, type ApiError } from '@eticket/client';
import { reportGlobalError } from './globalErrors.ts';
import { readSession, saveNextRoute } from './session.ts';

function currentAddress(): string | null {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}${location.hash}` : null;
}

/** Keeps the address for after sign-in; the signed-in layout ends the session (spec sections 4 and 8). */
function sessionLost(error: ApiError): void {
  const address = currentAddress();
  if (address) saveNextRoute(address);
  reportGlobalError(error);
}

function signedOutWords(): string {
  const session = readSession();
  return session.status === 'lapsed' ? session.message : MESSAGES.sessionExpired;
}

/** The console's client: its session's token; a 401 or 403 on a signed-in call means the session is gone. */
const client = createClient({
  token: () => {
    const session = readSession();
    return session.status === 'active' ? session.token : null;
  },
  onSessionLost: sessionLost,
  sessionStatuses: [401, 403],
  messages: { signedOut: signedOutWords },
});

/** Calls a declared endpoint (packages/contracts/src/endpoints); see packages/client. */
export const call = client.call;
