import { useCallback, useEffect, useState } from 'react';
import { tillEndpoints, type FieldTill } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { call } from '../../lib/api.ts';
import { workingAgent } from '../../lib/session.ts';
import { subscribeQueue } from '../../lib/outbox/index.ts';

const KEY = 'fieldTill';

/** The remitter's till as the server last said it, kept on the phone for offline use. */
export interface KeptTill {
  agentId: string;
  /** When the server said it (ms). */
  asOf: number;
  till: FieldTill;
}

function keptTill(agentId: string | undefined): KeptTill | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as KeptTill | null;
    return kept && kept.agentId === agentId ? kept : null;
  } catch {
    return null;
  }
}

/** The server's word on the till (fresh), kept; without network, the one kept (null when there is none). */
async function loadTill(): Promise<{ kept: KeptTill | null; fresh: boolean }> {
  const agent = workingAgent();
  if (!agent) return { kept: null, fresh: false };
  try {
    const { data } = await call(tillEndpoints.fieldTill);
    const kept: KeptTill = { agentId: agent.id, asOf: Date.now(), till: data };
    localStorage.setItem(KEY, JSON.stringify(kept));
    return { kept, fresh: true };
  } catch (failure) {
    if (failure instanceof ApiError && !failure.retryable) throw failure;
    return { kept: keptTill(agent.id), fresh: false };
  }
}

export interface TillState {
  kept: KeptTill | null;
  /** Whether `kept` is the server's answer of this screen (false: the phone's copy, offline). */
  fresh: boolean;
  error?: string;
  reload: () => void;
}

/** The till, read when the screen opens and again when the queue changes (a payment or a close was sent). */
export function useTill(): TillState {
  const [kept, setKept] = useState(() => keptTill(workingAgent()?.id));
  const [fresh, setFresh] = useState(false);
  const [error, setError] = useState<string>();
  const reload = useCallback(() => {
    loadTill().then(
      (found) => (setKept(found.kept), setFresh(found.fresh), setError(undefined)),
      (failure: Error) => setError(failure.message),
    );
  }, []);
  useEffect(() => {
    reload();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeQueue(() => {
      clearTimeout(timer);
      timer = setTimeout(reload, 300);
    });
    return () => (clearTimeout(timer), unsubscribe());
  }, [reload]);
  return { kept, fresh, error, reload };
}
