import { createClient } from '@eticket/client';
import { endSession, readSession } from './session.ts';

const OFFLINE_MESSAGE = 'No network: kept on the phone and sent when the network returns';
/** Working offline on the PIN (or signed out): nothing goes to the server until a password sign-in. */
const NOT_SIGNED_IN_MESSAGE = 'Kept on the phone: sent once you sign in again with your password';

/**
 * The field app's client. Only the server's refusal ends the session (an expired session, a
 * suspended agent or a forced logout: back to sign-in with the server's word); no token at all is
 * the agent working on their PIN, whose work waits on the phone.
 */
const client = createClient({
  token: () => readSession()?.token,
  onSessionLost: (error) => {
    if (error.kind === 'session') endSession(error.message);
  },
  messages: { network: () => OFFLINE_MESSAGE, timeout: () => OFFLINE_MESSAGE, signedOut: () => NOT_SIGNED_IN_MESSAGE },
});

/** Calls a declared endpoint (packages/contracts/src/endpoints); see packages/client. */
export const call = client.call;
