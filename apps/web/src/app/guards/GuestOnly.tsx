import { useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { clearNextRoute, readNextRoute } from '../../lib/session.ts';
import { useSession } from '../../lib/useSession.ts';

/** Signed in: on to the saved next route, if any, else to / (spec section 2). */
function GoToNextRoute() {
  const navigate = useNavigate();
  const [target] = useState(() => readNextRoute() ?? '/');
  useEffect(() => {
    clearNextRoute();
    navigate(target, { replace: true });
  }, [navigate, target]);
  return null;
}

/** /login and its children are only for people not signed in. */
export function GuestOnly() {
  const session = useSession();
  return session.status === 'active' ? <GoToNextRoute /> : <Outlet />;
}
