import { useEffect, useState } from 'react';
import { privacyEndpoints, type PrivacyNotice as Notice } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import { t } from '../../lib/i18n.ts';

const KEY = 'privacyNotice';

function keptNotice(): Notice | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Notice | null;
  } catch {
    return null;
  }
}

/** The notice's settings (levy, DPO contact, retention): from the server when online, kept for offline use. */
function useNotice(): Notice | null {
  const [notice, setNotice] = useState<Notice | null>(keptNotice);
  useEffect(() => {
    let current = true;
    call(privacyEndpoints.notice, {})
      .then(({ data }) => {
        localStorage.setItem(KEY, JSON.stringify(data));
        if (current) setNotice(data);
      })
      .catch(() => undefined); // offline: the kept copy, or the notice without the contact
    return () => {
      current = false;
    };
  }, []);
  return notice;
}

/**
 * The short notice the registrar reads to the motorist before taking their details (issue 46), and
 * the required "Notice given" tick, sent with the registration as privacyNoticeGiven and recorded.
 */
export function PrivacyNotice({ given, onGiven }: { given: boolean; onGiven: (given: boolean) => void }) {
  const notice = useNotice();
  return (
    <section className="privacy-notice" aria-label={t('privacy.label')}>
      <h3>{t('privacy.title')}</h3>
      <p>{t('privacy.text', { levy: notice?.levyName ?? t('privacy.theLevy'), days: notice?.deletedPersonDays ?? 90 })}</p>
      <p>
        {t('privacy.dpo')} <strong translate={notice?.dpoContact ? 'no' : undefined}>{notice?.dpoContact ?? t('privacy.seePage')}</strong> ·{' '}
        <span translate="no">{location.origin}/privacy</span>
      </p>
      <label className="check">
        <input type="checkbox" name="privacyNoticeGiven" checked={given} onChange={(e) => onGiven(e.target.checked)} />{' '}
        {t('register.required', { field: t('register.field.privacyNoticeGiven') })}
      </label>
    </section>
  );
}
