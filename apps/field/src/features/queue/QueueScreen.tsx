import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { useOnline } from '../../lib/useOnline.ts';
import type { QueueItem } from './db.ts';
import { remove, retry, syncNow } from './queue.ts';
import { useQueue } from './useQueue.ts';

const STATE_LABEL: Record<QueueItem['state'], string> = { waiting: 'Waiting', sending: 'Sending…', done: 'Recorded', refused: 'Refused' };

export function QueueScreen() {
  const items = useQueue();
  const online = useOnline();
  const [note, setNote] = useState<string>();

  async function sync() {
    const { sent, refused } = await syncNow();
    setNote(`${sent} recorded${refused ? `, ${refused} refused` : ''}`);
  }

  if (!items) return <p className="muted">Loading…</p>;
  return (
    <section className="queue">
      <div className="row">
        <h2>Queue</h2>
        <button className="primary small" onClick={sync} disabled={!online}>
          Sync now
        </button>
      </div>
      {note && (
        <p className="muted" role="status">
          {note}
        </p>
      )}
      {items.length === 0 && <p className="muted">Nothing captured yet. Scans, payments and registrations appear here until the server has them.</p>}
      <ul>
        {items.map((item) => (
          <li key={item.key} className={`item ${item.state}`} data-state={item.state}>
            <div>
              <strong>{item.label}</strong>
              <small>{dateTime(item.createdAt)}</small>
              {item.state === 'refused' && <p className="error">{item.message}</p>}
              {item.state === 'waiting' && item.attempts > 0 && <small>{item.message}</small>}
            </div>
            <span className="state">{STATE_LABEL[item.state]}</span>
            {item.state === 'refused' && (
              <div className="actions">
                <button onClick={() => void retry(item.key)}>Try again</button>
                <button onClick={() => confirm(`Remove “${item.label}” from the phone? The server never recorded it.`) && void remove(item.key)}>Remove</button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
