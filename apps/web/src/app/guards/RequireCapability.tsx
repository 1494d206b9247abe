import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { can, type Capability } from '@eticket/contracts';
import { useSignedInUser } from '../../lib/useSession.ts';

/** A page the user's role may not see sends them to the dashboard, which says why (RefusedPageNotice). */
export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  return can(user, capability) ? children : <Navigate to="/" replace state={{ refusedFrom: pathname }} />;
}
