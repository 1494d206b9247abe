import { Outlet } from 'react-router';
import { useSession } from '../../lib/useSession.ts';
import { LeaveToLogin } from './LeaveToLogin.tsx';
import { useSessionEnforcement } from './useSessionEnforcement.ts';

/** Everything under / needs isLoggedIn and a current access token (spec section 2). */
export function RequireSession() {
  const session = useSession();
  useSessionEnforcement(session);
  if (session.status !== 'active') return <LeaveToLogin message={session.message} />;
  return <Outlet />;
}
