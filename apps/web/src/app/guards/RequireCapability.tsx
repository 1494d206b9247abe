import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { can, type Capability } from '@eticket/contracts';
import { useSignedInUser } from '../../lib/useSession.ts';

/** A page the user's role may not see sends them to the dashboard, as the sidebar never links to it. */
export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  const user = useSignedInUser();
  return can(user, capability) ? children : <Navigate to="/" replace />;
}
