import { useEffect, useState } from 'react';
import { db, type QueueItem } from './db.ts';
import { subscribeQueue } from './queue.ts';

/** The queue, newest first, read again whenever it changes. */
export function useQueue(): QueueItem[] | null {
  const [items, setItems] = useState<QueueItem[] | null>(null);
  useEffect(() => {
    const load = () => void db.queue.orderBy('createdAt').reverse().toArray().then(setItems);
    load();
    return subscribeQueue(load);
  }, []);
  return items;
}

export function useQueueCounts() {
  const items = useQueue() ?? [];
  return {
    pending: items.filter((item) => item.state === 'waiting' || item.state === 'sending').length,
    refused: items.filter((item) => item.state === 'refused').length,
  };
}
