const listeners = new Set<() => void>();

/** Tells every screen reading the outbox that it changed. */
export function notify(): void {
  listeners.forEach((listener) => listener());
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
