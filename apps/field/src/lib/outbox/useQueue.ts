import { t } from '../i18n.ts';
import { useEffect, useState } from 'react';
import { workingAgent } from '../session.ts';
import { db, type QueueItem } from './db.ts';
import { subscribeQueue } from './events.ts';

/**
 * The working agent's queue, newest first, read again whenever it changes. Items belong to the agent
 * who captured them: another agent on the same phone neither sees nor sends them.
 */
export function useQueue(): QueueItem[] | null {
  const [items, setItems] = useState<QueueItem[] | null>(null);
  useEffect(() => {
    const load = () =>
      void db.queue
        .orderBy('createdAt')
        .reverse()
        .filter((item) => item.agentId === workingAgent()?.id)
        .toArray()
        .then(setItems);
    load();
    return subscribeQueue(load);
  }, []);
  return items;
}

export function useQueueCounts() {
  return countsOf(useQueue() ?? []);
}

export interface QueueCounts {
  pending: number;
  refused: number;
}

export function countsOf(items: QueueItem[]): QueueCounts {
  return {
    pending: items.filter((item) => item.state === 'waiting' || item.state === 'sending').length,
    refused: items.filter((item) => item.state === 'refused').length,
  };
}

/** What signing out leaves unsent on the phone, said plainly; undefined when nothing is. */
export function unsentNote({ pending, refused }: QueueCounts): string | undefined {
  if (pending + refused === 0) return undefined;
  const parts = [pending ? t('unsent.waiting', { count: pending }) : '', refused ? t('unsent.refused', { count: refused }) : ''].filter(Boolean);
  return t('unsent.note', { count: pending + refused, parts: parts.join(', ') });
}
