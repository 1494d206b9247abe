import { MESSAGES, mayUseConsole, type TokenPayload, type TokenUser } from '@eticket/contracts';
import { readTokenClaims } from './tokenClaims.ts';

/** Local-storage keys the spec fixes (section 3). */
export const STORAGE_KEYS = { token: 'accessToken', loggedIn: 'isLoggedIn', nextRoute: 'nextRoute' } as const;

class SessionError extends Error {}

export type SessionState =
  | { status: 'active'; token: string; user: TokenUser; expiresAt: number }
  /** A token is stored but has expired or cannot be read: it must be cleared. */
  | { status: 'lapsed'; message: string }
  /** Nobody is signed in; `message` says why the last session ended, when it did not end by choice. */
  | { status: 'signed-out'; message?: string };

const storage = (): Storage => globalThis.localStorage;

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a session token, read without verifying it: the server verifies every call. */
export function decodeToken(token: string): TokenPayload {
  const parts = token.split('.');
  if (parts.length !== 3) throw new SessionError(MESSAGES.invalidTokenFormat);
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    throw new SessionError(MESSAGES.invalidTokenReceived);
  }
  const payload = readTokenClaims(claims);
  if (!payload) throw new SessionError(MESSAGES.invalidTokenReceived);
  return payload;
}

/** exp is in seconds (spec section 9). */
export function isExpired(payload: Pick<TokenPayload, 'exp'>, now = Date.now()): boolean {
  return payload.exp * 1000 <= now;
}

/** The checks a freshly issued token must pass before it becomes the session (spec section 5). */
export function acceptLoginToken(token: unknown): TokenPayload {
  if (typeof token !== 'string') throw new SessionError(MESSAGES.invalidTokenReceived);
  let payload: TokenPayload;
  try {
    payload = decodeToken(token);
  } catch {
    throw new SessionError(MESSAGES.invalidTokenReceived);
  }
  if (!mayUseConsole(payload.user)) throw new SessionError(MESSAGES.cannotLogin);
  return payload;
}

// Why the last session ended; kept in memory only, for the login screen to show.
let endMessage: string | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readSession(now = Date.now()): SessionState {
  const token = storage().getItem(STORAGE_KEYS.token);
  if (storage().getItem(STORAGE_KEYS.loggedIn) !== 'true' || !token) return { status: 'signed-out', message: endMessage };
  let payload: TokenPayload;
  try {
    payload = decodeToken(token);
  } catch (error) {
    return { status: 'lapsed', message: (error as Error).message };
  }
  if (isExpired(payload, now)) return { status: 'lapsed', message: MESSAGES.sessionExpired };
  return { status: 'active', token, user: payload.user, expiresAt: payload.exp * 1000 };
}

export function startSession(token: string): void {
  endMessage = undefined;
  storage().setItem(STORAGE_KEYS.token, token);
  storage().setItem(STORAGE_KEYS.loggedIn, 'true');
  notify();
}

/** Signs out locally: removes the token and the signed-in flag (spec section 4). */
export function endSession(message?: string): void {
  endMessage = message;
  storage().removeItem(STORAGE_KEYS.token);
  storage().removeItem(STORAGE_KEYS.loggedIn);
  notify();
}

/** Changes whenever the session does; for useSyncExternalStore. */
export function sessionSnapshot(): string {
  return [storage().getItem(STORAGE_KEYS.loggedIn), storage().getItem(STORAGE_KEYS.token), endMessage].join('\n');
}

/** Calls `listener` when the session changes, in this tab or (through storage events) in another. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  globalThis.addEventListener?.('storage', listener);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', listener);
  };
}

/** Where to go after the next sign-in. */
export function saveNextRoute(route: string): void {
  if (route.startsWith('/login')) return;
  storage().setItem(STORAGE_KEYS.nextRoute, route);
}

export function readNextRoute(): string | null {
  return storage().getItem(STORAGE_KEYS.nextRoute);
}

export function clearNextRoute(): void {
  storage().removeItem(STORAGE_KEYS.nextRoute);
}
