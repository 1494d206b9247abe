import { useState } from 'react';
import { t } from '../../lib/i18n.ts';
import { readSession } from '../../lib/session.ts';
import { useQueue, type QueueItem } from '../../lib/outbox/index.ts';
import { RegistrationForm, type Draft } from './RegistrationForm.tsx';
import { SentRegistration } from './SentRegistration.tsx';
import { keepForOffline } from './keepForOffline.ts';

// The service worker keeps this screen's code only for registrars, who load it (vite.config.ts).
keepForOffline(import.meta.url);

type RegistrationItem = Extract<QueueItem, { kind: 'registration' }>;

const EMPTY: Draft = { values: {}, photos: {} };

/** The registrar's registrations still on the phone: their stickers, and the refused ones to edit and resend. */
function MyRegistrations({ onOpen }: { onOpen: (key: string) => void }) {
  const agentId = readSession()?.user.id;
  const items = (useQueue() ?? []).filter((item): item is RegistrationItem => item.kind === 'registration' && item.agentId === agentId);
  if (items.length === 0) return null;
  return (
    <section className="my-registrations" aria-label={t('register.onPhone')}>
      <h3>{t('register.onPhone')}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.key} data-state={item.state}>
            <button className="link" onClick={() => onOpen(item.key)} translate="no">
              {item.body.fields.fullName} · {item.body.fields.plateNumber?.toUpperCase()}
            </button>
            <small>{t(`register.state.${item.state}`)}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Registration of a motorist: the form, then the Unique ID and sticker once the server has it. */
export default function RegisterScreen() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [formKey, setFormKey] = useState(0);
  const [shown, setShown] = useState<string>();

  const startOver = (next: Draft) => {
    setDraft(next);
    setFormKey((key) => key + 1);
    setShown(undefined);
  };

  if (shown)
    return (
      <section className="register">
        <SentRegistration
          itemKey={shown}
          onNext={() => startOver(EMPTY)}
          onEdit={(item) => startOver({ values: item.body.fields, photos: item.body.photos, replaces: item.key })}
        />
      </section>
    );
  return (
    <section className="register">
      <RegistrationForm key={formKey} draft={draft} onSent={setShown} />
      <MyRegistrations onOpen={setShown} />
    </section>
  );
}
