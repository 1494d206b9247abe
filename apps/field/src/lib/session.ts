import { FIELD_MESSAGES, FIELD_TOKEN_KEY as TOKEN_KEY, mayUseFieldApp, type TokenPayload, type TokenUser } from '@eticket/contracts';

const HELD_KEY = 'fieldHeld';

export interface FieldSession {
  token: string;
  user: TokenUser;
  expiresAt: number;
}

/**
 * A session that ended without the agent signing out (its expiry, or the server's refusal): the
 * phone keeps its agent's unsent work and open form for them until they sign in again.
 */
export interface HeldSession {
  user: TokenUser;
  message: string;
  /** Ended by its expiry, not refused by the server: only then may a PIN unlock offline work. */
  expired: boolean;
  endedAt: number;
}

const EXPIRED_MESSAGE = 'Your session has ended. Sign in again to send your work.';

function decode(token: string): TokenPayload | null {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as TokenPayload;
  } catch {
    return null;
  }
}

/** The agent who unlocked offline work with their PIN; in memory only, so a reload asks for it again. */
let unlocked: TokenUser | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readSession(now = Date.now()): FieldSession | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const payload = token ? decode(token) : null;
  if (!token || !payload?.user || payload.exp * 1000 <= now) return null;
  return { token, user: payload.user, expiresAt: payload.exp * 1000 };
}

export function heldSession(): HeldSession | null {
  try {
    const held = JSON.parse(localStorage.getItem(HELD_KEY) ?? 'null') as HeldSession | null;
    return held?.user?.id ? held : null;
  } catch {
    return null;
  }
}

/** Whom captures are recorded for: the signed-in agent, or the one working offline on their PIN. */
export function workingAgent(): TokenUser | null {
  return readSession()?.user ?? unlocked;
}

/** A token from sign-in becomes the session only for a field agent. */
export function startSession(token: string): void {
  const payload = decode(token);
  if (!payload?.user || !mayUseFieldApp(payload.user)) throw new Error(FIELD_MESSAGES.fieldAgentsOnly);
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.removeItem(HELD_KEY);
  unlocked = null;
  notify();
}

function hold(message: string, expired: boolean): void {
  const token = localStorage.getItem(TOKEN_KEY);
  const user = (token ? decode(token)?.user : null) ?? unlocked ?? heldSession()?.user;
  localStorage.removeItem(TOKEN_KEY);
  unlocked = null;
  if (user) localStorage.setItem(HELD_KEY, JSON.stringify({ user, message, expired, endedAt: Date.now() } satisfies HeldSession));
  notify();
}

/**
 * Ends the session. Signing out (no message) forgets the agent; an end the agent did not choose (a
 * 401: suspension, forced logout) keeps their work on the phone for when they sign in again.
 */
export function endSession(message?: string): void {
  if (message) return hold(message, false);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(HELD_KEY);
  unlocked = null;
  notify();
}

/** The token's expiry: the work stays, and the agent may carry on offline with their PIN. */
export const expireSession = () => hold(EXPIRED_MESSAGE, true);

/** Offline work on the held agent's PIN (checked by lib/pin.ts first); only after an expiry. */
export function unlockOffline(user: TokenUser): void {
  const held = heldSession();
  if (!held?.expired || held.user.id !== user.id) throw new Error('Sign in with your password');
  unlocked = held.user;
  notify();
}

/** Back to the sign-in screen from offline work, the work kept. */
export function lockOffline(): void {
  unlocked = null;
  notify();
}

export function sessionSnapshot(): string {
  return `${localStorage.getItem(TOKEN_KEY)}|${localStorage.getItem(HELD_KEY)}|${unlocked?.id}`;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', listener);
  };
}
