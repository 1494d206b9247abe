import { notify } from './events.ts';
import type { SyncReport } from './sync-run.ts';

export type { SyncReport } from './sync-run.ts';

let running: Promise<SyncReport> | null = null;

/** Sends every waiting item of the signed-in agent; one run at a time. Recorded items past their keeping are cleared after. */
export function syncNow(): Promise<SyncReport> {
  running ??= import('./sync-run.ts')
    .then(({ run }) => run())
    .finally(() => {
      running = null;
      notify();
    });
  return running;
}

export function requestBackgroundSync(): void {
  navigator.serviceWorker?.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register('field-queue'))
    .catch(() => undefined);
}

/** Sync when the network returns, when the app comes back to the front, and when the service worker asks. */
export function startAutoSync(): () => void {
  const trigger = () => void syncNow();
  const onVisible = () => document.visibilityState === 'visible' && trigger();
  const onMessage = (event: MessageEvent) => event.data === 'sync-field-queue' && trigger();
  addEventListener('online', trigger);
  addEventListener('focus', trigger);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  trigger();
  return () => {
    removeEventListener('online', trigger);
    removeEventListener('focus', trigger);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
