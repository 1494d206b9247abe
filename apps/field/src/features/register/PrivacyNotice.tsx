import { useEffect, useState } from 'react';
import { privacyEndpoints, type PrivacyNotice as Notice } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

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
    <section className="privacy-notice" aria-label="Privacy notice">
      <h3>Read this to the motorist</h3>
      <p>
        {notice?.levyName ?? 'The levy'} keeps your name, phone, address, date of birth, ID card, photo and vehicle, your payments and where your vehicle is
        checked, to collect the levy and show that you have paid. Your details are erased {notice?.deletedPersonDays ?? 90} days after your registration is
        deleted; payments are kept without your name. You may ask for a copy of everything we hold, to correct it, or to erase it.
      </p>
      <p>
        Data protection officer: <strong>{notice?.dpoContact ?? 'see the privacy page'}</strong> · {location.origin}/privacy
      </p>
      <label className="check">
        <input type="checkbox" name="privacyNoticeGiven" checked={given} onChange={(e) => onGiven(e.target.checked)} /> Notice given *
      </label>
    </section>
  );
}
