// Helpers for the unit tests of lib (node environment: no browser storage).
import type { TokenUser } from '@eticket/contracts';

export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const base64Url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function tokenUser(overrides: Partial<TokenUser> = {}): TokenUser {
  return {
    id: '6f1c1f34-1b7a-4c55-9d59-3f0c1d2e3a4b',
    role: 'admin',
    agentRole: null,
    isMotorist: false,
    department: null,
    unionRole: null,
    unionName: null,
    ...overrides,
  };
}

/** An unsigned token with these claims: the console reads claims, only the server verifies signatures. */
export function fakeToken(claims: { user?: Partial<TokenUser>; exp?: number } = {}): string {
  const exp = claims.exp ?? Math.floor(Date.now() / 1000) + 3600;
  return [base64Url({ alg: 'HS256', typ: 'JWT' }), base64Url({ user: tokenUser(claims.user), exp }), 'signature'].join('.');
}
