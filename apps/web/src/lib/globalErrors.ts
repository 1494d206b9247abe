import type { ApiError } from '@eticket/client';

/**
 * The global error state of spec section 4: the API client reports here a lost session (401/403,
 * a missing or expired token); the signed-in layout decides what to do with it.
 */
type Listener = (error: ApiError) => void;
const listeners = new Set<Listener>();

export function reportGlobalError(error: ApiError): void {
  listeners.forEach((listener) => listener(error));
}

export function onGlobalError(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
