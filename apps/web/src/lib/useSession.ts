import { useMemo, useSyncExternalStore } from 'react';
import type { TokenUser } from '@eticket/contracts';
import { readSession, sessionSnapshot, subscribeSession, type SessionState } from './session.ts';

/** The session as local storage has it, re-read whenever it changes. */
export function useSession(): SessionState {
  const snapshot = useSyncExternalStore(subscribeSession, sessionSnapshot);
  // The snapshot is only a change mark: a new one means storage changed, so the session is read again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the dependency is the change mark, not an input
  return useMemo(() => readSession(), [snapshot]);
}

/** The signed-in user; only for components under the signed-in layout. */
export function useSignedInUser(): TokenUser {
  const session = useSession();
  if (session.status !== 'active') throw new Error('useSignedInUser is only for signed-in pages');
  return session.user;
}
