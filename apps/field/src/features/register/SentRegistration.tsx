import { useEffect, useState } from 'react';
import type { RegistrationResponse, VehicleType } from '@eticket/contracts';
import { t } from '../../lib/i18n.ts';
import { db, type QueueItem, remove, subscribeQueue } from '../../lib/outbox/index.ts';
import { inWords } from './RegistrationForm.tsx';
import { Sticker } from './Sticker.tsx';

type RegistrationItem = Extract<QueueItem, { kind: 'registration' }>;

/** The server's word for a registration it recorded, said in the phone's language. */
const REGISTERED = 'Motorist registered successfully';

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
  if (item === undefined) return <p className="muted">{t('common.loading')}</p>;
  const next = (
    <button className="primary" onClick={onNext}>
      {t('register.another')}
    </button>
  );
  if (item === null)
    return (
      <p className="muted">
        {t('register.gone')} {next}
      </p>
    );
  const { fields } = item.body;
  if (item.state === 'refused')
    return (
      <>
        <p className="error" role="alert">
          {t('register.refused', { reason: item.message ? inWords(item.message) : t('register.refusedByServer') })}
        </p>
        <button className="primary" onClick={() => onEdit(item)}>
          {t('register.edit')}
        </button>
        <button className="secondary" onClick={() => confirm(t('register.removeConfirm', { name: fields.fullName })) && void remove(item.key).then(onNext)}>
          {t('queue.remove')}
        </button>
      </>
    );
  if (item.state !== 'done')
    return (
      <>
        <p className="success" role="status">
          {t('register.queued')}
        </p>
        <p className="muted">{t('register.stickerLater')}</p>
        {next}
      </>
    );
  const answer = item.result as RegistrationResponse;
  return (
    <>
      <p className="success" role="status">
        {answer.message === REGISTERED ? t('register.registered') : answer.message}
      </p>
      <p className="unique-id">
        {t('common.uniqueId')} <strong translate="no">{answer.data.userCode}</strong>
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
