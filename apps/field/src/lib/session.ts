import { FIELD_MESSAGES, mayUseFieldApp, type TokenPayload, type TokenUser } from '@eticket/contracts';

const TOKEN_KEY = 'fieldToken';

export interface FieldSession {
  token: string;
  user: TokenUser;
  expiresAt: number;
}

function decode(token: string): TokenPayload | null {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as TokenPayload;
  } catch {
    return null;
  }
}

let endMessage: string | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readSession(now = Date.now()): FieldSession | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const payload = token ? decode(token) : null;
  if (!token || !payload?.user || payload.exp * 1000 <= now) return null;
  return { token, user: payload.user, expiresAt: payload.exp * 1000 };
}

/** A token from sign-in becomes the session only for a field agent. */
export function startSession(token: string): void {
  const payload = decode(token);
  if (!payload?.user || !mayUseFieldApp(payload.user)) throw new Error(FIELD_MESSAGES.fieldAgentsOnly);
  endMessage = undefined;
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

export function endSession(message?: string): void {
  endMessage = message;
  localStorage.removeItem(TOKEN_KEY);
  notify();
}

/** Why the last session ended, when it did not end by choice. */
export const sessionEndMessage = () => endMessage;

export function sessionSnapshot(): string {
  return `${localStorage.getItem(TOKEN_KEY)}|${endMessage}`;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', listener);
  };
}
