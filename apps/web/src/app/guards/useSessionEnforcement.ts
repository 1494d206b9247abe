import { useEffect } from 'react';
import { MESSAGES } from '@eticket/contracts';
import { onGlobalError } from '../../lib/globalErrors.ts';
import { endSession, type SessionState } from '../../lib/session.ts';

// setTimeout's longest delay (about 24.8 days).
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/**
 * Spec section 4: a network error in the global error state only clears it; any other ends the
 * session with its message. The session also ends by itself when the token's exp passes.
 */
export function useSessionEnforcement(session: SessionState): void {
  useEffect(
    () =>
      onGlobalError((error) => {
        if (error.kind !== 'network') endSession(error.message);
      }),
    [],
  );

  const expiresAt = session.status === 'active' ? session.expiresAt : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(() => endSession(MESSAGES.sessionExpired), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_DELAY));
    return () => clearTimeout(timer);
  }, [expiresAt]);
}
