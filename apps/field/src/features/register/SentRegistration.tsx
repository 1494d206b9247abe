import { useEffect, useState } from 'react';
import type { RegistrationResponse, VehicleType } from '@eticket/contracts';
import { db, type QueueItem, remove, subscribeQueue } from '../../lib/outbox/index.ts';
import { inWords } from './RegistrationForm.tsx';
import { Sticker } from './Sticker.tsx';

type RegistrationItem = Extract<QueueItem, { kind: 'registration' }>;

const QUEUED_NOTE = 'No network: the registration is kept on the phone and sent when the network returns (see Queue).';

/** The registration as it now stands in the queue, read again whenever the queue changes; null once gone. */
function useRegistration(key: string): RegistrationItem | null | undefined {
  const [item, setItem] = useState<RegistrationItem | null>();
  useEffect(() => {
    const load = () => void db.queue.get(key).then((found) => setItem(found?.kind === 'registration' ? found : null));
    load();
    return subscribeQueue(load);
  }, [key]);
  return item;
}

/**
 * A registration once sent: the motorist's Unique ID and sticker when the server has it (the Unique ID
 * is the server's, so an offline registration shows them once it syncs); the server's refusal, in
 * words, with the form to fix and resend, photos and all.
 */
export function SentRegistration({ itemKey, onNext, onEdit }: { itemKey: string; onNext: () => void; onEdit: (item: RegistrationItem) => void }) {
  const item = useRegistration(itemKey);
  if (item === undefined) return <p className="muted">Loading…</p>;
  const next = (
    <button className="primary" onClick={onNext}>
      Register another
    </button>
  );
  if (item === null) return <p className="muted">This registration is no longer on the phone. {next}</p>;
  const { fields } = item.body;
  if (item.state === 'refused')
    return (
      <>
        <p className="error" role="alert">
          Refused: {inWords(item.message ?? 'the server refused this registration')}
        </p>
        <button className="primary" onClick={() => onEdit(item)}>
          Edit and resend
        </button>
        <button
          className="secondary"
          onClick={() =>
            confirm(`Remove the registration of ${fields.fullName} from the phone? The server never recorded it.`) && void remove(item.key).then(onNext)
          }
        >
          Remove
        </button>
      </>
    );
  if (item.state !== 'done')
    return (
      <>
        <p className="success" role="status">
          {QUEUED_NOTE}
        </p>
        <p className="muted">The Unique ID and the sticker show here once the server has the registration.</p>
        {next}
      </>
    );
  const answer = item.result as RegistrationResponse;
  return (
    <>
      <p className="success" role="status">
        {answer.message}
      </p>
      <p className="unique-id">
        Unique ID <strong>{answer.data.userCode}</strong>
      </p>
      <Sticker
        sticker={{
          userCode: answer.data.userCode,
          plateNumber: fields.plateNumber.trim().replace(/\s+/g, ' '),
          vehicleType: fields.vehicleType as VehicleType,
        }}
      />
      {next}
    </>
  );
}
