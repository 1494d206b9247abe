// A phone for the outbox's unit tests: an in-memory IndexedDB (fake-indexeddb, imported by the test
// first), localStorage, navigator.onLine, a session token, and a small stand-in for the server's
// keyed field calls behind fetch (answers kept per Idempotency-Key, as the server keeps them).
import { vi } from 'vitest';
import type { FieldBatchItem, FieldBatchResult, TokenUser } from '@eticket/contracts';

export const AGENTS = { ada: 'agent-ada', bola: 'agent-bola' } as const;

function tokenFor(id: string): string {
  const user: TokenUser = { id, role: 'enforcer', agentRole: null, isMotorist: false, department: null, unionRole: null, unionName: null };
  const payload = btoa(JSON.stringify({ user, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `header.${payload}.signature`;
}

export function installPhone(): { signIn(id: string): void; signOut(): void; online: { value: boolean } } {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, String(value)),
    removeItem: (key: string) => void store.delete(key),
  });
  const online = { value: true };
  vi.stubGlobal('navigator', {
    get onLine() {
      return online.value;
    },
  });
  return { signIn: (id) => store.set('fieldToken', tokenFor(id)), signOut: () => store.delete('fieldToken'), online };
}

type Refusal = { status: number; message: string };
export interface Call {
  path: string;
  key?: string;
  items?: FieldBatchItem[];
}

/**
 * The server's side of the outbox: every call seen, every record once per key. `refuse` says no to
 * an item (by its body), `down` makes every call a network failure, `batchStatus` answers the batch
 * call itself with a status (404: a server without it).
 */
export function fakeServer() {
  const calls: Call[] = [];
  const records = new Map<string, { id: string; body: unknown }>();
  const state = {
    down: false,
    batchStatus: 200,
    refuse: (_body: Record<string, unknown>): Refusal | null => null,
    /** Keys whose item fails on the server's side (503) in a batch. */
    failing: new Set<string>(),
  };
  const record = (key: string, kind: string, body: Record<string, unknown>): FieldBatchResult => {
    const refusal = state.refuse(body);
    if (refusal) return { key, status: refusal.status, replayed: false, message: refusal.message };
    const earlier = records.get(key);
    const kept = earlier ?? { id: `rec-${records.size + 1}`, body };
    records.set(key, kept);
    const data = kind === 'scan' ? { scanId: kept.id } : { payment: { id: kept.id, receiptNo: `R-${kept.id}` } };
    return { key, status: 201, replayed: !!earlier, message: 'Recorded', ...(kind === 'scan' ? { scan: data } : { payment: data }) } as FieldBatchResult;
  };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const headers = init.headers as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (path === '/api/field/batch') {
      const items = body.items as FieldBatchItem[];
      calls.push({ path, items });
      if (state.batchStatus !== 200) return json(state.batchStatus, { message: `answered ${state.batchStatus}` });
      const results = items.map((item) =>
        state.failing.has(item.key) ? { key: item.key, status: 503, replayed: false, message: 'Not recorded' } : record(item.key, item.kind, item.body),
      );
      return json(200, { data: { results } });
    }
    const key = headers['idempotency-key'];
    calls.push({ path, key });
    const kind = path.split('/').pop()!;
    const result = record(key, kind, body);
    if (result.status >= 300) return json(result.status, { message: result.message });
    return json(201, { message: result.message, data: result.scan ?? result.payment });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, records, state, batchCalls: () => calls.filter((call) => call.path === '/api/field/batch') };
}
