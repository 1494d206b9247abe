import { useEffect, useState } from 'react';
import { subscriptionEndpoints, type Plan } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

const KEY = 'registrationPlans';

function keptPlans(): Plan[] | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Plan[] | null;
  } catch {
    return null; // a damaged copy: asked again
  }
}

/** Every vehicle type's plans with their prices: from the server when online (kept for offline use), else as last kept; null while asked. */
export function useRegistrationPlans(): { plans: Plan[] | null; failed: boolean } {
  const [state, setState] = useState<{ plans: Plan[] | null; failed: boolean }>(() => ({ plans: keptPlans(), failed: false }));
  useEffect(() => {
    let current = true;
    call(subscriptionEndpoints.plans, { query: {} })
      .then(({ data }) => {
        localStorage.setItem(KEY, JSON.stringify(data));
        if (current) setState({ plans: data, failed: false });
      })
      .catch(() => current && setState((kept) => ({ plans: kept.plans, failed: kept.plans === null })));
    return () => {
      current = false;
    };
  }, []);
  return state;
}
