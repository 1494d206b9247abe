import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginScreenState } from '../../features/auth/loginScreenState.ts';
import { clearNextRoute, endSession, readSession, saveNextRoute } from '../../lib/session.ts';

/**
 * The session has ended or never began: keep this address for after the next sign-in, drop what
 * the last session loaded, clear a lapsed token and go to /login saying why (spec section 4).
 */
export function LeaveToLogin({ message }: { message?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Once, on the way out: the address and message it leaves with are those of the moment it mounted.
  useEffect(() => {
    if (location.pathname === '/') clearNextRoute();
    else saveNextRoute(`${location.pathname}${location.search}${location.hash}`);
    queryClient.clear();
    if (readSession().status === 'lapsed') endSession(message);
    const state: LoginScreenState | undefined = message ? { message } : undefined;
    navigate('/login', { replace: true, state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, on mount (above)
  }, []);
  return null;
}
